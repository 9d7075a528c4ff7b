// The seeded strategy products (main's earn seed inserts them): a grid on BTCUSDT and a
// moving-average trend on ETHUSDT. Names, descriptions and risk notices in every language;
// the rules text comes from strategyRules() with these parameters. No rate is shown or
// promised (rateBasis "historical": only past results exist).
import type { EarnProductInput } from "@candor/contract";

const RISK: Record<string, string> = {
  "en-us":
    "This strategy trades your money on the market. Its value goes up and down with the price and can end below what you put in; every trade pays the spot fee. Past results do not predict future ones, and no return is promised. Only put in money you can afford to lose.",
  ko: "이 전략은 귀하의 자금으로 시장에서 거래합니다. 평가 금액은 가격에 따라 오르내리며 투자한 금액보다 낮게 끝날 수 있고, 모든 거래에 현물 수수료가 부과됩니다. 과거 결과는 미래 결과를 예측하지 않으며, 어떤 수익도 약속하지 않습니다. 잃어도 감당할 수 있는 금액만 투자하세요.",
  jp: "この戦略はお客様の資金で市場取引を行います。評価額は価格とともに上下し、投資額を下回って終わることがあります。すべての取引に現物手数料がかかります。過去の結果は将来の結果を示すものではなく、収益は約束されていません。失っても困らない資金だけを投資してください。",
  tai: "กลยุทธ์นี้นำเงินของคุณไปซื้อขายในตลาด มูลค่าจะขึ้นลงตามราคาและอาจจบลงต่ำกว่าจำนวนที่คุณลงไป ทุกการซื้อขายมีค่าธรรมเนียมสปอต ผลลัพธ์ในอดีตไม่ได้บ่งบอกผลลัพธ์ในอนาคต และไม่มีการสัญญาผลตอบแทนใด ๆ โปรดลงเฉพาะเงินที่คุณรับการสูญเสียได้",
  mlxy: "Strategi ini mendagangkan wang anda di pasaran. Nilainya naik dan turun mengikut harga dan boleh berakhir di bawah jumlah yang anda masukkan; setiap dagangan dikenakan yuran spot. Keputusan lalu tidak meramalkan keputusan akan datang, dan tiada pulangan dijanjikan. Masukkan hanya wang yang anda mampu kehilangan.",
  vl: "Chiến lược này dùng tiền của bạn để giao dịch trên thị trường. Giá trị tăng giảm theo giá và có thể kết thúc thấp hơn số tiền bạn bỏ vào; mỗi giao dịch đều chịu phí giao ngay. Kết quả trong quá khứ không dự báo kết quả tương lai, và không có lợi nhuận nào được hứa hẹn. Chỉ bỏ vào số tiền bạn có thể chấp nhận mất.",
  xi: "Esta estrategia opera con su dinero en el mercado. Su valor sube y baja con el precio y puede terminar por debajo de lo que puso; cada operación paga la comisión al contado. Los resultados pasados no predicen los futuros y no se promete ningún rendimiento. Ponga solo dinero que pueda permitirse perder.",
  "zh-cn":
    "此策略使用您的資金在市場上交易。其價值隨價格漲跌，結束時可能低於您投入的金額；每筆交易都收取現貨手續費。過去的結果不能預示未來的結果，也不承諾任何收益。請只投入您能承受損失的資金。",
};

export const QUANT_SEED_PRODUCTS: EarnProductInput[] = [
  {
    type: "quant",
    name: {
      "en-us": "Grid strategy · BTC/USDT",
      ko: "그리드 전략 · BTC/USDT",
      jp: "グリッド戦略 · BTC/USDT",
      tai: "กลยุทธ์กริด · BTC/USDT",
      mlxy: "Strategi grid · BTC/USDT",
      vl: "Chiến lược lưới · BTC/USDT",
      xi: "Estrategia de cuadrícula · BTC/USDT",
      "zh-cn": "網格策略 · BTC/USDT",
    },
    description: {
      "en-us":
        "Buys BTC in equal parts as the price falls through set levels and sells each part one level higher, within ±5% of the price when you start. It does well when the price moves up and down within the range, and loses value when the price falls and stays low.",
      ko: "가격이 정해진 구간을 따라 내려갈 때 BTC를 같은 몫으로 사고, 각 몫을 한 구간 위에서 팝니다. 범위는 시작 가격의 ±5%입니다. 가격이 범위 안에서 오르내릴 때 유리하고, 가격이 떨어진 채로 머물면 평가 금액이 줄어듭니다.",
      jp: "価格が設定ラインを下回るたびに BTC を等分で買い、それぞれを一つ上のラインで売ります。範囲は開始時の価格の ±5% です。価格が範囲内で上下するときに有利で、価格が下がったままだと評価額が減ります。",
      tai: "ซื้อ BTC เป็นส่วนเท่า ๆ กันเมื่อราคาลงผ่านระดับที่กำหนด และขายแต่ละส่วนที่ระดับสูงขึ้นไปหนึ่งขั้น ภายในช่วง ±5% ของราคาตอนเริ่ม เหมาะเมื่อราคาขึ้นลงอยู่ในช่วง และมูลค่าจะลดลงเมื่อราคาตกแล้วไม่กลับขึ้นมา",
      mlxy: "Membeli BTC dalam bahagian yang sama apabila harga jatuh melalui paras yang ditetapkan dan menjual setiap bahagian satu paras lebih tinggi, dalam julat ±5% daripada harga semasa anda bermula. Ia berprestasi baik apabila harga naik turun dalam julat, dan nilainya menurun apabila harga jatuh dan kekal rendah.",
      vl: "Mua BTC theo từng phần bằng nhau khi giá giảm qua các mức đã đặt và bán mỗi phần ở mức cao hơn một bậc, trong phạm vi ±5% quanh giá lúc bạn bắt đầu. Chiến lược có lợi khi giá lên xuống trong phạm vi, và giảm giá trị khi giá giảm rồi ở mức thấp.",
      xi: "Compra BTC en partes iguales cuando el precio baja por niveles fijados y vende cada parte un nivel más arriba, dentro de un ±5% del precio al empezar. Funciona bien cuando el precio sube y baja dentro del rango, y pierde valor cuando el precio cae y se queda bajo.",
      "zh-cn":
        "價格跌穿設定的價格線時，以相等份額買入 BTC，並在高一條價格線時賣出每一份，範圍為開始時價格的 ±5%。價格在區間內上下波動時較有利；價格下跌後維持低位時，價值會減少。",
    },
    riskNotice: RISK,
    currency: "USDT",
    termDays: 30,
    dailyRate: null,
    minAmount: "100",
    maxAmount: "50000",
    perCustomerLimit: "100000",
    vipLevel: 0,
    earlyRedemption: false,
    strategy: "grid",
    symbol: "BTCUSDT",
    params: { rangePct: "0.05", levels: 11 },
  },
  {
    type: "quant",
    name: {
      "en-us": "Trend strategy · ETH/USDT",
      ko: "추세 전략 · ETH/USDT",
      jp: "トレンド戦略 · ETH/USDT",
      tai: "กลยุทธ์เทรนด์ · ETH/USDT",
      mlxy: "Strategi trend · ETH/USDT",
      vl: "Chiến lược xu hướng · ETH/USDT",
      xi: "Estrategia de tendencia · ETH/USDT",
      "zh-cn": "趨勢策略 · ETH/USDT",
    },
    description: {
      "en-us":
        "Holds ETH while its short-term average price (7 candles of 15 minutes) is above its longer-term average (25 candles), and holds USDT while it is below. It does well in long moves and loses value when the price turns back and forth.",
      ko: "단기 평균 가격(15분 캔들 7개)이 장기 평균(캔들 25개)보다 높은 동안 ETH를 보유하고, 낮은 동안 USDT를 보유합니다. 한 방향으로 길게 움직일 때 유리하고, 가격이 오르내리며 방향을 자주 바꾸면 평가 금액이 줄어듭니다.",
      jp: "短期の平均価格（15 分足 7 本）が長期の平均（25 本）を上回っている間は ETH を持ち、下回っている間は USDT を持ちます。一方向への大きな動きで有利になり、価格が行ったり来たりすると評価額が減ります。",
      tai: "ถือ ETH ขณะที่ราคาเฉลี่ยระยะสั้น (แท่งเทียน 15 นาที 7 แท่ง) อยู่เหนือค่าเฉลี่ยระยะยาว (25 แท่ง) และถือ USDT ขณะที่อยู่ต่ำกว่า เหมาะกับช่วงที่ราคาวิ่งไปทางเดียวนาน ๆ และมูลค่าจะลดลงเมื่อราคากลับไปกลับมา",
      mlxy: "Memegang ETH selagi purata harga jangka pendek (7 lilin 15 minit) berada di atas purata jangka panjang (25 lilin), dan memegang USDT selagi ia di bawah. Ia berprestasi baik dalam pergerakan panjang dan nilainya menurun apabila harga berpatah balik berulang kali.",
      vl: "Giữ ETH khi giá trung bình ngắn hạn (7 nến 15 phút) cao hơn trung bình dài hạn (25 nến), và giữ USDT khi thấp hơn. Chiến lược có lợi khi giá đi dài theo một hướng và giảm giá trị khi giá đảo chiều qua lại.",
      xi: "Mantiene ETH mientras su precio medio a corto plazo (7 velas de 15 minutos) está por encima del de largo plazo (25 velas), y USDT mientras está por debajo. Funciona bien en movimientos largos y pierde valor cuando el precio va y viene.",
      "zh-cn":
        "短期平均價格（7 根 15 分鐘 K 線）高於長期平均（25 根）時持有 ETH，低於時持有 USDT。價格朝單一方向長時間移動時較有利；價格來回反覆時，價值會減少。",
    },
    riskNotice: RISK,
    currency: "USDT",
    termDays: 30,
    dailyRate: null,
    minAmount: "100",
    maxAmount: "50000",
    perCustomerLimit: "100000",
    vipLevel: 0,
    earlyRedemption: false,
    strategy: "trend",
    symbol: "ETHUSDT",
    params: { interval: "15m", fast: 7, slow: 25 },
  },
];
