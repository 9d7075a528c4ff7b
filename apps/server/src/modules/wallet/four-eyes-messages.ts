// Messages of four-eyes approvals (four-eyes.ts).
import type { Translations } from "@candor/contract";

export const fourEyesMessages = {
  fourEyesRequired: {
    "en-us":
      "Above {limit} USDT a second finance or admin member must approve: request it under Approvals in the console",
    ko: "{limit} USDT를 초과하면 재무 또는 관리자 한 명이 추가로 승인해야 합니다. 콘솔의 승인 메뉴에서 요청하세요",
    jp: "{limit} USDT を超える場合は、財務または管理者のもう一人の承認が必要です。コンソールの「承認」から申請してください",
    tai: "เกิน {limit} USDT ต้องได้รับการอนุมัติจากเจ้าหน้าที่การเงินหรือผู้ดูแลอีกคนหนึ่ง กรุณาส่งคำขอที่เมนูการอนุมัติในคอนโซล",
    mlxy: "Melebihi {limit} USDT, seorang lagi ahli kewangan atau pentadbir mesti meluluskan: mohon di bawah Kelulusan dalam konsol",
    vl: "Trên {limit} USDT cần một thành viên tài chính hoặc quản trị khác phê duyệt: hãy gửi yêu cầu trong mục Phê duyệt của bảng điều khiển",
    xi: "Por encima de {limit} USDT debe aprobarlo otro miembro de finanzas o administración: solicítalo en Aprobaciones de la consola",
    "zh-cn": "超過 {limit} USDT 須由另一位財務或管理員核准：請在管理後台的「核准」中提出申請",
  },
  fourEyesOwnRequest: {
    "en-us": "You cannot approve your own request: a second person must approve it",
    ko: "자신의 요청은 승인할 수 없습니다. 다른 사람이 승인해야 합니다",
    jp: "自分の申請は承認できません。別の人が承認する必要があります",
    tai: "คุณไม่สามารถอนุมัติคำขอของตนเองได้ ต้องให้อีกคนหนึ่งเป็นผู้อนุมัติ",
    mlxy: "Anda tidak boleh meluluskan permintaan sendiri: orang kedua mesti meluluskannya",
    vl: "Bạn không thể tự phê duyệt yêu cầu của mình: cần một người thứ hai phê duyệt",
    xi: "No puedes aprobar tu propia solicitud: debe aprobarla otra persona",
    "zh-cn": "您不能核准自己的申請，須由另一人核准",
  },
  fourEyesDecided: {
    "en-us": "This request has already been decided",
    ko: "이 요청은 이미 처리되었습니다",
    jp: "この申請はすでに処理されています",
    tai: "คำขอนี้ได้รับการตัดสินแล้ว",
    mlxy: "Permintaan ini telah diputuskan",
    vl: "Yêu cầu này đã được xử lý",
    xi: "Esta solicitud ya se ha resuelto",
    "zh-cn": "此申請已處理",
  },
} satisfies Record<string, Translations>;
