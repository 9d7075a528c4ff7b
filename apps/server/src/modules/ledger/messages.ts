// Customer-facing messages of the ledger's domain errors.
import type { Translations } from "@candor/contract";

export const ledgerMessages = {
  insufficientBalance: {
    "en-us": "Insufficient {currency} balance",
    ko: "{currency} 잔액이 부족합니다",
    jp: "{currency} の残高が不足しています",
    tai: "ยอดคงเหลือ {currency} ไม่เพียงพอ",
    mlxy: "Baki {currency} tidak mencukupi",
    vl: "Số dư {currency} không đủ",
    xi: "Saldo de {currency} insuficiente",
    "zh-cn": "{currency} 餘額不足",
  },
  idempotencyConflict: {
    "en-us": "This request was already submitted with different details",
    ko: "이 요청은 이미 다른 내용으로 제출되었습니다",
    jp: "このリクエストは別の内容ですでに送信されています",
    tai: "คำขอนี้ถูกส่งไปแล้วด้วยรายละเอียดที่ต่างกัน",
    mlxy: "Permintaan ini telah dihantar dengan butiran yang berbeza",
    vl: "Yêu cầu này đã được gửi trước đó với thông tin khác",
    xi: "Esta solicitud ya se envió con otros datos",
    "zh-cn": "此請求已以不同的內容提交過",
  },
  holdAlreadyResolved: {
    "en-us": "This amount has already been released or paid out",
    ko: "이 금액은 이미 해제되었거나 지급되었습니다",
    jp: "この金額はすでに解除または支払い済みです",
    tai: "จำนวนเงินนี้ถูกปลดล็อกหรือจ่ายออกไปแล้ว",
    mlxy: "Jumlah ini telah pun dilepaskan atau dibayar",
    vl: "Khoản tiền này đã được giải phóng hoặc chi trả",
    xi: "Este importe ya se liberó o se pagó",
    "zh-cn": "此金額已解除凍結或已支付",
  },
  accountClosed: {
    "en-us": "This account is closed and cannot receive funds",
    ko: "이 계정은 해지되어 자금을 받을 수 없습니다",
    jp: "このアカウントは解約済みのため、入金を受け付けられません",
    tai: "บัญชีนี้ถูกปิดแล้วและไม่สามารถรับเงินได้",
    mlxy: "Akaun ini telah ditutup dan tidak boleh menerima dana",
    vl: "Tài khoản này đã đóng và không thể nhận tiền",
    xi: "Esta cuenta está cerrada y no puede recibir fondos",
    "zh-cn": "此帳戶已關閉，無法再入帳",
  },
} satisfies Record<string, Translations>;
