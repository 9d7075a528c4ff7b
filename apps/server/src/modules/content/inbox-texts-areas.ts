// Inbox texts of the investing and rewards areas (earn, contests, IEO, loans, rewards), in
// the eight languages; inbox-texts.ts adds them to the money and trading texts.
import type { Translations } from "@candor/contract";
import { PRICE_ALERT_TEXT } from "../alerts/service";

export interface InboxText {
  title: Translations;
  body: Translations;
}

export const AREA_INBOX_TEXTS: Record<string, InboxText> = {
  earnOrderEnded: {
    title: {
      "en-us": "Earn order ended",
      ko: "수익 주문 종료",
      jp: "運用注文が終了しました",
      tai: "คำสั่งลงทุนสิ้นสุดแล้ว",
      mlxy: "Pesanan pelaburan tamat",
      vl: "Lệnh đầu tư đã kết thúc",
      xi: "Orden de inversión finalizada",
      "zh-cn": "理財訂單已結束",
    },
    body: {
      "en-us": "Earn order #{id} ended. What came back to your balance is shown in the order's details.",
      ko: "수익 주문 #{id}이(가) 종료되었습니다. 잔액으로 돌아온 금액은 주문 상세에서 확인하세요.",
      jp: "運用注文 #{id} が終了しました。残高に戻った金額は注文詳細でご確認ください。",
      tai: "คำสั่งลงทุน #{id} สิ้นสุดแล้ว ยอดที่คืนเข้าบัญชีดูได้ในรายละเอียดคำสั่ง",
      mlxy: "Pesanan pelaburan #{id} telah tamat. Jumlah yang kembali ke baki anda ada dalam butiran pesanan.",
      vl: "Lệnh đầu tư #{id} đã kết thúc. Số tiền trả về số dư có trong chi tiết lệnh.",
      xi: "La orden de inversión #{id} terminó. Lo que volvió a tu saldo aparece en el detalle de la orden.",
      "zh-cn": "理財訂單 #{id} 已結束，退回餘額的金額請見訂單詳情。",
    },
  },
  contestPrize: {
    title: {
      "en-us": "Contest prize paid",
      ko: "대회 상금 지급",
      jp: "コンテストの賞金が支払われました",
      tai: "จ่ายรางวัลการแข่งขันแล้ว",
      mlxy: "Hadiah pertandingan dibayar",
      vl: "Đã trả thưởng cuộc thi",
      xi: "Premio del concurso pagado",
      "zh-cn": "比賽獎金已發放",
    },
    body: {
      "en-us": "You finished contest #{contestId} in rank {rank}: {amount} {currency} was paid to your spot balance.",
      ko: "대회 #{contestId}에서 {rank}위를 기록했습니다. {amount} {currency}가 현물 잔액으로 지급되었습니다.",
      jp: "コンテスト #{contestId} で {rank} 位になりました。{amount} {currency} を現物残高に支払いました。",
      tai: "คุณจบการแข่งขัน #{contestId} ในอันดับ {rank}: จ่าย {amount} {currency} เข้ายอดคงเหลือสปอตแล้ว",
      mlxy: "Anda menamatkan pertandingan #{contestId} di kedudukan {rank}: {amount} {currency} telah dibayar ke baki spot anda.",
      vl: "Bạn kết thúc cuộc thi #{contestId} ở hạng {rank}: {amount} {currency} đã được trả vào số dư giao ngay.",
      xi: "Terminaste el concurso #{contestId} en el puesto {rank}: se pagaron {amount} {currency} a tu saldo spot.",
      "zh-cn": "你在比賽 #{contestId} 獲得第 {rank} 名：{amount} {currency} 已發放至你的現貨餘額。",
    },
  },
  ieoWon: {
    title: {
      "en-us": "IEO: you won {wonQuantity} {symbol}",
      ko: "IEO: {symbol} {wonQuantity}개 당첨",
      jp: "IEO：{symbol} {wonQuantity} 口に当選しました",
      tai: "IEO: คุณได้รับการจัดสรร {symbol} {wonQuantity}",
      mlxy: "IEO: anda memenangi {wonQuantity} {symbol}",
      vl: "IEO: bạn trúng {wonQuantity} {symbol}",
      xi: "IEO: ganaste {wonQuantity} {symbol}",
      "zh-cn": "IEO：您中籤 {wonQuantity} {symbol}",
    },
    body: {
      "en-us":
        "Order #{id} won {wonQuantity} of the {quantity} units you applied for. Pay {amount} USDT before the payment deadline to receive the tokens at listing; unpaid wins expire.",
      ko: "주문 #{id}이(가) 신청한 {quantity}개 중 {wonQuantity}개에 당첨되었습니다. 결제 마감 전에 {amount} USDT를 결제하면 상장 시 토큰을 받습니다. 미결제 당첨은 만료됩니다.",
      jp: "注文 #{id} は申込 {quantity} 口のうち {wonQuantity} 口に当選しました。支払期限までに {amount} USDT をお支払いいただくと、上場時にトークンを受け取れます。未払いの当選は失効します。",
      tai: "คำสั่ง #{id} ได้รับการจัดสรร {wonQuantity} จาก {quantity} ที่จอง ชำระ {amount} USDT ก่อนกำหนดเพื่อรับโทเค็นเมื่อเข้าจดทะเบียน หากไม่ชำระสิทธิ์จะหมดอายุ",
      mlxy: "Pesanan #{id} memenangi {wonQuantity} daripada {quantity} unit yang anda mohon. Bayar {amount} USDT sebelum tarikh akhir untuk menerima token semasa penyenaraian; kemenangan yang tidak dibayar akan luput.",
      vl: "Lệnh #{id} trúng {wonQuantity} trên {quantity} đơn vị bạn đăng ký. Hãy thanh toán {amount} USDT trước hạn để nhận token khi niêm yết; phần trúng không thanh toán sẽ hết hạn.",
      xi: "La orden #{id} ganó {wonQuantity} de las {quantity} unidades que solicitaste. Paga {amount} USDT antes del plazo para recibir los tokens al listarse; lo ganado sin pagar caduca.",
      "zh-cn":
        "訂單 #{id} 在您申購的 {quantity} 中中籤 {wonQuantity}。請於付款期限前支付 {amount} USDT，上架時即可收到代幣；逾期未付的中籤將失效。",
    },
  },
  ieoLost: {
    title: {
      "en-us": "IEO: not drawn this time ({symbol})",
      ko: "IEO: 이번에는 당첨되지 않았습니다 ({symbol})",
      jp: "IEO：今回は当選しませんでした（{symbol}）",
      tai: "IEO: ครั้งนี้ไม่ได้รับการจัดสรร ({symbol})",
      mlxy: "IEO: tidak terpilih kali ini ({symbol})",
      vl: "IEO: lần này không trúng ({symbol})",
      xi: "IEO: esta vez no saliste sorteado ({symbol})",
      "zh-cn": "IEO：本次未中籤（{symbol}）",
    },
    body: {
      "en-us":
        "Order #{id} was not drawn. Nothing was charged. The seed and every entry are published, so you can check the draw.",
      ko: "주문 #{id}은(는) 당첨되지 않았습니다. 결제된 금액은 없습니다. 시드와 모든 신청 내역이 공개되어 추첨을 직접 확인할 수 있습니다.",
      jp: "注文 #{id} は当選しませんでした。料金は発生していません。シードとすべての申込が公開されているので、抽選を検証できます。",
      tai: "คำสั่ง #{id} ไม่ได้รับการจัดสรร ไม่มีการเรียกเก็บเงิน ค่า seed และรายการจองทั้งหมดถูกเผยแพร่ คุณจึงตรวจสอบการจับสลากได้",
      mlxy: "Pesanan #{id} tidak terpilih. Tiada caj dikenakan. Benih (seed) dan setiap penyertaan diterbitkan, jadi anda boleh menyemak cabutan.",
      vl: "Lệnh #{id} không trúng. Bạn không bị trừ tiền. Seed và mọi lượt đăng ký đều được công bố để bạn tự kiểm tra kết quả.",
      xi: "La orden #{id} no salió sorteada. No se te cobró nada. La semilla y todas las solicitudes están publicadas, así que puedes comprobar el sorteo.",
      "zh-cn": "訂單 #{id} 未中籤，未收取任何費用。種子與所有申購紀錄皆已公開，您可自行驗證抽籤結果。",
    },
  },
  ieoExpired: {
    title: {
      "en-us": "IEO: unpaid win expired ({symbol})",
      ko: "IEO: 미결제 당첨이 만료되었습니다 ({symbol})",
      jp: "IEO：未払いの当選が失効しました（{symbol}）",
      tai: "IEO: สิทธิ์ที่ไม่ได้ชำระหมดอายุแล้ว ({symbol})",
      mlxy: "IEO: kemenangan yang tidak dibayar telah luput ({symbol})",
      vl: "IEO: phần trúng chưa thanh toán đã hết hạn ({symbol})",
      xi: "IEO: lo ganado sin pagar caducó ({symbol})",
      "zh-cn": "IEO：未付款的中籤已失效（{symbol}）",
    },
    body: {
      "en-us": "Order #{id} was not paid before the deadline and has expired. Nothing was charged.",
      ko: "주문 #{id}이(가) 마감 전에 결제되지 않아 만료되었습니다. 결제된 금액은 없습니다.",
      jp: "注文 #{id} は期限までに支払われなかったため失効しました。料金は発生していません。",
      tai: "คำสั่ง #{id} ไม่ได้ชำระก่อนกำหนดจึงหมดอายุ ไม่มีการเรียกเก็บเงิน",
      mlxy: "Pesanan #{id} tidak dibayar sebelum tarikh akhir dan telah luput. Tiada caj dikenakan.",
      vl: "Lệnh #{id} không được thanh toán trước hạn nên đã hết hạn. Bạn không bị trừ tiền.",
      xi: "La orden #{id} no se pagó antes del plazo y caducó. No se te cobró nada.",
      "zh-cn": "訂單 #{id} 未於期限前付款，已失效，未收取任何費用。",
    },
  },
  ieoDelivered: {
    title: {
      "en-us": "IEO: {wonQuantity} {symbol} delivered",
      ko: "IEO: {symbol} {wonQuantity}개 지급 완료",
      jp: "IEO：{symbol} {wonQuantity} をお届けしました",
      tai: "IEO: ส่งมอบ {symbol} {wonQuantity} แล้ว",
      mlxy: "IEO: {wonQuantity} {symbol} telah dihantar",
      vl: "IEO: đã giao {wonQuantity} {symbol}",
      xi: "IEO: se entregaron {wonQuantity} {symbol}",
      "zh-cn": "IEO：已發放 {wonQuantity} {symbol}",
    },
    body: {
      "en-us":
        "{symbol} is listed. The {wonQuantity} {symbol} of order #{id} are in your spot account; its price now moves with the market.",
      ko: "{symbol}이(가) 상장되었습니다. 주문 #{id}의 {symbol} {wonQuantity}개가 현물 계정에 지급되었으며, 이제 가격은 시장에 따라 변동합니다.",
      jp: "{symbol} が上場しました。注文 #{id} の {symbol} {wonQuantity} は現物口座に入金済みです。価格は今後市場に応じて変動します。",
      tai: "{symbol} เข้าจดทะเบียนแล้ว {symbol} {wonQuantity} ของคำสั่ง #{id} อยู่ในบัญชีสปอตของคุณ ราคาจะเปลี่ยนไปตามตลาด",
      mlxy: "{symbol} telah disenaraikan. {wonQuantity} {symbol} bagi pesanan #{id} ada dalam akaun spot anda; harganya kini bergerak mengikut pasaran.",
      vl: "{symbol} đã được niêm yết. {wonQuantity} {symbol} của lệnh #{id} đã vào tài khoản giao ngay; giá của nó giờ biến động theo thị trường.",
      xi: "{symbol} ya cotiza. Los {wonQuantity} {symbol} de la orden #{id} están en tu cuenta spot; su precio ahora se mueve con el mercado.",
      "zh-cn": "{symbol} 已上架。訂單 #{id} 的 {wonQuantity} {symbol} 已存入您的現貨帳戶，價格將隨市場波動。",
    },
  },
  loanMarginCall: {
    title: {
      "en-us": "Loan margin call",
      ko: "대출 담보 부족 알림",
      jp: "ローンの追加担保のお知らせ",
      tai: "แจ้งเตือนหลักประกันเงินกู้",
      mlxy: "Panggilan margin pinjaman",
      vl: "Cảnh báo ký quỹ khoản vay",
      xi: "Aviso de margen del préstamo",
      "zh-cn": "借貸追加擔保通知",
    },
    body: {
      "en-us":
        "Loan #{id} has reached a loan-to-value of {ltv}. Add collateral or repay part of it to avoid liquidation.",
      ko: "대출 #{id}의 담보 대비 대출 비율이 {ltv}에 도달했습니다. 청산을 피하려면 담보를 추가하거나 일부를 상환하세요.",
      jp: "ローン #{id} の担保掛目が {ltv} に達しました。清算を避けるには担保の追加か一部返済をしてください。",
      tai: "เงินกู้ #{id} มีอัตราส่วนเงินกู้ต่อหลักประกันถึง {ltv} แล้ว เพิ่มหลักประกันหรือชำระบางส่วนเพื่อหลีกเลี่ยงการบังคับขาย",
      mlxy: "Pinjaman #{id} telah mencapai nisbah pinjaman kepada nilai {ltv}. Tambah cagaran atau bayar sebahagian untuk mengelakkan pembubaran.",
      vl: "Khoản vay #{id} đã đạt tỷ lệ vay trên tài sản {ltv}. Hãy thêm tài sản thế chấp hoặc trả bớt để tránh bị thanh lý.",
      xi: "El préstamo #{id} alcanzó una relación préstamo-garantía de {ltv}. Añade garantía o devuelve una parte para evitar la liquidación.",
      "zh-cn": "借貸 #{id} 的貸款價值比已達 {ltv}，請追加擔保品或部分還款，以免遭到清算。",
    },
  },
  rewardTaskDone: {
    title: {
      "en-us": "Task completed",
      ko: "과제 완료",
      jp: "タスク達成",
      tai: "ทำภารกิจสำเร็จ",
      mlxy: "Tugasan selesai",
      vl: "Hoàn thành nhiệm vụ",
      xi: "Tarea completada",
      "zh-cn": "任務完成",
    },
    body: {
      "en-us": "You completed “{title}”. Claim the reward in the welfare centre.",
      ko: "“{title}”을(를) 완료했습니다. 복지 센터에서 보상을 받으세요.",
      jp: "「{title}」を達成しました。特典センターで報酬を受け取ってください。",
      tai: "คุณทำ “{title}” สำเร็จแล้ว รับรางวัลได้ที่ศูนย์สวัสดิการ",
      mlxy: "Anda telah menyelesaikan “{title}”. Tuntut ganjaran di pusat kebajikan.",
      vl: "Bạn đã hoàn thành “{title}”. Nhận thưởng tại trung tâm phúc lợi.",
      xi: "Completaste “{title}”. Reclama la recompensa en el centro de beneficios.",
      "zh-cn": "您已完成「{title}」，請至福利中心領取獎勵。",
    },
  },
  // Price alerts (modules/alerts/texts.ts: the same words as the Web Push notification).
  priceAlertFired: { title: PRICE_ALERT_TEXT.title, body: PRICE_ALERT_TEXT.body },
  priceAlertMoved: { title: PRICE_ALERT_TEXT.title, body: PRICE_ALERT_TEXT.bodyMove },
};
