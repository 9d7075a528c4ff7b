// Inbox texts by message key, in the eight languages. A message stores the key and its
// parameters; this renders it in the reader's language when it is listed.
import { LANG_TAGS, type Lang } from "@candor/contract";
import { localDecimal, pairLabel } from "@candor/domain";
import { AREA_INBOX_TEXTS, type InboxText } from "./inbox-texts-areas";

export const INBOX_TEXTS: Record<string, InboxText> = {
  depositCredited: {
    title: {
      "en-us": "Deposit credited",
      ko: "입금 완료",
      jp: "入金が反映されました",
      tai: "เงินฝากเข้าบัญชีแล้ว",
      mlxy: "Deposit dikreditkan",
      vl: "Đã cộng tiền nạp",
      xi: "Depósito abonado",
      "zh-cn": "儲值已入帳",
    },
    body: {
      "en-us": "{amount} {currency} from deposit #{id} is now in your available balance.",
      ko: "입금 #{id}의 {amount} {currency}이(가) 사용 가능 잔액에 반영되었습니다.",
      jp: "入金 #{id} の {amount} {currency} が利用可能残高に反映されました。",
      tai: "{amount} {currency} จากรายการฝาก #{id} เข้ายอดที่ใช้ได้ของคุณแล้ว",
      mlxy: "{amount} {currency} daripada deposit #{id} kini dalam baki tersedia anda.",
      vl: "{amount} {currency} từ lệnh nạp #{id} đã vào số dư khả dụng của bạn.",
      xi: "{amount} {currency} del depósito #{id} ya están en tu saldo disponible.",
      "zh-cn": "儲值 #{id} 的 {amount} {currency} 已存入您的可用餘額。",
    },
  },
  depositRejected: {
    title: {
      "en-us": "Deposit not credited",
      ko: "입금이 반영되지 않았습니다",
      jp: "入金は反映されませんでした",
      tai: "เงินฝากไม่ได้เข้าบัญชี",
      mlxy: "Deposit tidak dikreditkan",
      vl: "Khoản nạp không được cộng",
      xi: "Depósito no abonado",
      "zh-cn": "儲值未入帳",
    },
    body: {
      "en-us": "Deposit #{id} ({amount} {currency}) was closed without crediting: {reason}",
      ko: "입금 #{id}({amount} {currency})은(는) 반영되지 않고 종료되었습니다: {reason}",
      jp: "入金 #{id}（{amount} {currency}）は反映されずに終了しました：{reason}",
      tai: "รายการฝาก #{id} ({amount} {currency}) ถูกปิดโดยไม่เข้าบัญชี: {reason}",
      mlxy: "Deposit #{id} ({amount} {currency}) ditutup tanpa dikreditkan: {reason}",
      vl: "Lệnh nạp #{id} ({amount} {currency}) đã đóng mà không được cộng: {reason}",
      xi: "El depósito #{id} ({amount} {currency}) se cerró sin abonarse: {reason}",
      "zh-cn": "儲值 #{id}（{amount} {currency}）未入帳即結案：{reason}",
    },
  },
  payoutAccountAdded: {
    title: {
      "en-us": "New withdrawal address added",
      ko: "새 출금 주소 추가됨",
      jp: "新しい出金先が追加されました",
      tai: "เพิ่มที่อยู่ถอนเงินใหม่แล้ว",
      mlxy: "Alamat pengeluaran baharu ditambah",
      vl: "Đã thêm địa chỉ rút tiền mới",
      xi: "Nueva dirección de retiro añadida",
      "zh-cn": "已新增提領地址",
    },
    body: {
      "en-us":
        "{destination} was added as a withdrawal address; it can be used from {usableAt}. If this was not you, use the link in the e-mail or SMS we sent, or contact support at once.",
      ko: "{destination}이(가) 출금 주소로 추가되었으며 {usableAt}부터 사용할 수 있습니다. 본인이 아니라면 보내 드린 이메일 또는 문자의 링크를 이용하거나 즉시 고객센터에 문의하세요.",
      jp: "{destination} が出金先として追加されました。{usableAt} から利用できます。お心当たりがない場合は、お送りしたメールまたは SMS のリンクを使うか、直ちにサポートにご連絡ください。",
      tai: "{destination} ถูกเพิ่มเป็นที่อยู่ถอนเงิน ใช้ได้ตั้งแต่ {usableAt} หากไม่ใช่คุณ ใช้ลิงก์ในอีเมลหรือ SMS ที่เราส่งไป หรือติดต่อฝ่ายบริการลูกค้าทันที",
      mlxy: "{destination} telah ditambah sebagai alamat pengeluaran; ia boleh digunakan mulai {usableAt}. Jika ini bukan anda, gunakan pautan dalam e-mel atau SMS yang kami hantar, atau hubungi sokongan dengan segera.",
      vl: "{destination} đã được thêm làm địa chỉ rút tiền; có thể dùng từ {usableAt}. Nếu không phải bạn, hãy dùng liên kết trong e-mail hoặc SMS chúng tôi đã gửi, hoặc liên hệ hỗ trợ ngay.",
      xi: "Se añadió {destination} como dirección de retiro; se podrá usar a partir de {usableAt}. Si no fue usted, use el enlace del correo o SMS que le enviamos o contacte con soporte de inmediato.",
      "zh-cn":
        "{destination} 已新增為提領地址，自 {usableAt} 起可用。若不是您本人操作，請使用我們寄出的電子郵件或簡訊中的連結，或立即聯繫客服。",
    },
  },
  withdrawalPaid: {
    title: {
      "en-us": "Withdrawal sent",
      ko: "출금 완료",
      jp: "出金が送金されました",
      tai: "ส่งเงินถอนแล้ว",
      mlxy: "Pengeluaran dihantar",
      vl: "Đã chuyển khoản rút",
      xi: "Retiro enviado",
      "zh-cn": "提領已匯出",
    },
    body: {
      "en-us": "Withdrawal #{id} of {amount} {currency} was paid out.",
      ko: "{amount} {currency} 출금 #{id}이(가) 지급되었습니다.",
      jp: "{amount} {currency} の出金 #{id} が送金されました。",
      tai: "รายการถอน #{id} จำนวน {amount} {currency} จ่ายออกแล้ว",
      mlxy: "Pengeluaran #{id} sebanyak {amount} {currency} telah dibayar.",
      vl: "Lệnh rút #{id} số tiền {amount} {currency} đã được chi trả.",
      xi: "El retiro #{id} de {amount} {currency} se ha pagado.",
      "zh-cn": "提領 #{id}（{amount} {currency}）已匯出。",
    },
  },
  withdrawalRejected: {
    title: {
      "en-us": "Withdrawal rejected",
      ko: "출금 거절",
      jp: "出金が却下されました",
      tai: "คำขอถอนถูกปฏิเสธ",
      mlxy: "Pengeluaran ditolak",
      vl: "Lệnh rút bị từ chối",
      xi: "Retiro rechazado",
      "zh-cn": "提領遭駁回",
    },
    body: {
      "en-us":
        "Withdrawal #{id} of {amount} {currency} was rejected and the amount is available again. Reason: {reason}",
      ko: "{amount} {currency} 출금 #{id}이(가) 거절되어 금액을 다시 사용할 수 있습니다. 사유: {reason}",
      jp: "{amount} {currency} の出金 #{id} は却下され、金額は再び利用可能です。理由：{reason}",
      tai: "รายการถอน #{id} จำนวน {amount} {currency} ถูกปฏิเสธ และยอดเงินกลับมาใช้ได้แล้ว เหตุผล: {reason}",
      mlxy: "Pengeluaran #{id} sebanyak {amount} {currency} ditolak dan jumlahnya tersedia semula. Sebab: {reason}",
      vl: "Lệnh rút #{id} số tiền {amount} {currency} bị từ chối và số tiền đã khả dụng trở lại. Lý do: {reason}",
      xi: "El retiro #{id} de {amount} {currency} fue rechazado y el importe vuelve a estar disponible. Motivo: {reason}",
      "zh-cn": "提領 #{id}（{amount} {currency}）遭駁回，金額已回到可用餘額。原因：{reason}",
    },
  },
  withdrawalFailed: {
    title: {
      "en-us": "Withdrawal failed",
      ko: "출금 실패",
      jp: "出金に失敗しました",
      tai: "การถอนเงินล้มเหลว",
      mlxy: "Pengeluaran gagal",
      vl: "Rút tiền thất bại",
      xi: "Retiro fallido",
      "zh-cn": "提領失敗",
    },
    body: {
      "en-us":
        "Withdrawal #{id} of {amount} {currency} could not be paid and the amount is available again. Reason: {reason}",
      ko: "{amount} {currency} 출금 #{id}을(를) 지급하지 못해 금액을 다시 사용할 수 있습니다. 사유: {reason}",
      jp: "{amount} {currency} の出金 #{id} は送金できず、金額は再び利用可能です。理由：{reason}",
      tai: "รายการถอน #{id} จำนวน {amount} {currency} จ่ายไม่สำเร็จ และยอดเงินกลับมาใช้ได้แล้ว เหตุผล: {reason}",
      mlxy: "Pengeluaran #{id} sebanyak {amount} {currency} tidak dapat dibayar dan jumlahnya tersedia semula. Sebab: {reason}",
      vl: "Lệnh rút #{id} số tiền {amount} {currency} không chi trả được và số tiền đã khả dụng trở lại. Lý do: {reason}",
      xi: "El retiro #{id} de {amount} {currency} no se pudo pagar y el importe vuelve a estar disponible. Motivo: {reason}",
      "zh-cn": "提領 #{id}（{amount} {currency}）無法匯出，金額已回到可用餘額。原因：{reason}",
    },
  },
  positionClosed: {
    title: {
      "en-us": "Position closed",
      ko: "포지션 청산",
      jp: "ポジションが決済されました",
      tai: "ปิดสถานะแล้ว",
      mlxy: "Posisi ditutup",
      vl: "Vị thế đã đóng",
      xi: "Posición cerrada",
      "zh-cn": "倉位已平倉",
    },
    body: {
      "en-us": "Your {symbol} position #{id} was closed. The close price and result are in your position history.",
      ko: "{symbol} 포지션 #{id}이(가) 청산되었습니다. 청산 가격과 결과는 포지션 내역에서 확인하세요.",
      jp: "{symbol} のポジション #{id} が決済されました。決済価格と損益はポジション履歴でご確認ください。",
      tai: "สถานะ {symbol} #{id} ของคุณถูกปิดแล้ว ดูราคาปิดและผลลัพธ์ได้ในประวัติสถานะ",
      mlxy: "Posisi {symbol} #{id} anda telah ditutup. Harga tutup dan keputusannya ada dalam sejarah posisi.",
      vl: "Vị thế {symbol} #{id} của bạn đã đóng. Giá đóng và kết quả có trong lịch sử vị thế.",
      xi: "Tu posición #{id} de {symbol} se cerró. El precio de cierre y el resultado están en tu historial.",
      "zh-cn": "您的 {symbol} 倉位 #{id} 已平倉，平倉價格與結果請見倉位紀錄。",
    },
  },
  demoPositionClosed: {
    title: {
      "en-us": "Demo position closed",
      ko: "모의 포지션 청산",
      jp: "デモポジションが決済されました",
      tai: "ปิดสถานะทดลองแล้ว",
      mlxy: "Posisi demo ditutup",
      vl: "Vị thế demo đã đóng",
      xi: "Posición demo cerrada",
      "zh-cn": "模擬倉位已平倉",
    },
    body: {
      "en-us": "Your demo {symbol} position #{id} was closed. Demo funds are virtual: no real money was won or lost.",
      ko: "모의 {symbol} 포지션 #{id}이(가) 청산되었습니다. 모의 자금은 가상이며 실제 돈을 얻거나 잃지 않았습니다.",
      jp: "デモの {symbol} ポジション #{id} が決済されました。デモ資金は仮想のもので、実際のお金の損益はありません。",
      tai: "สถานะทดลอง {symbol} #{id} ของคุณถูกปิดแล้ว เงินทดลองเป็นเงินเสมือน ไม่มีการได้หรือเสียเงินจริง",
      mlxy: "Posisi demo {symbol} #{id} anda telah ditutup. Dana demo adalah maya: tiada wang sebenar dimenangi atau hilang.",
      vl: "Vị thế demo {symbol} #{id} của bạn đã đóng. Tiền demo là tiền ảo: không có tiền thật nào được thắng hay mất.",
      xi: "Tu posición demo #{id} de {symbol} se cerró. Los fondos demo son virtuales: no se ganó ni se perdió dinero real.",
      "zh-cn": "您的模擬 {symbol} 倉位 #{id} 已平倉。模擬資金為虛擬資金，沒有真實資金的盈虧。",
    },
  },
  contestPositionClosed: {
    title: {
      "en-us": "Contest position closed",
      ko: "대회 포지션 청산",
      jp: "コンテストのポジションが決済されました",
      tai: "ปิดสถานะในการแข่งขันแล้ว",
      mlxy: "Posisi pertandingan ditutup",
      vl: "Vị thế cuộc thi đã đóng",
      xi: "Posición del concurso cerrada",
      "zh-cn": "競賽倉位已平倉",
    },
    body: {
      "en-us":
        "Your contest {symbol} position #{id} was closed. It traded the contest's virtual funds; the result counts in the contest ranking only.",
      ko: "대회 {symbol} 포지션 #{id}이(가) 청산되었습니다. 대회의 가상 자금으로 거래했으며 결과는 대회 순위에만 반영됩니다.",
      jp: "コンテストの {symbol} ポジション #{id} が決済されました。コンテストの仮想資金での取引で、結果はコンテストの順位にのみ反映されます。",
      tai: "สถานะ {symbol} #{id} ในการแข่งขันของคุณถูกปิดแล้ว ใช้เงินเสมือนของการแข่งขัน ผลลัพธ์นับเฉพาะในอันดับการแข่งขัน",
      mlxy: "Posisi pertandingan {symbol} #{id} anda telah ditutup. Ia menggunakan dana maya pertandingan; keputusannya dikira dalam kedudukan pertandingan sahaja.",
      vl: "Vị thế cuộc thi {symbol} #{id} của bạn đã đóng. Vị thế dùng tiền ảo của cuộc thi; kết quả chỉ tính vào bảng xếp hạng cuộc thi.",
      xi: "Tu posición #{id} de {symbol} en el concurso se cerró. Operó con los fondos virtuales del concurso; el resultado solo cuenta para la clasificación.",
      "zh-cn": "您的競賽 {symbol} 倉位 #{id} 已平倉。此倉位使用競賽的虛擬資金，結果只計入競賽排名。",
    },
  },
  optionSettled: {
    title: {
      "en-us": "Option settled",
      ko: "옵션 정산 완료",
      jp: "オプションが決済されました",
      tai: "ออปชันชำระราคาแล้ว",
      mlxy: "Opsyen diselesaikan",
      vl: "Quyền chọn đã thanh toán",
      xi: "Opción liquidada",
      "zh-cn": "期權已結算",
    },
    body: {
      "en-us": "Your {symbol} option #{id} settled at the recorded price {price}. Paid to you: {payout} {currency}.",
      ko: "{symbol} 옵션 #{id}이(가) 기록된 가격 {price}에 정산되었습니다. 지급액: {payout} {currency}.",
      jp: "{symbol} のオプション #{id} は記録価格 {price} で決済されました。お支払い額：{payout} {currency}。",
      tai: "ออปชัน {symbol} #{id} ของคุณชำระที่ราคาที่บันทึกไว้ {price} จ่ายให้คุณ: {payout} {currency}",
      mlxy: "Opsyen {symbol} #{id} anda diselesaikan pada harga yang direkodkan {price}. Dibayar kepada anda: {payout} {currency}.",
      vl: "Quyền chọn {symbol} #{id} của bạn đã thanh toán ở giá ghi nhận {price}. Số tiền trả cho bạn: {payout} {currency}.",
      xi: "Tu opción #{id} de {symbol} se liquidó al precio registrado {price}. Pagado a ti: {payout} {currency}.",
      "zh-cn": "您的 {symbol} 期權 #{id} 以紀錄價格 {price} 結算，付給您：{payout} {currency}。",
    },
  },
  kycApproved: {
    title: {
      "en-us": "Verification approved",
      ko: "인증 승인",
      jp: "本人確認が承認されました",
      tai: "การยืนยันตัวตนได้รับอนุมัติ",
      mlxy: "Pengesahan diluluskan",
      vl: "Xác minh đã được duyệt",
      xi: "Verificación aprobada",
      "zh-cn": "身分驗證已通過",
    },
    body: {
      "en-us": "Your identity verification was approved.",
      ko: "신원 인증이 승인되었습니다.",
      jp: "本人確認が承認されました。",
      tai: "การยืนยันตัวตนของคุณได้รับอนุมัติแล้ว",
      mlxy: "Pengesahan identiti anda telah diluluskan.",
      vl: "Xác minh danh tính của bạn đã được duyệt.",
      xi: "Tu verificación de identidad fue aprobada.",
      "zh-cn": "您的身分驗證已通過。",
    },
  },
  kycRejected: {
    title: {
      "en-us": "Verification not approved",
      ko: "인증 거절",
      jp: "本人確認が承認されませんでした",
      tai: "การยืนยันตัวตนไม่ผ่าน",
      mlxy: "Pengesahan tidak diluluskan",
      vl: "Xác minh không được duyệt",
      xi: "Verificación no aprobada",
      "zh-cn": "身分驗證未通過",
    },
    body: {
      "en-us": "Your identity verification was not approved: {reason}. You can submit it again.",
      ko: "신원 인증이 승인되지 않았습니다: {reason}. 다시 제출할 수 있습니다.",
      jp: "本人確認は承認されませんでした：{reason}。再度提出できます。",
      tai: "การยืนยันตัวตนของคุณไม่ผ่าน: {reason} คุณส่งใหม่ได้",
      mlxy: "Pengesahan identiti anda tidak diluluskan: {reason}. Anda boleh menghantarnya semula.",
      vl: "Xác minh danh tính của bạn không được duyệt: {reason}. Bạn có thể gửi lại.",
      xi: "Tu verificación de identidad no fue aprobada: {reason}. Puedes enviarla de nuevo.",
      "zh-cn": "您的身分驗證未通過：{reason}。您可以重新提交。",
    },
  },
  ...AREA_INBOX_TEXTS,
  generic: {
    title: {
      "en-us": "Account notice",
      ko: "계정 알림",
      jp: "アカウントのお知らせ",
      tai: "การแจ้งเตือนบัญชี",
      mlxy: "Notis akaun",
      vl: "Thông báo tài khoản",
      xi: "Aviso de la cuenta",
      "zh-cn": "帳戶通知",
    },
    body: {
      "en-us": "Something changed on your account. Check your records for details.",
      ko: "계정에 변경 사항이 있습니다. 자세한 내용은 기록을 확인하세요.",
      jp: "アカウントに変更がありました。詳細は履歴をご確認ください。",
      tai: "มีการเปลี่ยนแปลงในบัญชีของคุณ ดูรายละเอียดได้ในประวัติ",
      mlxy: "Sesuatu telah berubah pada akaun anda. Semak rekod anda untuk butiran.",
      vl: "Tài khoản của bạn có thay đổi. Xem chi tiết trong lịch sử.",
      xi: "Algo cambió en tu cuenta. Consulta tus registros para ver los detalles.",
      "zh-cn": "您的帳戶有異動，詳情請查看紀錄。",
    },
  },
};

/** Parameters that are amounts: written with the reader's separators (issue 35 §13), as the app shows them. */
const AMOUNTS = new Set(["amount", "wonQuantity", "quantity", "price", "payout", "value"]);

/** A trading symbol reads as a pair (BTCUSDT → BTC/USDT, issue 35 §13); amounts in the language's symbols. */
function shown(lang: Lang, name: string, value: string | number): string {
  if (name === "symbol") return pairLabel(String(value));
  if (AMOUNTS.has(name)) return localDecimal(String(value), LANG_TAGS[lang]);
  return String(value);
}

const fill = (lang: Lang, text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : shown(lang, name, value);
  });

export function renderInbox(lang: Lang, key: string, params: Record<string, string | number>) {
  const texts = INBOX_TEXTS[key] ?? (INBOX_TEXTS.generic as InboxText);
  return { title: fill(lang, texts.title[lang], params), body: fill(lang, texts.body[lang], params) };
}
