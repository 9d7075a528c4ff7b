// Seeded earn texts in the eight languages: plain descriptions and risk notices. No text
// promises a return or calls a product safe; every one says what can go wrong.
import type { LocalizedJson } from "./schema";

type L = LocalizedJson;

export const FIXED_RISK: L = {
  "en-us":
    "Interest is paid by Candor at the daily rate shown, from Candor's own funds, for each day of the term. Your principal is held in your earn account and returned at the end of the term. If Candor itself failed, you could lose money: this is not a bank deposit and no deposit insurance applies.",
  ko: "이자는 표시된 일일 이율로 기간 중 매일 Candor의 자체 자금에서 지급됩니다. 원금은 수익 계정에 보관되며 기간이 끝나면 반환됩니다. Candor 자체가 파산하면 손실이 발생할 수 있습니다. 이 상품은 은행 예금이 아니며 예금자 보호가 적용되지 않습니다.",
  jp: "利息は表示の日利で、運用期間中の毎日、Candor 自身の資金から支払われます。元本は運用口座で保管され、期間終了時に返還されます。Candor 自体が破綻した場合は損失が生じる可能性があります。本商品は銀行預金ではなく、預金保険の対象外です。",
  tai: "ดอกเบี้ยจ่ายโดย Candor ตามอัตรารายวันที่แสดง จากเงินทุนของ Candor เองทุกวันตลอดระยะเวลา เงินต้นของคุณถูกเก็บไว้ในบัญชีการลงทุนและคืนเมื่อครบกำหนด หาก Candor ล้มละลาย คุณอาจสูญเสียเงินได้ ผลิตภัณฑ์นี้ไม่ใช่เงินฝากธนาคารและไม่มีการคุ้มครองเงินฝาก",
  mlxy: "Faedah dibayar oleh Candor pada kadar harian yang ditunjukkan, daripada dana Candor sendiri, bagi setiap hari dalam tempoh. Prinsipal anda disimpan dalam akaun pelaburan dan dipulangkan pada akhir tempoh. Jika Candor sendiri gagal, anda boleh kehilangan wang: ini bukan deposit bank dan tiada insurans deposit.",
  vl: "Lãi do Candor trả theo lãi suất ngày hiển thị, từ vốn của chính Candor, cho mỗi ngày trong kỳ hạn. Tiền gốc được giữ trong tài khoản đầu tư và hoàn lại khi hết kỳ hạn. Nếu bản thân Candor mất khả năng thanh toán, bạn có thể mất tiền: đây không phải tiền gửi ngân hàng và không có bảo hiểm tiền gửi.",
  xi: "Candor paga el interés al tipo diario indicado, con sus propios fondos, por cada día del plazo. Su capital queda en su cuenta de inversión y se devuelve al final del plazo. Si Candor quebrara, podría perder dinero: no es un depósito bancario y no tiene garantía de depósitos.",
  "zh-cn":
    "利息由 Candor 以所示日利率、以 Candor 自有資金於期限內每日支付。您的本金保留在理財帳戶中，期滿時返還。若 Candor 本身倒閉，您可能蒙受損失：這不是銀行存款，不受存款保險保障。",
};

export const FIXED_DESCRIPTION: L = {
  "en-us":
    "A fixed daily rate for a fixed term. Interest is credited to your available balance every day at 00:00 UTC, starting the day after you buy; the principal comes back when the term ends.",
  ko: "정해진 기간 동안 고정 일일 이율이 적용됩니다. 이자는 구매 다음 날부터 매일 00:00 UTC에 사용 가능 잔액으로 지급되며, 원금은 기간이 끝나면 돌아옵니다.",
  jp: "一定期間、固定の日利で運用します。利息は購入の翌日から毎日 00:00 UTC に利用可能残高へ入金され、元本は期間終了時に戻ります。",
  tai: "อัตราดอกเบี้ยรายวันคงที่ตลอดระยะเวลาที่กำหนด ดอกเบี้ยเข้ายอดที่ใช้ได้ทุกวันเวลา 00:00 UTC เริ่มวันถัดจากวันที่ซื้อ และเงินต้นจะคืนเมื่อครบกำหนด",
  mlxy: "Kadar harian tetap untuk tempoh tetap. Faedah dikreditkan ke baki tersedia setiap hari pada 00:00 UTC bermula hari selepas pembelian; prinsipal dipulangkan apabila tempoh tamat.",
  vl: "Lãi suất ngày cố định trong kỳ hạn cố định. Lãi được cộng vào số dư khả dụng mỗi ngày lúc 00:00 UTC, bắt đầu từ ngày sau khi mua; tiền gốc được trả lại khi hết kỳ hạn.",
  xi: "Un tipo diario fijo durante un plazo fijo. El interés se abona en su saldo disponible cada día a las 00:00 UTC desde el día siguiente a la compra; el capital vuelve al final del plazo.",
  "zh-cn": "固定期限、固定日利率。自購買次日起，每日 00:00 UTC 將利息存入可用餘額；期滿時退還本金。",
};

export const MINING_RISK: L = {
  "en-us":
    "The price you pay buys hashrate for the term and is not returned. Your daily output depends on the Bitcoin price, the network reward and the electricity cost; it can fall to zero for as long as the power cost is higher than the output, and you may receive less than you paid. Past output does not predict future output.",
  ko: "지불한 금액은 기간 동안의 해시레이트 구매 비용이며 반환되지 않습니다. 일일 산출량은 비트코인 가격, 네트워크 보상, 전기 요금에 따라 달라지며, 전력 비용이 산출량보다 높은 동안에는 0이 될 수 있고, 받는 금액이 지불한 금액보다 적을 수 있습니다. 과거 산출량으로 미래 산출량을 예측할 수 없습니다.",
  jp: "お支払いの代金は期間中のハッシュレートの購入代金であり、返還されません。日々の産出はビットコイン価格、ネットワーク報酬、電気代によって変わり、電気代が産出を上回る間はゼロになることがあり、受け取る額が支払額を下回る可能性があります。過去の産出は将来の産出を示すものではありません。",
  tai: "เงินที่คุณจ่ายคือค่าซื้อแฮชเรตตลอดระยะเวลา และจะไม่ได้รับคืน ผลผลิตรายวันขึ้นกับราคา Bitcoin รางวัลของเครือข่าย และค่าไฟ ผลผลิตอาจเป็นศูนย์ได้ตราบที่ค่าไฟสูงกว่าผลผลิต และคุณอาจได้รับน้อยกว่าที่จ่ายไป ผลผลิตในอดีตไม่ได้บ่งบอกผลผลิตในอนาคต",
  mlxy: "Harga yang anda bayar membeli kadar hash untuk tempoh itu dan tidak dipulangkan. Hasil harian bergantung pada harga Bitcoin, ganjaran rangkaian dan kos elektrik; ia boleh jatuh ke sifar selagi kos elektrik melebihi hasil, dan anda mungkin menerima kurang daripada yang dibayar. Hasil lalu tidak meramalkan hasil masa depan.",
  vl: "Số tiền bạn trả là để mua sức băm trong kỳ hạn và không được hoàn lại. Sản lượng hằng ngày phụ thuộc vào giá Bitcoin, phần thưởng mạng và chi phí điện; có thể bằng 0 khi chi phí điện cao hơn sản lượng, và bạn có thể nhận về ít hơn số đã trả. Sản lượng quá khứ không dự báo sản lượng tương lai.",
  xi: "Lo que paga compra potencia de minado durante el plazo y no se devuelve. La producción diaria depende del precio de Bitcoin, la recompensa de la red y el coste de la electricidad; puede ser cero mientras la electricidad cueste más que lo producido, y puede recibir menos de lo que pagó. La producción pasada no predice la futura.",
  "zh-cn":
    "您支付的價格用於購買期限內的算力，不予退還。每日產出取決於比特幣價格、網路獎勵和電費；只要電費高於產出，產出就可能為零，您收到的可能少於支付的金額。過去的產出不代表未來的產出。",
};

export const MINING_DESCRIPTION: L = {
  "en-us":
    "Rent a share of a real machine's hashrate for the term. Each day at 00:00 UTC you receive in USDT: your TH/s × the network reward per TH/s × the BTC price − your share of the machine's power × 24 h × the electricity price. Never below zero.",
  ko: "기간 동안 실제 채굴기의 해시레이트 일부를 임대합니다. 매일 00:00 UTC에 USDT로 지급: 보유 TH/s × TH/s당 네트워크 보상 × BTC 가격 − 채굴기 전력 중 내 몫 × 24시간 × 전기 요금. 0보다 작아지지 않습니다.",
  jp: "期間中、実在するマイニング機のハッシュレートの一部を借ります。毎日 00:00 UTC に USDT で受け取る額：保有 TH/s × TH/s あたりのネットワーク報酬 × BTC 価格 − 機械の消費電力のうちあなたの分 × 24 時間 × 電気料金。ゼロを下回ることはありません。",
  tai: "เช่าส่วนแบ่งแฮชเรตของเครื่องจริงตลอดระยะเวลา ทุกวันเวลา 00:00 UTC คุณได้รับเป็น USDT: TH/s ของคุณ × รางวัลเครือข่ายต่อ TH/s × ราคา BTC − ส่วนของคุณในกำลังไฟของเครื่อง × 24 ชม. × ค่าไฟ ไม่ต่ำกว่าศูนย์",
  mlxy: "Sewa sebahagian kadar hash mesin sebenar untuk tempoh itu. Setiap hari pada 00:00 UTC anda menerima dalam USDT: TH/s anda × ganjaran rangkaian per TH/s × harga BTC − bahagian anda bagi kuasa mesin × 24 jam × harga elektrik. Tidak pernah di bawah sifar.",
  vl: "Thuê một phần sức băm của máy thật trong kỳ hạn. Mỗi ngày lúc 00:00 UTC bạn nhận bằng USDT: TH/s của bạn × phần thưởng mạng trên mỗi TH/s × giá BTC − phần điện năng của bạn × 24 giờ × giá điện. Không bao giờ âm.",
  xi: "Alquile una parte de la potencia de una máquina real durante el plazo. Cada día a las 00:00 UTC recibe en USDT: sus TH/s × la recompensa de la red por TH/s × el precio de BTC − su parte del consumo de la máquina × 24 h × el precio de la electricidad. Nunca por debajo de cero.",
  "zh-cn":
    "於期限內租用真實礦機的部分算力。每日 00:00 UTC 以 USDT 支付：您的 TH/s × 每 TH/s 網路獎勵 × BTC 價格 − 您分攤的礦機耗電 × 24 小時 × 電價。不會低於零。",
};

export const DEBT_RISK: L = {
  "en-us":
    "You lend to the borrower named here, through Candor. Interest and principal are paid only if and when the borrower pays. If the borrower defaults, investors share whatever is recovered and can lose part or all of their money. Your money cannot be withdrawn before the loan ends.",
  ko: "여기에 명시된 차입자에게 Candor를 통해 돈을 빌려줍니다. 이자와 원금은 차입자가 실제로 상환할 때에만 지급됩니다. 차입자가 채무불이행하면 투자자는 회수된 금액만 나누어 받으며 투자금의 일부 또는 전부를 잃을 수 있습니다. 대출 종료 전에는 출금할 수 없습니다.",
  jp: "ここに記載の借り手に Candor を通じて貸し付けます。利息と元本は、借り手が実際に支払った場合にのみ支払われます。借り手が債務不履行になった場合、投資家は回収できた分だけを分け合い、資金の一部または全部を失う可能性があります。貸付の終了前に引き出すことはできません。",
  tai: "คุณให้ผู้กู้ที่ระบุไว้ที่นี่กู้ยืมผ่าน Candor ดอกเบี้ยและเงินต้นจะจ่ายก็ต่อเมื่อผู้กู้ชำระจริง หากผู้กู้ผิดนัด ผู้ลงทุนจะแบ่งเฉพาะเงินที่เรียกคืนได้ และอาจสูญเสียเงินบางส่วนหรือทั้งหมด ถอนเงินก่อนสิ้นสุดสัญญากู้ไม่ได้",
  mlxy: "Anda meminjamkan wang kepada peminjam yang dinamakan di sini melalui Candor. Faedah dan prinsipal dibayar hanya jika dan apabila peminjam membayar. Jika peminjam ingkar, pelabur berkongsi apa yang dapat dipulihkan dan boleh kehilangan sebahagian atau semua wang. Wang anda tidak boleh dikeluarkan sebelum pinjaman tamat.",
  vl: "Bạn cho bên vay có tên ở đây vay thông qua Candor. Lãi và gốc chỉ được trả nếu và khi bên vay trả. Nếu bên vay vỡ nợ, nhà đầu tư chia nhau số tiền thu hồi được và có thể mất một phần hoặc toàn bộ tiền. Không thể rút tiền trước khi khoản vay kết thúc.",
  xi: "Presta al prestatario aquí indicado a través de Candor. Los intereses y el capital solo se pagan si el prestatario paga y cuando lo haga. Si el prestatario incumple, los inversores se reparten lo que se recupere y pueden perder parte o todo su dinero. No puede retirar su dinero antes de que termine el préstamo.",
  "zh-cn":
    "您透過 Candor 把資金借給此處列明的借款人。只有在借款人實際還款時，才會支付利息和本金。若借款人違約，投資人只能按比例分配追回的款項，可能損失部分或全部資金。借款結束前不能提領。",
};

export const DEBT_DEFAULT_POLICY: L = {
  "en-us":
    "If a payment is late at maturity, your order is frozen and shown as overdue while Candor pursues the borrower. Anything recovered is shared among investors in proportion to what each lent; what is not recovered is written off, and you see both amounts on your order and in your balance log.",
  ko: "만기에 상환이 지연되면 Candor가 차입자에게 회수를 진행하는 동안 주문이 동결되고 연체로 표시됩니다. 회수된 금액은 각자 빌려준 금액에 비례하여 투자자에게 배분되고, 회수되지 않은 금액은 손실 처리되며, 두 금액 모두 주문과 잔액 내역에서 확인할 수 있습니다.",
  jp: "満期に支払いが遅れた場合、Candor が借り手から回収を進める間、注文は凍結され延滞と表示されます。回収額は各投資家の貸付額に比例して分配され、回収できなかった分は償却されます。どちらの金額も注文と残高履歴で確認できます。",
  tai: "หากชำระล่าช้าเมื่อครบกำหนด คำสั่งของคุณจะถูกระงับและแสดงว่าค้างชำระระหว่างที่ Candor ติดตามผู้กู้ เงินที่เรียกคืนได้จะแบ่งให้ผู้ลงทุนตามสัดส่วนเงินที่ให้กู้ ส่วนที่เรียกคืนไม่ได้จะถูกตัดเป็นหนี้สูญ และคุณจะเห็นทั้งสองยอดในคำสั่งและในประวัติยอดเงิน",
  mlxy: "Jika bayaran lewat pada tarikh matang, pesanan anda dibekukan dan ditunjukkan sebagai tertunggak sementara Candor menuntut daripada peminjam. Apa yang dipulihkan dikongsi antara pelabur mengikut kadar pinjaman masing-masing; yang tidak dipulihkan dihapus kira, dan anda melihat kedua-dua jumlah pada pesanan dan log baki.",
  vl: "Nếu khoản trả bị trễ khi đáo hạn, lệnh của bạn bị đóng băng và hiển thị quá hạn trong khi Candor đòi nợ bên vay. Số thu hồi được chia cho nhà đầu tư theo tỷ lệ số tiền đã cho vay; phần không thu hồi được bị xóa sổ, và bạn thấy cả hai số trên lệnh và trong nhật ký số dư.",
  xi: "Si un pago se retrasa al vencimiento, su pedido queda congelado y marcado como vencido mientras Candor reclama al prestatario. Lo recuperado se reparte entre los inversores en proporción a lo prestado; lo no recuperado se da por perdido, y verá ambos importes en su pedido y en su historial de saldo.",
  "zh-cn":
    "若到期時還款延遲，在 Candor 向借款人追討期間，您的訂單會被凍結並顯示為逾期。追回的款項按各投資人出借金額比例分配；未追回的部分予以沖銷，兩個金額都會顯示在您的訂單和餘額紀錄中。",
};

export const DEBT_DESCRIPTION: L = {
  "en-us":
    "Lend to a named borrower at a contractual daily rate. The borrower owes interest every 30 days and the principal at maturity; you receive your share when the borrower pays.",
  ko: "명시된 차입자에게 약정 일일 이율로 빌려줍니다. 차입자는 30일마다 이자를, 만기에 원금을 상환해야 하며, 차입자가 상환하면 내 몫을 받습니다.",
  jp: "記載の借り手に約定の日利で貸し付けます。借り手は 30 日ごとに利息を、満期に元本を支払う義務があり、借り手が支払うとあなたの持分を受け取ります。",
  tai: "ให้ผู้กู้ที่ระบุชื่อกู้ตามอัตรารายวันในสัญญา ผู้กู้ต้องจ่ายดอกเบี้ยทุก 30 วันและเงินต้นเมื่อครบกำหนด คุณได้รับส่วนของคุณเมื่อผู้กู้ชำระ",
  mlxy: "Pinjamkan kepada peminjam yang dinamakan pada kadar harian berkontrak. Peminjam berhutang faedah setiap 30 hari dan prinsipal pada tarikh matang; anda menerima bahagian anda apabila peminjam membayar.",
  vl: "Cho bên vay có tên vay theo lãi suất ngày trong hợp đồng. Bên vay phải trả lãi mỗi 30 ngày và gốc khi đáo hạn; bạn nhận phần của mình khi bên vay trả.",
  xi: "Preste a un prestatario identificado a un tipo diario pactado. El prestatario debe intereses cada 30 días y el capital al vencimiento; usted recibe su parte cuando el prestatario paga.",
  "zh-cn": "以約定日利率出借給列明的借款人。借款人須每 30 天支付利息、到期償還本金；借款人還款時您按比例收款。",
};
