// Seeded content in the eight languages: what Candor itself does (fees, settlement,
// withdrawal reviews, risk, the sandbox). No market claims, no promised returns.
import type { Translations } from "@candor/contract";

export interface SeedText {
  title: Translations;
  /** Paragraphs; the first one is also the summary. */
  body: Translations[];
}

export const WELCOME_FEES: SeedText = {
  title: {
    "en-us": "How Candor's fees work",
    ko: "Candor 수수료 안내",
    jp: "Candor の手数料について",
    tai: "ค่าธรรมเนียมของ Candor ทำงานอย่างไร",
    mlxy: "Cara yuran Candor berfungsi",
    vl: "Cách tính phí của Candor",
    xi: "Cómo funcionan las comisiones de Candor",
    "zh-cn": "Candor 的費用說明",
  },
  body: [
    {
      "en-us":
        "Every fee is shown before you confirm: the trading fee on a futures order, the network fee on a withdrawal, and nothing on deposits.",
      ko: "모든 수수료는 확인 전에 표시됩니다. 선물 주문의 거래 수수료, 출금의 네트워크 수수료가 표시되며 입금에는 수수료가 없습니다.",
      jp: "すべての手数料は確定前に表示されます。先物注文の取引手数料、出金のネットワーク手数料が表示され、入金は無料です。",
      tai: "ค่าธรรมเนียมทุกรายการแสดงก่อนคุณยืนยัน ได้แก่ ค่าธรรมเนียมการเทรดของคำสั่งฟิวเจอร์ส ค่าธรรมเนียมเครือข่ายของการถอน และการฝากไม่มีค่าธรรมเนียม",
      mlxy: "Setiap yuran ditunjukkan sebelum anda mengesahkan: yuran dagangan pada pesanan niaga hadapan, yuran rangkaian pada pengeluaran, dan tiada yuran untuk deposit.",
      vl: "Mọi khoản phí đều hiển thị trước khi bạn xác nhận: phí giao dịch của lệnh hợp đồng, phí mạng của lệnh rút, và nạp tiền không mất phí.",
      xi: "Cada comisión se muestra antes de que confirmes: la comisión de operación en una orden de futuros, la comisión de red en un retiro y ninguna en los depósitos.",
      "zh-cn": "每一筆費用都會在您確認前顯示：合約下單的交易手續費、提領的網路手續費，儲值則不收費。",
    },
    {
      "en-us":
        "Fees are booked in the ledger as separate entries, so your balance log shows each one next to the trade or withdrawal it belongs to.",
      ko: "수수료는 원장에 별도 항목으로 기록되므로 잔액 내역에서 해당 거래나 출금 옆에 각각 표시됩니다.",
      jp: "手数料は台帳に個別の記録として計上されるため、残高履歴で該当する取引や出金の横にそれぞれ表示されます。",
      tai: "ค่าธรรมเนียมถูกบันทึกในบัญชีแยกเป็นรายการ ประวัติยอดเงินจึงแสดงแต่ละรายการคู่กับการเทรดหรือการถอนที่เกี่ยวข้อง",
      mlxy: "Yuran direkodkan dalam lejar sebagai entri berasingan, jadi log baki anda menunjukkan setiap satu di sebelah dagangan atau pengeluaran berkaitan.",
      vl: "Phí được ghi vào sổ cái thành các bút toán riêng, nên nhật ký số dư hiển thị từng khoản bên cạnh giao dịch hoặc lệnh rút tương ứng.",
      xi: "Las comisiones se registran en el libro contable como asientos separados, así que tu historial de saldo muestra cada una junto a la operación o el retiro al que pertenece.",
      "zh-cn": "費用在帳本中以獨立分錄記錄，因此您的帳變紀錄會在對應的交易或提領旁逐筆顯示。",
    },
  ],
};

export const WITHDRAWAL_REVIEW: SeedText = {
  title: {
    "en-us": "How withdrawals are reviewed",
    ko: "출금 심사 방식",
    jp: "出金審査の流れ",
    tai: "การตรวจสอบคำขอถอนเงินทำอย่างไร",
    mlxy: "Cara pengeluaran disemak",
    vl: "Quy trình duyệt lệnh rút tiền",
    xi: "Cómo se revisan los retiros",
    "zh-cn": "提領如何審核",
  },
  body: [
    {
      "en-us":
        "Before your first withdrawal: prove your e-mail or phone with the code we send, set a withdrawal password and save the address or bank account. A newly added address can be used once its safety hold has passed (the screen shows when). Without identity verification you can withdraw up to a limit per 24 hours, shown with what is left on the withdrawal screen; basic verification lifts it. If you use an authenticator app, its code is asked too.",
      ko: "첫 출금 전에: 보내 드리는 코드로 이메일 또는 휴대폰을 인증하고, 출금 비밀번호를 설정하고, 주소나 은행 계좌를 저장하세요. 새로 추가한 주소는 안전 보류 기간이 지난 뒤 사용할 수 있습니다(화면에 시점이 표시됩니다). 신원 인증 없이는 24시간마다 한도까지 출금할 수 있으며, 한도와 남은 금액은 출금 화면에 표시됩니다. 기본 인증을 마치면 한도가 없어집니다. 인증 앱을 사용 중이면 그 코드도 입력해야 합니다.",
      jp: "初めての出金の前に：お送りするコードでメールアドレスまたは電話番号を確認し、出金パスワードを設定し、アドレスまたは銀行口座を登録してください。新しく追加したアドレスは安全のための保留期間が過ぎてから使えます（画面に時刻が表示されます）。本人確認をしていない場合、24時間ごとに上限額まで出金でき、上限と残りは出金画面に表示されます。基本の本人確認で上限はなくなります。認証アプリをお使いの場合は、そのコードも入力します。",
      tai: "ก่อนถอนเงินครั้งแรก: ยืนยันอีเมลหรือโทรศัพท์ด้วยรหัสที่เราส่งให้ ตั้งรหัสผ่านสำหรับถอนเงิน และบันทึกที่อยู่หรือบัญชีธนาคาร ที่อยู่ที่เพิ่มใหม่ใช้ได้เมื่อพ้นช่วงพักเพื่อความปลอดภัยแล้ว (หน้าจอแสดงเวลา) หากยังไม่ยืนยันตัวตน คุณถอนได้ไม่เกินวงเงินต่อ 24 ชั่วโมง ซึ่งแสดงพร้อมยอดที่เหลือบนหน้าถอนเงิน การยืนยันตัวตนขั้นพื้นฐานจะยกเลิกวงเงินนี้ หากคุณใช้แอปยืนยันตัวตน ระบบจะขอรหัสจากแอปด้วย",
      mlxy: "Sebelum pengeluaran pertama anda: sahkan e-mel atau telefon anda dengan kod yang kami hantar, tetapkan kata laluan pengeluaran dan simpan alamat atau akaun bank. Alamat yang baru ditambah boleh digunakan selepas tempoh tahanan keselamatannya tamat (skrin menunjukkan bila). Tanpa pengesahan identiti anda boleh mengeluarkan sehingga had bagi setiap 24 jam, ditunjukkan bersama bakinya pada skrin pengeluaran; pengesahan asas menghapuskan had itu. Jika anda menggunakan aplikasi pengesah, kodnya turut diminta.",
      vl: "Trước lần rút đầu tiên: xác minh e-mail hoặc số điện thoại bằng mã chúng tôi gửi, đặt mật khẩu rút tiền và lưu địa chỉ hoặc tài khoản ngân hàng. Địa chỉ mới thêm chỉ dùng được sau thời gian tạm giữ an toàn (màn hình cho biết khi nào). Khi chưa xác minh danh tính, bạn có thể rút tới một hạn mức mỗi 24 giờ, hiển thị cùng phần còn lại trên màn hình rút tiền; xác minh cơ bản sẽ bỏ hạn mức này. Nếu bạn dùng ứng dụng xác thực, mã của ứng dụng cũng được yêu cầu.",
      xi: "Antes de tu primer retiro: confirma tu correo o tu teléfono con el código que te enviamos, crea una contraseña de retiro y guarda la dirección o la cuenta bancaria. Una dirección recién añadida se puede usar cuando termina su periodo de seguridad (la pantalla indica cuándo). Sin verificar tu identidad puedes retirar hasta un límite cada 24 horas, que se muestra con lo que queda en la pantalla de retiro; la verificación básica lo elimina. Si usas una app de autenticación, también se pide su código.",
      "zh-cn":
        "首次提領前：請以我們寄送的驗證碼驗證電子郵件或手機、設定提領密碼，並儲存提領地址或銀行帳戶。新增的地址須待安全保留期結束後才能使用（畫面會顯示時間）。未完成身分驗證時，每 24 小時可提領至上限，上限與剩餘額度顯示於提領畫面；完成基本驗證後即無此上限。若您使用驗證器 App，也需輸入其驗證碼。",
    },
    {
      "en-us":
        "When you ask for a withdrawal, the amount is held (not spent) and a reviewer checks the request. You can cancel it while it is under review and the amount is available again at once.",
      ko: "출금을 요청하면 금액이 보류(사용되지 않음)되고 심사 담당자가 요청을 확인합니다. 심사 중에는 취소할 수 있으며 금액은 즉시 다시 사용할 수 있습니다.",
      jp: "出金を申請すると金額は保留され（使用はされません）、担当者が申請を確認します。審査中は取り消すことができ、金額はすぐに再び利用可能になります。",
      tai: "เมื่อคุณขอถอนเงิน ยอดเงินจะถูกพักไว้ (ยังไม่ถูกใช้) และเจ้าหน้าที่ตรวจสอบคำขอ คุณยกเลิกได้ระหว่างการตรวจสอบ และยอดเงินจะกลับมาใช้ได้ทันที",
      mlxy: "Apabila anda meminta pengeluaran, jumlahnya ditahan (bukan dibelanjakan) dan penyemak memeriksa permintaan itu. Anda boleh membatalkannya semasa disemak dan jumlahnya tersedia semula serta-merta.",
      vl: "Khi bạn yêu cầu rút tiền, số tiền được tạm giữ (chưa bị trừ) và nhân viên kiểm tra yêu cầu. Bạn có thể hủy trong lúc đang duyệt và số tiền khả dụng lại ngay.",
      xi: "Cuando pides un retiro, el importe queda retenido (no gastado) y un revisor comprueba la solicitud. Puedes cancelarla mientras está en revisión y el importe vuelve a estar disponible al instante.",
      "zh-cn":
        "您申請提領時，金額會先被凍結（並未扣除），由審核人員確認申請。審核期間您可以取消，金額會立即回到可用餘額。",
    },
    {
      "en-us":
        "If a withdrawal is rejected or the payout fails, the held amount is released in full and your inbox tells you why. Candor never charges for withdrawing your own money beyond the network fee shown.",
      ko: "출금이 거절되거나 지급에 실패하면 보류된 금액이 전액 해제되고 받은편지함에서 사유를 알려 드립니다. Candor는 표시된 네트워크 수수료 외에 본인 자금 출금에 비용을 부과하지 않습니다.",
      jp: "出金が却下された場合や送金に失敗した場合、保留額は全額解放され、受信箱で理由をお知らせします。Candor は表示されたネットワーク手数料以外に、ご自身の資金の出金に費用を請求しません。",
      tai: "หากคำขอถอนถูกปฏิเสธหรือการจ่ายเงินล้มเหลว ยอดที่พักไว้จะคืนทั้งหมดและกล่องข้อความจะแจ้งเหตุผล Candor ไม่เก็บค่าถอนเงินของคุณเองนอกเหนือจากค่าธรรมเนียมเครือข่ายที่แสดง",
      mlxy: "Jika pengeluaran ditolak atau pembayaran gagal, jumlah yang ditahan dilepaskan sepenuhnya dan peti masuk anda memberitahu sebabnya. Candor tidak mengenakan caj untuk mengeluarkan wang anda sendiri selain yuran rangkaian yang ditunjukkan.",
      vl: "Nếu lệnh rút bị từ chối hoặc chi trả thất bại, số tiền tạm giữ được hoàn lại toàn bộ và hộp thư cho bạn biết lý do. Candor không thu phí rút tiền của chính bạn ngoài phí mạng đã hiển thị.",
      xi: "Si un retiro se rechaza o el pago falla, el importe retenido se libera por completo y tu bandeja de entrada te dice por qué. Candor nunca cobra por retirar tu propio dinero más allá de la comisión de red indicada.",
      "zh-cn":
        "若提領遭駁回或匯款失敗，凍結的金額會全數釋放，收件匣會告訴您原因。除了顯示的網路手續費外，Candor 不會因您提領自己的資金而收取任何費用。",
    },
  ],
};

export const SANDBOX_CLOCK: SeedText = {
  title: {
    "en-us": "The sandbox: test deposits and the test clock",
    ko: "샌드박스: 테스트 입금과 테스트 시계",
    jp: "サンドボックス：テスト入金とテスト時計",
    tai: "แซนด์บ็อกซ์: การฝากทดสอบและนาฬิกาทดสอบ",
    mlxy: "Kotak pasir: deposit ujian dan jam ujian",
    vl: "Môi trường thử nghiệm: nạp tiền thử và đồng hồ thử",
    xi: "El entorno de pruebas: depósitos de prueba y el reloj de prueba",
    "zh-cn": "沙盒：測試儲值與測試時鐘",
  },
  body: [
    {
      "en-us":
        "This installation runs in sandbox mode: deposits are simulated and confirmed within seconds, and no real money moves.",
      ko: "이 설치본은 샌드박스 모드로 실행됩니다. 입금은 시뮬레이션되어 몇 초 안에 확인되며 실제 돈은 이동하지 않습니다.",
      jp: "この環境はサンドボックスモードで動作しています。入金はシミュレーションで数秒以内に確認され、実際のお金は動きません。",
      tai: "ระบบนี้ทำงานในโหมดแซนด์บ็อกซ์ การฝากเงินเป็นการจำลองและยืนยันภายในไม่กี่วินาที และไม่มีเงินจริงเคลื่อนไหว",
      mlxy: "Pemasangan ini berjalan dalam mod kotak pasir: deposit disimulasikan dan disahkan dalam beberapa saat, dan tiada wang sebenar bergerak.",
      vl: "Bản cài đặt này chạy ở chế độ thử nghiệm: tiền nạp được mô phỏng và xác nhận trong vài giây, không có tiền thật nào được chuyển.",
      xi: "Esta instalación funciona en modo de pruebas: los depósitos se simulan y se confirman en segundos, y no se mueve dinero real.",
      "zh-cn": "此環境以沙盒模式運行：儲值為模擬，數秒內確認，不會有真實資金移動。",
    },
    {
      "en-us":
        "Testers can move the business clock forward to see daily earn income, term ends and option expiries without waiting. The clock only moves forward, and everything it triggers is recorded like a real day.",
      ko: "테스터는 업무 시계를 앞으로 돌려 일일 수익, 기간 만료, 옵션 만기를 기다리지 않고 확인할 수 있습니다. 시계는 앞으로만 움직이며 그로 인한 모든 일은 실제 하루처럼 기록됩니다.",
      jp: "テスターは業務時計を進めて、日次の運用収益、期間満了、オプションの満期を待たずに確認できます。時計は進むだけで、それによって起きることはすべて実際の一日と同じように記録されます。",
      tai: "ผู้ทดสอบเลื่อนนาฬิกาธุรกิจไปข้างหน้าเพื่อดูรายได้รายวัน การครบกำหนด และการหมดอายุของออปชันได้โดยไม่ต้องรอ นาฬิกาเดินหน้าอย่างเดียว และทุกอย่างที่เกิดขึ้นถูกบันทึกเหมือนวันจริง",
      mlxy: "Penguji boleh memajukan jam perniagaan untuk melihat pendapatan harian, tamat tempoh dan luput opsyen tanpa menunggu. Jam hanya bergerak ke hadapan, dan semua yang dicetuskannya direkodkan seperti hari sebenar.",
      vl: "Người thử nghiệm có thể tua đồng hồ nghiệp vụ về phía trước để xem thu nhập hằng ngày, kết thúc kỳ hạn và đáo hạn quyền chọn mà không phải chờ. Đồng hồ chỉ tiến lên và mọi việc nó kích hoạt đều được ghi lại như một ngày thật.",
      xi: "Quienes prueban pueden adelantar el reloj de negocio para ver los ingresos diarios, los fines de plazo y los vencimientos de opciones sin esperar. El reloj solo avanza y todo lo que provoca queda registrado como un día real.",
      "zh-cn":
        "測試人員可以將業務時鐘往前調，不必等待即可看到每日理財收益、期滿與期權到期。時鐘只會往前走，觸發的一切都會像真實的一天一樣被記錄。",
    },
  ],
};

export const OPTIONS_SETTLE: SeedText = {
  title: {
    "en-us": "How options settle",
    ko: "옵션 정산 방식",
    jp: "オプションの決済方法",
    tai: "ออปชันชำระราคาอย่างไร",
    mlxy: "Cara opsyen diselesaikan",
    vl: "Cách quyền chọn được thanh toán",
    xi: "Cómo se liquidan las opciones",
    "zh-cn": "期權如何結算",
  },
  body: [
    {
      "en-us":
        "An option settles on the first recorded price at or after its expiry time. The settlement keeps that price and its time as evidence, and you can see both on the order.",
      ko: "옵션은 만기 시각 또는 그 이후에 처음 기록된 가격으로 정산됩니다. 정산 시 해당 가격과 시각을 증거로 보관하며 주문에서 둘 다 확인할 수 있습니다.",
      jp: "オプションは満期時刻以降に最初に記録された価格で決済されます。決済ではその価格と時刻を証拠として保存し、注文画面で両方を確認できます。",
      tai: "ออปชันชำระราคาด้วยราคาแรกที่บันทึกไว้ ณ หรือหลังเวลาหมดอายุ การชำระราคาเก็บราคาและเวลานั้นไว้เป็นหลักฐาน และคุณดูทั้งสองอย่างได้ในคำสั่ง",
      mlxy: "Opsyen diselesaikan pada harga pertama yang direkodkan pada atau selepas masa luputnya. Penyelesaian menyimpan harga dan masa itu sebagai bukti, dan anda boleh melihat kedua-duanya pada pesanan.",
      vl: "Quyền chọn được thanh toán theo giá đầu tiên được ghi nhận vào hoặc sau thời điểm đáo hạn. Việc thanh toán lưu giá và thời điểm đó làm bằng chứng, và bạn xem được cả hai trên lệnh.",
      xi: "Una opción se liquida con el primer precio registrado en su hora de vencimiento o después. La liquidación guarda ese precio y su hora como prueba, y puedes ver ambos en la orden.",
      "zh-cn": "期權以到期時間當下或之後第一筆紀錄價格結算。結算會保留該價格與時間作為依據，您可以在訂單上看到兩者。",
    },
    {
      "en-us":
        "If no price was recorded, the option is not settled by guesswork: it waits for a recorded price or is refunded in full. You can lose the whole stake of an option.",
      ko: "기록된 가격이 없으면 추측으로 정산하지 않습니다. 기록된 가격을 기다리거나 전액 환불됩니다. 옵션은 투자 원금 전부를 잃을 수 있습니다.",
      jp: "記録された価格がない場合、推測で決済することはありません。記録価格を待つか、全額返金されます。オプションでは投資額の全額を失う可能性があります。",
      tai: "หากไม่มีราคาที่บันทึกไว้ ออปชันจะไม่ถูกชำระด้วยการคาดเดา แต่จะรอราคาที่บันทึกหรือคืนเงินเต็มจำนวน คุณอาจเสียเงินลงทุนของออปชันทั้งหมด",
      mlxy: "Jika tiada harga direkodkan, opsyen tidak diselesaikan secara tekaan: ia menunggu harga yang direkodkan atau dipulangkan sepenuhnya. Anda boleh kehilangan keseluruhan taruhan sesuatu opsyen.",
      vl: "Nếu không có giá được ghi nhận, quyền chọn không được thanh toán bằng phỏng đoán: nó chờ giá được ghi nhận hoặc được hoàn tiền đầy đủ. Bạn có thể mất toàn bộ số tiền đặt vào một quyền chọn.",
      xi: "Si no hay un precio registrado, la opción no se liquida a ojo: espera un precio registrado o se reembolsa por completo. Puedes perder todo lo apostado en una opción.",
      "zh-cn": "若沒有紀錄價格，期權不會憑猜測結算：會等待紀錄價格或全額退款。期權可能損失全部投入金額。",
    },
  ],
};

export const RISK_NOTICE: SeedText = {
  title: {
    "en-us": "Risk notice: futures can lose more than you expect",
    ko: "위험 고지: 선물은 예상보다 큰 손실이 날 수 있습니다",
    jp: "リスクのお知らせ：先物は想定以上の損失が出ることがあります",
    tai: "คำเตือนความเสี่ยง: ฟิวเจอร์สอาจขาดทุนมากกว่าที่คาด",
    mlxy: "Notis risiko: niaga hadapan boleh rugi lebih daripada jangkaan",
    vl: "Cảnh báo rủi ro: hợp đồng có thể lỗ nhiều hơn bạn nghĩ",
    xi: "Aviso de riesgo: los futuros pueden perder más de lo que esperas",
    "zh-cn": "風險提示：合約的虧損可能超出預期",
  },
  body: [
    {
      "en-us":
        "Leverage multiplies gains and losses. When losses use up half of a position's margin, Candor closes it at the close-out price shown on the position: about half of the margin is lost, plus the fees, and the rest returns to your balance. If the price jumps past that price, more is lost, but never more than the margin you put up. Never trade with money you cannot afford to lose.",
      ko: "레버리지는 이익과 손실을 모두 키웁니다. 손실이 포지션 증거금의 절반에 이르면 Candor가 포지션에 표시된 강제 청산 가격으로 청산합니다. 이때 증거금의 약 절반과 수수료를 잃고 나머지는 잔액으로 돌아옵니다. 가격이 그 가격을 뛰어넘으면 더 잃을 수 있지만 넣은 증거금보다 많이 잃지는 않습니다. 잃어도 괜찮은 돈으로만 거래하세요.",
      jp: "レバレッジは利益も損失も拡大します。損失が証拠金の半分に達すると、Candor はポジションに表示された強制決済価格で決済します。このとき証拠金の約半分と手数料を失い、残りは残高に戻ります。価格がその水準を飛び越えた場合は損失が大きくなりますが、預けた証拠金を超えることはありません。失っても困らない資金でのみ取引してください。",
      tai: "เลเวอเรจขยายทั้งกำไรและขาดทุน เมื่อขาดทุนถึงครึ่งหนึ่งของมาร์จิ้น Candor จะปิดสถานะที่ราคาปิดบังคับที่แสดงไว้ในสถานะ คุณจะเสียมาร์จิ้นประมาณครึ่งหนึ่งรวมค่าธรรมเนียม ส่วนที่เหลือคืนเข้ายอดคงเหลือ หากราคากระโดดข้ามราคานั้น อาจเสียมากกว่านั้นแต่ไม่เกินมาร์จิ้นที่คุณวางไว้ อย่าเทรดด้วยเงินที่คุณเสียไม่ได้",
      mlxy: "Leveraj menggandakan keuntungan dan kerugian. Apabila kerugian menghabiskan separuh margin sesuatu posisi, Candor menutupnya pada harga tutup paksa yang ditunjukkan pada posisi itu: kira-kira separuh margin hilang, ditambah yuran, dan bakinya kembali ke baki anda. Jika harga melompat melepasi harga itu, lebih banyak yang hilang, tetapi tidak melebihi margin yang anda letakkan. Jangan berdagang dengan wang yang anda tidak mampu kehilangan.",
      vl: "Đòn bẩy nhân cả lãi lẫn lỗ. Khi khoản lỗ dùng hết một nửa tiền ký quỹ của vị thế, Candor sẽ đóng vị thế ở giá đóng bắt buộc hiển thị trên vị thế: bạn mất khoảng một nửa tiền ký quỹ cùng phí, phần còn lại trở về số dư. Nếu giá nhảy qua mức đó, bạn có thể mất nhiều hơn nhưng không bao giờ quá số tiền ký quỹ đã đặt. Đừng giao dịch bằng số tiền bạn không thể để mất.",
      xi: "El apalancamiento multiplica ganancias y pérdidas. Cuando las pérdidas consumen la mitad del margen de una posición, Candor la cierra al precio de cierre forzoso que se muestra en ella: se pierde aproximadamente la mitad del margen, más las comisiones, y el resto vuelve a tu saldo. Si el precio salta más allá de ese precio se pierde más, pero nunca más que el margen que pusiste. Nunca operes con dinero que no puedas permitirte perder.",
      "zh-cn":
        "槓桿會同時放大獲利與虧損。虧損達到倉位保證金的一半時，Candor 會以倉位上顯示的強制平倉價將其平倉：約損失一半保證金及手續費，其餘退回您的餘額。若價格跳空越過該價格，虧損會更多，但絕不會超過您投入的保證金。請勿使用您無法承受損失的資金交易。",
    },
  ],
};

export const INBOX_NEWS: SeedText = {
  title: {
    "en-us": "Product update: your inbox tells you when money moves",
    ko: "제품 업데이트: 자금이 움직이면 받은편지함으로 알려 드립니다",
    jp: "製品アップデート：資金が動くと受信箱でお知らせします",
    tai: "อัปเดตผลิตภัณฑ์: กล่องข้อความแจ้งเมื่อมีเงินเคลื่อนไหว",
    mlxy: "Kemas kini produk: peti masuk memberitahu apabila wang bergerak",
    vl: "Cập nhật sản phẩm: hộp thư báo cho bạn khi tiền được chuyển",
    xi: "Novedad: tu bandeja de entrada te avisa cuando se mueve tu dinero",
    "zh-cn": "產品更新：資金異動時收件匣會通知您",
  },
  body: [
    {
      "en-us":
        "Credited deposits, reviewed withdrawals, closed positions and settled options now each leave a message in your inbox, in the language you use the app in.",
      ko: "입금 반영, 출금 심사 결과, 포지션 청산, 옵션 정산이 이제 각각 앱에서 사용하는 언어로 받은편지함에 메시지를 남깁니다.",
      jp: "入金の反映、出金審査の結果、ポジションの決済、オプションの決済が、アプリでお使いの言語で受信箱にメッセージとして届くようになりました。",
      tai: "การฝากที่เข้าบัญชี การถอนที่ผ่านการตรวจสอบ สถานะที่ปิด และออปชันที่ชำระราคาแล้ว จะส่งข้อความถึงกล่องข้อความของคุณในภาษาที่คุณใช้ในแอป",
      mlxy: "Deposit yang dikreditkan, pengeluaran yang disemak, posisi yang ditutup dan opsyen yang diselesaikan kini masing-masing meninggalkan mesej dalam peti masuk anda, dalam bahasa yang anda gunakan.",
      vl: "Tiền nạp được cộng, lệnh rút được duyệt, vị thế đã đóng và quyền chọn đã thanh toán giờ đều gửi tin nhắn vào hộp thư của bạn, bằng ngôn ngữ bạn dùng trong ứng dụng.",
      xi: "Los depósitos abonados, los retiros revisados, las posiciones cerradas y las opciones liquidadas ahora dejan cada uno un mensaje en tu bandeja de entrada, en el idioma en que usas la app.",
      "zh-cn": "儲值入帳、提領審核結果、倉位平倉與期權結算，現在都會以您在 App 中使用的語言，在收件匣留下通知。",
    },
  ],
};

export const EARN_NEWS: SeedText = {
  title: {
    "en-us": "Every earn product now shows its risk notice before you buy",
    ko: "모든 수익 상품은 이제 구매 전에 위험 고지를 보여 줍니다",
    jp: "すべての運用商品で購入前にリスク説明を表示するようになりました",
    tai: "ผลิตภัณฑ์การลงทุนทุกตัวแสดงคำเตือนความเสี่ยงก่อนซื้อแล้ว",
    mlxy: "Setiap produk pelaburan kini menunjukkan notis risiko sebelum anda membeli",
    vl: "Mọi sản phẩm đầu tư giờ hiển thị cảnh báo rủi ro trước khi bạn mua",
    xi: "Cada producto de inversión muestra ahora su aviso de riesgo antes de comprar",
    "zh-cn": "所有理財產品現在都會在購買前顯示風險提示",
  },
  body: [
    {
      "en-us":
        "Fixed-term, mining, strategy and debt-claim products each explain who pays the income, what can go wrong and whether you can redeem early. Mining output can be zero on a day.",
      ko: "고정 기간, 채굴, 전략, 채권 상품은 각각 누가 수익을 지급하는지, 어떤 위험이 있는지, 조기 상환이 가능한지 설명합니다. 채굴 산출량은 하루 0일 수도 있습니다.",
      jp: "定期、マイニング、自動戦略、債権の各商品で、誰が収益を支払うのか、何が起こりうるのか、途中解約できるかを説明しています。マイニングの産出はゼロの日もあります。",
      tai: "ผลิตภัณฑ์ฝากประจำ การขุด กลยุทธ์อัตโนมัติ และสิทธิเรียกร้องหนี้ แต่ละตัวอธิบายว่าใครจ่ายรายได้ อะไรอาจผิดพลาด และไถ่ถอนก่อนกำหนดได้หรือไม่ ผลผลิตการขุดบางวันอาจเป็นศูนย์",
      mlxy: "Produk tempoh tetap, perlombongan, strategi dan tuntutan hutang masing-masing menerangkan siapa membayar pendapatan, apa yang boleh berlaku dan sama ada anda boleh tebus awal. Hasil perlombongan boleh sifar pada sesuatu hari.",
      vl: "Các sản phẩm kỳ hạn cố định, đào coin, chiến lược và trái quyền đều giải thích ai trả thu nhập, điều gì có thể xảy ra và bạn có thể rút trước hạn hay không. Sản lượng đào có thể bằng 0 trong một ngày.",
      xi: "Los productos a plazo fijo, de minería, de estrategia y de deuda explican quién paga el ingreso, qué puede salir mal y si puedes rescatar antes. La producción de minería puede ser cero algún día.",
      "zh-cn":
        "定期、礦機、策略與債權產品，都會說明收益由誰支付、可能發生的風險，以及能否提前贖回。礦機產出某些日子可能為零。",
    },
  ],
};

export const HELP_VERIFY: SeedText = {
  title: {
    "en-us": "Why and how we verify your identity",
    ko: "신원 인증을 하는 이유와 방법",
    jp: "本人確認を行う理由と方法",
    tai: "ทำไมและอย่างไรเราจึงยืนยันตัวตนของคุณ",
    mlxy: "Mengapa dan bagaimana kami mengesahkan identiti anda",
    vl: "Vì sao và cách chúng tôi xác minh danh tính của bạn",
    xi: "Por qué y cómo verificamos tu identidad",
    "zh-cn": "為何以及如何驗證您的身分",
  },
  body: [
    {
      "en-us":
        "Basic verification asks for your name and an identity document; advanced verification adds a photo of you holding it. A reviewer approves or rejects it and your inbox tells you the result and the reason.",
      ko: "기본 인증은 이름과 신분증을, 고급 인증은 신분증을 들고 찍은 사진을 추가로 요청합니다. 심사 담당자가 승인 또는 거절하며 결과와 사유는 받은편지함으로 알려 드립니다.",
      jp: "基本認証では氏名と本人確認書類を、上級認証では書類を持ったご本人の写真を追加でお願いします。担当者が承認または却下し、結果と理由は受信箱でお知らせします。",
      tai: "การยืนยันขั้นพื้นฐานขอชื่อและเอกสารแสดงตัวตน การยืนยันขั้นสูงเพิ่มรูปถ่ายคุณถือเอกสาร เจ้าหน้าที่อนุมัติหรือปฏิเสธ และกล่องข้อความแจ้งผลพร้อมเหตุผล",
      mlxy: "Pengesahan asas meminta nama dan dokumen identiti anda; pengesahan lanjutan menambah foto anda memegangnya. Penyemak meluluskan atau menolaknya dan peti masuk memberitahu keputusan serta sebabnya.",
      vl: "Xác minh cơ bản yêu cầu họ tên và giấy tờ tùy thân; xác minh nâng cao thêm ảnh bạn cầm giấy tờ. Nhân viên duyệt hoặc từ chối và hộp thư báo kết quả cùng lý do.",
      xi: "La verificación básica pide tu nombre y un documento de identidad; la avanzada añade una foto tuya sosteniéndolo. Un revisor la aprueba o la rechaza y tu bandeja de entrada te indica el resultado y el motivo.",
      "zh-cn":
        "基本驗證需要您的姓名與身分證件；進階驗證另需您手持證件的照片。審核人員會核准或駁回，結果與原因會通知到您的收件匣。",
    },
  ],
};

export const HELP_GOOGLE: SeedText = {
  title: {
    "en-us": "Protect your account with an authenticator app",
    ko: "인증 앱으로 계정 보호하기",
    jp: "認証アプリでアカウントを守る",
    tai: "ปกป้องบัญชีด้วยแอปยืนยันตัวตน",
    mlxy: "Lindungi akaun anda dengan aplikasi pengesah",
    vl: "Bảo vệ tài khoản bằng ứng dụng xác thực",
    xi: "Protege tu cuenta con una app de autenticación",
    "zh-cn": "使用驗證器 App 保護帳戶",
  },
  body: [
    {
      "en-us":
        "Bind Google Authenticator (or any TOTP app) in the personal centre. After that, logging in needs the 6-digit code as well as your password. You can see and end your other sessions at any time.",
      ko: "개인 센터에서 Google OTP(또는 TOTP 앱)를 연결하세요. 이후 로그인에는 비밀번호와 6자리 코드가 필요합니다. 다른 세션은 언제든지 확인하고 종료할 수 있습니다.",
      jp: "個人センターで Google Authenticator（または TOTP アプリ）を連携してください。以後のログインにはパスワードに加えて 6 桁のコードが必要です。他のセッションはいつでも確認・終了できます。",
      tai: "ผูก Google Authenticator (หรือแอป TOTP ใดก็ได้) ในศูนย์ส่วนตัว หลังจากนั้นการเข้าสู่ระบบต้องใช้รหัส 6 หลักพร้อมรหัสผ่าน คุณดูและปิดเซสชันอื่นได้ทุกเมื่อ",
      mlxy: "Ikat Google Authenticator (atau mana-mana aplikasi TOTP) di pusat peribadi. Selepas itu, log masuk memerlukan kod 6 digit serta kata laluan anda. Anda boleh melihat dan menamatkan sesi lain pada bila-bila masa.",
      vl: "Liên kết Google Authenticator (hoặc ứng dụng TOTP bất kỳ) trong trung tâm cá nhân. Sau đó, đăng nhập cần mã 6 chữ số cùng mật khẩu. Bạn có thể xem và kết thúc các phiên khác bất cứ lúc nào.",
      xi: "Vincula Google Authenticator (o cualquier app TOTP) en tu centro personal. Desde entonces, iniciar sesión pide el código de 6 dígitos además de tu contraseña. Puedes ver y cerrar tus otras sesiones cuando quieras.",
      "zh-cn":
        "在個人中心綁定 Google 驗證器（或任何 TOTP App）。之後登入除了密碼還需要 6 位數驗證碼。您可以隨時查看並結束其他登入工作階段。",
    },
  ],
};

export const HELP_EARN_INTEREST: SeedText = {
  title: {
    "en-us": "When is earn income paid?",
    ko: "수익은 언제 지급되나요?",
    jp: "運用収益はいつ支払われますか？",
    tai: "รายได้จากการลงทุนจ่ายเมื่อไร",
    mlxy: "Bilakah pendapatan pelaburan dibayar?",
    vl: "Khi nào thu nhập đầu tư được trả?",
    xi: "¿Cuándo se paga el ingreso de inversión?",
    "zh-cn": "理財收益何時發放？",
  },
  body: [
    {
      "en-us":
        "Fixed-term interest is credited every day at 00:00 UTC from the day after you buy, at the daily rate shown on the product. The principal comes back when the term ends; early redemption, where allowed, returns the principal minus the interest already paid.",
      ko: "고정 기간 이자는 구매 다음 날부터 매일 00:00 UTC에 상품에 표시된 일일 이율로 지급됩니다. 원금은 기간이 끝나면 돌아오며, 조기 상환이 가능한 경우 이미 지급된 이자를 뺀 원금이 반환됩니다.",
      jp: "定期の利息は購入翌日から毎日 00:00 UTC に、商品に表示された日利で入金されます。元本は期間終了時に戻ります。途中解約が可能な商品では、支払い済みの利息を差し引いた元本が返還されます。",
      tai: "ดอกเบี้ยฝากประจำเข้าบัญชีทุกวันเวลา 00:00 UTC เริ่มวันถัดจากวันที่ซื้อ ตามอัตรารายวันที่แสดงบนผลิตภัณฑ์ เงินต้นคืนเมื่อครบกำหนด การไถ่ถอนก่อนกำหนด (หากอนุญาต) จะคืนเงินต้นหักดอกเบี้ยที่จ่ายไปแล้ว",
      mlxy: "Faedah tempoh tetap dikreditkan setiap hari pada 00:00 UTC bermula hari selepas pembelian, pada kadar harian yang ditunjukkan pada produk. Prinsipal dipulangkan apabila tempoh tamat; penebusan awal, jika dibenarkan, memulangkan prinsipal tolak faedah yang telah dibayar.",
      vl: "Lãi kỳ hạn cố định được cộng mỗi ngày lúc 00:00 UTC từ ngày sau khi mua, theo lãi suất ngày hiển thị trên sản phẩm. Tiền gốc được trả lại khi hết kỳ hạn; rút trước hạn (nếu được phép) trả lại tiền gốc trừ phần lãi đã nhận.",
      xi: "El interés a plazo fijo se abona cada día a las 00:00 UTC desde el día siguiente a la compra, al tipo diario indicado en el producto. El capital vuelve al terminar el plazo; el rescate anticipado, donde se permite, devuelve el capital menos el interés ya pagado.",
      "zh-cn":
        "定期利息自購買次日起，每日 00:00 UTC 依產品顯示的日利率存入。本金於期滿時退還；若產品允許提前贖回，會退還本金扣除已發放的利息。",
    },
  ],
};

export const BANNER_FEES: Translations = {
  "en-us": "Free withdrawals of your own money — only the network fee shown",
  ko: "본인 자금 출금은 무료 — 표시된 네트워크 수수료만",
  jp: "ご自身の資金の出金は無料 — 表示のネットワーク手数料のみ",
  tai: "ถอนเงินของคุณเองฟรี — มีเพียงค่าธรรมเนียมเครือข่ายที่แสดง",
  mlxy: "Pengeluaran wang anda sendiri percuma — hanya yuran rangkaian yang ditunjukkan",
  vl: "Rút tiền của chính bạn miễn phí — chỉ phí mạng đã hiển thị",
  xi: "Retirar tu propio dinero es gratis: solo la comisión de red indicada",
  "zh-cn": "提領自己的資金免費 — 僅收取顯示的網路手續費",
};

export const BANNER_HELP: Translations = {
  "en-us": "New here? Read how options settle and how withdrawals are reviewed",
  ko: "처음이신가요? 옵션 정산과 출금 심사 방식을 읽어 보세요",
  jp: "はじめての方へ：オプションの決済と出金審査の流れをご覧ください",
  tai: "มาใหม่ใช่ไหม อ่านวิธีชำระราคาออปชันและการตรวจสอบการถอน",
  mlxy: "Baru di sini? Baca cara opsyen diselesaikan dan pengeluaran disemak",
  vl: "Mới dùng? Đọc cách quyền chọn được thanh toán và lệnh rút được duyệt",
  xi: "¿Eres nuevo? Lee cómo se liquidan las opciones y cómo se revisan los retiros",
  "zh-cn": "第一次使用？看看期權如何結算、提領如何審核",
};
