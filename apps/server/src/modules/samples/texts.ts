// The customer-facing texts of the sandbox samples, in the eight app languages (docs/product.md
// "Languages"). Every project and contest says it is a sandbox sample: no real issuer, no real
// money in the contest; no promise of a return (docs/product.md §1.3).
type Texts = Record<string, string>;

/** One text per language code, in the app's order. */
const t = (
  en: string,
  ko: string,
  jp: string,
  tai: string,
  mlxy: string,
  vl: string,
  xi: string,
  zh: string,
): Texts => ({ "en-us": en, ko, jp, tai, mlxy, vl, xi, "zh-cn": zh });

const SAMPLE_NOTE = t(
  "Sandbox sample: a made-up project, for trying out the IEO screens.",
  "샌드박스 예시: IEO 화면을 체험해 보기 위한 가상의 프로젝트입니다.",
  "サンドボックスの例：IEO 画面を試すための架空のプロジェクトです。",
  "ตัวอย่างในแซนด์บ็อกซ์: โครงการสมมติสำหรับทดลองใช้หน้าจอ IEO",
  "Contoh kotak pasir: projek rekaan untuk mencuba skrin IEO.",
  "Ví dụ trong sandbox: một dự án giả định để dùng thử các màn hình IEO.",
  "Ejemplo del entorno de pruebas: un proyecto inventado para probar las pantallas de IEO.",
  "沙盒示範：虛構的項目，用於試用 IEO 畫面。",
);

/** "<what the project does> <sample note>" in every language. */
const withNote = (what: Texts): Texts =>
  Object.fromEntries(Object.entries(what).map(([lang, text]) => [lang, `${text} ${SAMPLE_NOTE[lang]}`]));

export const IEO_RISK = t(
  "A new token can lose most or all of its value. After listing its price is set by trading, not by the issue price, and it may be hard to sell. Winning the draw only gives the right to buy at the issue price. Only put in money you can afford to lose.",
  "새 토큰은 가치의 대부분 또는 전부를 잃을 수 있습니다. 상장 후 가격은 발행 가격이 아니라 거래로 정해지며, 팔기 어려울 수 있습니다. 추첨에 당첨되면 발행 가격으로 살 수 있는 권리만 생깁니다. 잃어도 감당할 수 있는 금액만 투자하세요.",
  "新しいトークンは価値の大半またはすべてを失うことがあります。上場後の価格は発行価格ではなく取引で決まり、売却が難しい場合があります。抽選に当たると発行価格で購入できる権利が得られるだけです。失っても困らない資金だけを投資してください。",
  "โทเค็นใหม่อาจสูญเสียมูลค่าส่วนใหญ่หรือทั้งหมด หลังเข้าจดทะเบียน ราคาจะกำหนดโดยการซื้อขาย ไม่ใช่ราคาที่ออก และอาจขายได้ยาก การถูกรางวัลจับฉลากให้เพียงสิทธิ์ซื้อในราคาที่ออกเท่านั้น โปรดลงเฉพาะเงินที่คุณรับการสูญเสียได้",
  "Token baharu boleh kehilangan sebahagian besar atau semua nilainya. Selepas disenaraikan, harganya ditentukan oleh dagangan, bukan harga terbitan, dan ia mungkin sukar dijual. Menang cabutan hanya memberi hak untuk membeli pada harga terbitan. Masukkan hanya wang yang anda mampu kehilangan.",
  "Token mới có thể mất phần lớn hoặc toàn bộ giá trị. Sau khi niêm yết, giá do giao dịch quyết định chứ không phải giá phát hành, và có thể khó bán. Trúng bốc thăm chỉ cho quyền mua với giá phát hành. Chỉ bỏ vào số tiền bạn có thể chấp nhận mất.",
  "Un token nuevo puede perder la mayor parte o la totalidad de su valor. Tras la cotización, su precio lo fija la negociación, no el precio de emisión, y puede ser difícil de vender. Ganar el sorteo solo da derecho a comprar al precio de emisión. Ponga solo dinero que pueda permitirse perder.",
  "新代幣可能損失大部分或全部價值。上市後價格由交易決定，而非發行價，且可能難以賣出。抽籤中籤只代表有權以發行價購買。請只投入您能承受損失的資金。",
);

export interface IeoSampleTexts {
  name: Texts;
  description: Texts;
}

export const IEO_TEXTS = {
  upcoming: {
    name: t(
      "Windmere Energy Credits",
      "윈드미어 에너지 크레딧",
      "ウィンドミア・エナジー・クレジット",
      "วินด์เมียร์ เอนเนอร์จี เครดิต",
      "Kredit Tenaga Windmere",
      "Tín chỉ năng lượng Windmere",
      "Créditos de Energía Windmere",
      "溫德米爾能源點數",
    ),
    description: withNote(
      t(
        "A token for trading renewable-energy certificates between small wind farms.",
        "소규모 풍력 발전소 간 재생에너지 인증서 거래를 위한 토큰입니다.",
        "小規模風力発電所どうしで再生可能エネルギー証書を取引するためのトークンです。",
        "โทเค็นสำหรับซื้อขายใบรับรองพลังงานหมุนเวียนระหว่างฟาร์มกังหันลมขนาดเล็ก",
        "Token untuk memperdagangkan sijil tenaga boleh baharu antara ladang angin kecil.",
        "Token để giao dịch chứng chỉ năng lượng tái tạo giữa các trang trại điện gió nhỏ.",
        "Un token para intercambiar certificados de energía renovable entre pequeños parques eólicos.",
        "用於小型風電場之間交易再生能源憑證的代幣。",
      ),
    ),
  },
  issuing: {
    name: t(
      "Tidepool Logistics",
      "타이드풀 로지스틱스",
      "タイドプール・ロジスティクス",
      "ไทด์พูล โลจิสติกส์",
      "Logistik Tidepool",
      "Tidepool Logistics",
      "Tidepool Logística",
      "潮池物流",
    ),
    description: withNote(
      t(
        "A token for booking and paying shared container space on coastal shipping routes.",
        "연안 항로의 공유 컨테이너 공간을 예약하고 결제하기 위한 토큰입니다.",
        "沿岸航路の共有コンテナスペースを予約して支払うためのトークンです。",
        "โทเค็นสำหรับจองและชำระค่าพื้นที่ตู้คอนเทนเนอร์ร่วมในเส้นทางเดินเรือชายฝั่ง",
        "Token untuk menempah dan membayar ruang kontena kongsi di laluan perkapalan pesisir.",
        "Token để đặt chỗ và thanh toán không gian container dùng chung trên các tuyến vận tải ven biển.",
        "Un token para reservar y pagar espacio compartido en contenedores en rutas de cabotaje.",
        "用於預訂並支付沿海航線共享貨櫃空間的代幣。",
      ),
    ),
  },
  drawn: {
    name: t(
      "Orchard Data Network",
      "오처드 데이터 네트워크",
      "オーチャード・データ・ネットワーク",
      "ออร์ชาร์ด ดาต้า เน็ตเวิร์ก",
      "Rangkaian Data Orchard",
      "Mạng dữ liệu Orchard",
      "Red de Datos Orchard",
      "果園數據網路",
    ),
    description: withNote(
      t(
        "A token that pays farmers for sharing soil and weather readings from their sensors.",
        "농부가 센서의 토양 및 기상 측정값을 공유하면 보상하는 토큰입니다.",
        "農家がセンサーの土壌・気象データを共有すると報酬が支払われるトークンです。",
        "โทเค็นที่จ่ายให้เกษตรกรเมื่อแบ่งปันค่าดินและสภาพอากาศจากเซนเซอร์ของตน",
        "Token yang membayar petani kerana berkongsi bacaan tanah dan cuaca daripada sensor mereka.",
        "Token trả cho nông dân khi chia sẻ số đo đất và thời tiết từ cảm biến của họ.",
        "Un token que paga a los agricultores por compartir las lecturas de suelo y clima de sus sensores.",
        "農民分享感測器的土壤與天氣數據即可獲得報酬的代幣。",
      ),
    ),
  },
  listed: {
    name: t(
      "Lanternfish Games",
      "랜턴피시 게임즈",
      "ランタンフィッシュ・ゲームズ",
      "แลนเทิร์นฟิช เกมส์",
      "Permainan Lanternfish",
      "Lanternfish Games",
      "Lanternfish Juegos",
      "燈籠魚遊戲",
    ),
    description: withNote(
      t(
        "A token used for in-game items across a small studio's puzzle games.",
        "한 소규모 스튜디오의 퍼즐 게임 전반에서 게임 아이템에 쓰이는 토큰입니다.",
        "小さなスタジオのパズルゲーム全体でゲーム内アイテムに使われるトークンです。",
        "โทเค็นที่ใช้ซื้อไอเทมในเกมปริศนาทุกเกมของสตูดิโอขนาดเล็กแห่งหนึ่ง",
        "Token yang digunakan untuk item dalam permainan merentas permainan teka-teki sebuah studio kecil.",
        "Token dùng cho vật phẩm trong các trò chơi giải đố của một studio nhỏ.",
        "Un token para objetos dentro del juego en los juegos de rompecabezas de un pequeño estudio.",
        "一家小型工作室旗下益智遊戲通用的遊戲內道具代幣。",
      ),
    ),
  },
} satisfies Record<string, IeoSampleTexts>;

export const CONTEST_RULES = t(
  "Sandbox sample contest. Contest funds are virtual (CUSDT), never real money, and go back when the contest ends. Entries are ranked by yield on the entry funds; ties go to the earlier entry. An entry needs at least one closed trade to win a prize. Prizes are paid in USDT at the end, by the prize split shown. Trading can lose; the ranking shows losses too.",
  "샌드박스 예시 대회입니다. 대회 자금은 가상(CUSDT)이며 실제 돈이 아니고, 대회가 끝나면 회수됩니다. 참가자는 참가 자금 대비 수익률로 순위가 매겨지며, 동률이면 먼저 참가한 사람이 앞섭니다. 상금을 받으려면 청산된 거래가 하나 이상 있어야 합니다. 상금은 종료 시 표시된 배분에 따라 USDT로 지급됩니다. 거래는 손실이 날 수 있으며, 순위에도 손실이 표시됩니다.",
  "サンドボックスの例示コンテストです。コンテスト資金は仮想（CUSDT）で実際のお金ではなく、終了時に回収されます。参加資金に対する利回りで順位を決め、同率の場合は先に参加した人が上位です。賞金を受け取るには決済済みの取引が 1 件以上必要です。賞金は終了時に表示の配分で USDT で支払われます。取引では損失が出ることがあり、順位にも損失が表示されます。",
  "การแข่งขันตัวอย่างในแซนด์บ็อกซ์ เงินในการแข่งขันเป็นเงินเสมือน (CUSDT) ไม่ใช่เงินจริง และจะถูกเรียกคืนเมื่อการแข่งขันจบ จัดอันดับตามผลตอบแทนต่อเงินที่ได้รับตอนเข้าร่วม หากเท่ากัน ผู้ที่เข้าร่วมก่อนได้อันดับดีกว่า ต้องมีการซื้อขายที่ปิดแล้วอย่างน้อยหนึ่งรายการจึงจะได้รางวัล รางวัลจ่ายเป็น USDT เมื่อจบการแข่งขันตามสัดส่วนที่แสดง การซื้อขายอาจขาดทุน และอันดับจะแสดงผลขาดทุนด้วย",
  "Peraduan contoh kotak pasir. Dana peraduan adalah maya (CUSDT), bukan wang sebenar, dan dipulangkan apabila peraduan tamat. Penyertaan disusun mengikut hasil atas dana penyertaan; jika seri, penyertaan lebih awal didahulukan. Penyertaan memerlukan sekurang-kurangnya satu dagangan yang ditutup untuk memenangi hadiah. Hadiah dibayar dalam USDT pada akhir peraduan mengikut pembahagian yang ditunjukkan. Dagangan boleh rugi; kedudukan turut menunjukkan kerugian.",
  "Cuộc thi mẫu trong sandbox. Vốn thi đấu là tiền ảo (CUSDT), không phải tiền thật, và được thu hồi khi cuộc thi kết thúc. Xếp hạng theo tỷ suất lợi nhuận trên vốn tham gia; bằng nhau thì người tham gia trước xếp trên. Cần ít nhất một giao dịch đã đóng để nhận giải. Giải thưởng trả bằng USDT khi kết thúc, theo tỷ lệ chia giải được hiển thị. Giao dịch có thể thua lỗ; bảng xếp hạng cũng hiển thị khoản lỗ.",
  "Concurso de ejemplo del entorno de pruebas. Los fondos del concurso son virtuales (CUSDT), nunca dinero real, y se retiran al terminar. Las participaciones se clasifican por rendimiento sobre los fondos de entrada; en caso de empate gana la participación anterior. Para ganar un premio hace falta al menos una operación cerrada. Los premios se pagan en USDT al final, según el reparto indicado. Operar puede dar pérdidas; la clasificación también las muestra.",
  "沙盒示範比賽。比賽資金為虛擬資金（CUSDT），並非真實資金，比賽結束時收回。依參賽資金的收益率排名，同分時先參賽者在前。至少有一筆已平倉交易才能獲獎。獎金於比賽結束時按顯示的分配以 USDT 支付。交易可能虧損，排名也會顯示虧損。",
);

export const CONTEST_NAMES = {
  running: t(
    "Sample · Weekly BTC/ETH cup",
    "예시 · 주간 BTC/ETH 컵",
    "例 · 週間 BTC/ETH カップ",
    "ตัวอย่าง · ถ้วยรายสัปดาห์ BTC/ETH",
    "Contoh · Piala mingguan BTC/ETH",
    "Mẫu · Cúp BTC/ETH hằng tuần",
    "Ejemplo · Copa semanal BTC/ETH",
    "示範 · BTC/ETH 每週盃",
  ),
  upcoming: t(
    "Sample · Month-end crypto cup",
    "예시 · 월말 암호화폐 컵",
    "例 · 月末暗号資産カップ",
    "ตัวอย่าง · ถ้วยคริปโตสิ้นเดือน",
    "Contoh · Piala kripto hujung bulan",
    "Mẫu · Cúp tiền mã hóa cuối tháng",
    "Ejemplo · Copa cripto de fin de mes",
    "示範 · 月底加密貨幣盃",
  ),
  ended: t(
    "Sample · Opening sprint",
    "예시 · 오프닝 스프린트",
    "例 · オープニング・スプリント",
    "ตัวอย่าง · สปรินต์เปิดตัว",
    "Contoh · Pecutan pembukaan",
    "Mẫu · Chặng nước rút khai mạc",
    "Ejemplo · Sprint de apertura",
    "示範 · 開幕衝刺賽",
  ),
} satisfies Record<string, Texts>;
