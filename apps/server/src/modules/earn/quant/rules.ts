// The strategies' rules in plain words, in every language, with the product's actual
// parameters filled in (EarnProduct.rules). No promised rate: results can be negative.
import { DEFAULT_LANG, GridParams, type Lang, type Translations, TrendParams } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";

const GRID: Translations = {
  "en-us":
    "Grid on {symbol}. When you start, the strategy sets {levels} price levels evenly from {range}% below to {range}% above the {symbol} price at that moment. Your amount is split into equal parts, one for each level above the lowest one and below the starting price. When the ask falls to such a level, it buys {base} with that level's part; when the bid later rises to the next level up, it sells that {base}. Outside the range it does not trade and keeps what it holds.",
  ko: "{symbol} 그리드. 시작하는 순간의 {symbol} 가격을 기준으로 {range}% 아래부터 {range}% 위까지 {levels}개의 가격 구간을 균등하게 정합니다. 투자 금액은 가장 낮은 구간보다 높고 시작 가격보다 낮은 구간 수만큼 같은 몫으로 나뉩니다. 매도 호가(ask)가 그런 구간까지 내려오면 그 구간의 몫으로 {base}를 사고, 이후 매수 호가(bid)가 바로 위 구간까지 오르면 그 {base}를 팝니다. 범위를 벗어나면 거래하지 않고 보유분을 그대로 둡니다.",
  jp: "{symbol} のグリッド。開始時点の {symbol} 価格の {range}% 下から {range}% 上まで、{levels} 本の価格ラインを均等に設定します。投資額は、最も低いラインより上で開始価格より下にあるラインの数で等分されます。売値（ask）がそのラインまで下がると、そのラインの分で {base} を買い、その後買値（bid）が一つ上のラインまで上がると、その {base} を売ります。範囲の外では取引せず、保有分をそのまま持ちます。",
  tai: "กริดบน {symbol} เมื่อเริ่ม กลยุทธ์จะกำหนดระดับราคา {levels} ระดับ เว้นระยะเท่ากันตั้งแต่ต่ำกว่า {range}% ถึงสูงกว่า {range}% ของราคา {symbol} ในขณะนั้น จำนวนเงินของคุณจะแบ่งเป็นส่วนเท่ากัน ส่วนละหนึ่งระดับที่อยู่สูงกว่าระดับต่ำสุดและต่ำกว่าราคาเริ่มต้น เมื่อราคาเสนอขาย (ask) ลงมาถึงระดับนั้น จะซื้อ {base} ด้วยส่วนของระดับนั้น และเมื่อราคาเสนอซื้อ (bid) ขึ้นไปถึงระดับถัดไปด้านบน จะขาย {base} นั้น หากราคาอยู่นอกช่วงจะไม่ซื้อขายและคงสิ่งที่ถืออยู่ไว้",
  mlxy: "Grid pada {symbol}. Apabila anda bermula, strategi menetapkan {levels} paras harga secara sekata dari {range}% di bawah hingga {range}% di atas harga {symbol} pada saat itu. Jumlah anda dibahagikan kepada bahagian yang sama, satu untuk setiap paras di atas paras terendah dan di bawah harga permulaan. Apabila harga tawaran jual (ask) jatuh ke paras itu, ia membeli {base} dengan bahagian paras tersebut; apabila harga bida (bid) kemudian naik ke paras seterusnya di atas, ia menjual {base} itu. Di luar julat ia tidak berdagang dan menyimpan apa yang dipegang.",
  vl: "Lưới trên {symbol}. Khi bắt đầu, chiến lược đặt {levels} mức giá cách đều từ thấp hơn {range}% đến cao hơn {range}% so với giá {symbol} lúc đó. Số tiền của bạn được chia thành các phần bằng nhau, mỗi phần cho một mức nằm trên mức thấp nhất và dưới giá bắt đầu. Khi giá bán (ask) giảm xuống một mức như vậy, chiến lược mua {base} bằng phần của mức đó; khi giá mua (bid) sau đó tăng lên mức kế tiếp phía trên, chiến lược bán số {base} đó. Ngoài phạm vi, chiến lược không giao dịch và giữ nguyên những gì đang nắm giữ.",
  xi: "Cuadrícula en {symbol}. Al empezar, la estrategia fija {levels} niveles de precio repartidos por igual desde un {range}% por debajo hasta un {range}% por encima del precio de {symbol} en ese momento. Su importe se divide en partes iguales, una por cada nivel por encima del más bajo y por debajo del precio inicial. Cuando el precio de venta (ask) baja a uno de esos niveles, compra {base} con la parte de ese nivel; cuando después el precio de compra (bid) sube al nivel siguiente, vende ese {base}. Fuera del rango no opera y conserva lo que tiene.",
  "zh-cn":
    "{symbol} 網格。開始時，策略以當下 {symbol} 價格為準，從低於 {range}% 到高於 {range}% 之間平均設定 {levels} 條價格線。您的金額按高於最低價格線、低於開始價格的價格線數量平均分成數份。當賣價（ask）跌到某條價格線時，用該線的份額買入 {base}；之後買價（bid）升到上一條價格線時，賣出這些 {base}。價格在區間之外時不交易，保留現有持倉。",
};

const TREND: Translations = {
  "en-us":
    "Trend on {symbol}. On {interval} candles the strategy compares the average closing price of the last {fast} candles with that of the last {slow}. When the short average crosses above the long one, it buys {base} with all the cash; when it crosses below, it sells all the {base}. It acts only at a cross, not while one average stays above the other, and not before {slow} candles have closed.",
  ko: "{symbol} 추세. {interval} 캔들에서 최근 {fast}개 캔들의 평균 종가와 최근 {slow}개 캔들의 평균 종가를 비교합니다. 짧은 평균이 긴 평균을 위로 넘어서면 현금 전부로 {base}를 사고, 아래로 내려가면 {base}를 전부 팝니다. 두 평균이 교차할 때만 거래하며, 한 평균이 계속 위에 있는 동안이나 {slow}개 캔들이 마감되기 전에는 거래하지 않습니다.",
  jp: "{symbol} のトレンド。{interval} 足で、直近 {fast} 本の終値の平均と直近 {slow} 本の終値の平均を比べます。短い平均が長い平均を上に抜けると現金のすべてで {base} を買い、下に抜けると {base} をすべて売ります。取引するのは平均が交差したときだけで、一方が上にあり続ける間や、{slow} 本の足が確定する前は取引しません。",
  tai: "เทรนด์บน {symbol} บนแท่งเทียน {interval} กลยุทธ์จะเปรียบเทียบราคาปิดเฉลี่ยของ {fast} แท่งล่าสุดกับของ {slow} แท่งล่าสุด เมื่อค่าเฉลี่ยสั้นตัดขึ้นเหนือค่าเฉลี่ยยาว จะซื้อ {base} ด้วยเงินสดทั้งหมด เมื่อตัดลงต่ำกว่า จะขาย {base} ทั้งหมด จะซื้อขายเฉพาะตอนที่เส้นตัดกันเท่านั้น ไม่ซื้อขายระหว่างที่เส้นหนึ่งยังอยู่เหนืออีกเส้น และไม่ซื้อขายก่อนที่แท่งเทียนจะปิดครบ {slow} แท่ง",
  mlxy: "Trend pada {symbol}. Pada lilin {interval}, strategi membandingkan purata harga tutup {fast} lilin terakhir dengan purata {slow} lilin terakhir. Apabila purata pendek melintas ke atas purata panjang, ia membeli {base} dengan semua tunai; apabila ia melintas ke bawah, ia menjual semua {base}. Ia hanya bertindak semasa lintasan, bukan selagi satu purata kekal di atas yang lain, dan tidak sebelum {slow} lilin ditutup.",
  vl: "Xu hướng trên {symbol}. Trên nến {interval}, chiến lược so sánh giá đóng cửa trung bình của {fast} nến gần nhất với của {slow} nến gần nhất. Khi đường trung bình ngắn cắt lên trên đường dài, chiến lược mua {base} bằng toàn bộ tiền mặt; khi cắt xuống dưới, chiến lược bán toàn bộ {base}. Chiến lược chỉ giao dịch khi hai đường cắt nhau, không giao dịch khi một đường vẫn nằm trên đường kia, và không giao dịch trước khi {slow} nến đã đóng.",
  xi: "Tendencia en {symbol}. En velas de {interval}, la estrategia compara el precio de cierre medio de las últimas {fast} velas con el de las últimas {slow}. Cuando la media corta cruza por encima de la larga, compra {base} con todo el efectivo; cuando cruza por debajo, vende todo el {base}. Solo opera en el cruce, no mientras una media sigue por encima de la otra, y no antes de que hayan cerrado {slow} velas.",
  "zh-cn":
    "{symbol} 趨勢。在 {interval} K 線上，策略比較最近 {fast} 根 K 線的平均收盤價與最近 {slow} 根的平均收盤價。短均線向上穿越長均線時，用全部現金買入 {base}；向下穿越時，賣出全部 {base}。只在兩條均線交叉時交易，一條均線持續在另一條之上時不交易，{slow} 根 K 線收盤之前也不交易。",
};

const COMMON: Translations = {
  "en-us":
    "Every buy and sell is a spot trade at the live bid/ask and pays the spot fee ({fee}% of the trade value). Your value is the cash plus the {base} held at the current bid, and it can fall below what you put in. You can stop at any time: what is held is sold at the bid and the value returns to your available balance; the same happens at the end of the term. Past results do not predict future ones, and no return is promised.",
  ko: "모든 매수와 매도는 실시간 매수/매도 호가로 체결되는 현물 거래이며 현물 수수료(거래 금액의 {fee}%)가 부과됩니다. 평가 금액은 현금에 보유한 {base}를 현재 매수 호가로 계산한 값을 더한 것이며, 투자한 금액보다 낮아질 수 있습니다. 언제든 중지할 수 있습니다. 중지하면 보유분을 매수 호가로 팔고 평가 금액이 사용 가능 잔액으로 돌아오며, 기간이 끝날 때도 같습니다. 과거 결과는 미래 결과를 예측하지 않으며, 어떤 수익도 약속하지 않습니다.",
  jp: "すべての売買は、リアルタイムの買値/売値で行う現物取引で、現物手数料（取引金額の {fee}%）がかかります。評価額は現金と、保有する {base} を現在の買値で評価した額の合計で、投資額を下回ることがあります。いつでも停止できます。停止すると保有分を買値で売り、評価額が利用可能残高に戻ります。期間終了時も同じです。過去の結果は将来の結果を示すものではなく、収益は約束されていません。",
  tai: "การซื้อและขายทุกครั้งเป็นการซื้อขายสปอตที่ราคา bid/ask ปัจจุบัน และมีค่าธรรมเนียมสปอต ({fee}% ของมูลค่าการซื้อขาย) มูลค่าของคุณคือเงินสดรวมกับ {base} ที่ถืออยู่คิดตามราคา bid ปัจจุบัน และอาจต่ำกว่าจำนวนที่คุณลงไป คุณหยุดได้ทุกเมื่อ สิ่งที่ถืออยู่จะถูกขายที่ราคา bid และมูลค่าจะกลับเข้ายอดคงเหลือที่ใช้ได้ และจะเป็นเช่นเดียวกันเมื่อครบระยะเวลา ผลลัพธ์ในอดีตไม่ได้บ่งบอกผลลัพธ์ในอนาคต และไม่มีการสัญญาผลตอบแทนใด ๆ",
  mlxy: "Setiap belian dan jualan ialah dagangan spot pada harga bida/tawaran semasa dan dikenakan yuran spot ({fee}% daripada nilai dagangan). Nilai anda ialah tunai ditambah {base} yang dipegang pada harga bida semasa, dan ia boleh jatuh di bawah jumlah yang anda masukkan. Anda boleh berhenti pada bila-bila masa: apa yang dipegang dijual pada harga bida dan nilainya kembali ke baki tersedia anda; perkara yang sama berlaku pada akhir tempoh. Keputusan lalu tidak meramalkan keputusan akan datang, dan tiada pulangan dijanjikan.",
  vl: "Mỗi lần mua và bán là một giao dịch giao ngay theo giá mua/bán hiện tại và chịu phí giao ngay ({fee}% giá trị giao dịch). Giá trị của bạn là tiền mặt cộng với số {base} đang nắm giữ tính theo giá mua (bid) hiện tại, và có thể thấp hơn số tiền bạn đã bỏ vào. Bạn có thể dừng bất cứ lúc nào: những gì đang nắm giữ được bán theo giá bid và giá trị trở về số dư khả dụng; điều tương tự xảy ra khi hết kỳ hạn. Kết quả trong quá khứ không dự báo kết quả tương lai, và không có lợi nhuận nào được hứa hẹn.",
  xi: "Cada compra y venta es una operación al contado al precio de compra/venta en vivo y paga la comisión al contado ({fee}% del valor de la operación). Su valor es el efectivo más el {base} que tiene al precio de compra (bid) actual, y puede quedar por debajo de lo que puso. Puede detenerla en cualquier momento: lo que tiene se vende al bid y el valor vuelve a su saldo disponible; lo mismo ocurre al final del plazo. Los resultados pasados no predicen los futuros y no se promete ningún rendimiento.",
  "zh-cn":
    "每次買入和賣出都是按即時買賣價成交的現貨交易，並收取現貨手續費（成交金額的 {fee}%）。您的價值是現金加上所持 {base} 按當前買價計算的金額，可能低於您投入的金額。您可以隨時停止：持倉會按買價賣出，價值回到您的可用餘額；期限結束時也是如此。過去的結果不能預示未來的結果，也不承諾任何收益。",
};

/** A product's strategy settings as stored (unchecked: an incomplete one has no rules). */
export interface StrategyDefinition {
  strategy?: string;
  symbol?: string;
  params?: unknown;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

const pick = (t: Translations, lang: Lang) => t[lang] ?? t[DEFAULT_LANG];

/**
 * The rules of a quant product in plain words, with its parameters: symbol, range and
 * levels (grid) or candle interval and averages (trend), and the spot fee rate.
 * Empty for a product that is not a complete strategy.
 */
export function strategyRules(product: StrategyDefinition, lang: Lang, feeRate = "0.001"): string {
  const symbol = product.symbol ?? "";
  const base = symbol.endsWith("USDT") ? symbol.slice(0, -4) : symbol;
  const common = { symbol, base, fee: toMoneyString(dec(feeRate).mul(100)) };
  const grid = product.strategy === "grid" ? GridParams.safeParse(product.params) : null;
  const trend = product.strategy === "trend" ? TrendParams.safeParse(product.params) : null;
  let body: string;
  if (grid?.success) {
    const p = grid.data;
    body = fill(pick(GRID, lang), { ...common, levels: p.levels, range: toMoneyString(dec(p.rangePct).mul(100)) });
  } else if (trend?.success) {
    const p = trend.data;
    body = fill(pick(TREND, lang), { ...common, interval: p.interval, fast: p.fast, slow: p.slow });
  } else {
    return "";
  }
  return `${body} ${fill(pick(COMMON, lang), common)}`;
}
