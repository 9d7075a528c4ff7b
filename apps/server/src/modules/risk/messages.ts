// Customer-facing messages of the exposure limits.
import type { Translations } from "@candor/contract";

export const riskMessages = {
  riskLimitReached: {
    "en-us":
      "New trades in {currency} are paused for now because the platform's limit for them is reached. Your open trades and withdrawals are not affected.",
    ko: "플랫폼의 {currency} 한도에 도달하여 새 거래가 일시 중지되었습니다. 보유 중인 거래와 출금에는 영향이 없습니다.",
    jp: "プラットフォームの {currency} の上限に達したため、新しい取引を一時停止しています。保有中の取引と出金には影響しません。",
    tai: "การซื้อขายใหม่ใน {currency} ถูกระงับชั่วคราว เนื่องจากถึงขีดจำกัดของแพลตฟอร์มแล้ว รายการที่เปิดอยู่และการถอนเงินของคุณไม่ได้รับผลกระทบ",
    mlxy: "Dagangan baharu dalam {currency} dihentikan buat sementara kerana had platform telah dicapai. Dagangan terbuka dan pengeluaran anda tidak terjejas.",
    vl: "Giao dịch mới bằng {currency} tạm dừng vì đã đạt hạn mức của nền tảng. Các giao dịch đang mở và lệnh rút tiền của bạn không bị ảnh hưởng.",
    xi: "Las nuevas operaciones en {currency} están en pausa porque se alcanzó el límite de la plataforma. Sus operaciones abiertas y retiros no se ven afectados.",
    "zh-cn": "平台的 {currency} 限額已達到，新交易暫停。您未平倉的交易與提領不受影響。",
  },
} satisfies Record<string, Translations>;
