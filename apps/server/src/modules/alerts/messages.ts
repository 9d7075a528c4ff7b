// Customer-facing messages of price alerts and Web Push subscriptions.
import type { Translations } from "@candor/contract";

export const alertMessages = {
  alertsTooMany: {
    "en-us": "You can keep at most {max} price alerts. Delete one to add another.",
    ko: "가격 알림은 최대 {max}개까지 둘 수 있습니다. 하나를 삭제한 후 추가하세요.",
    jp: "価格アラートは最大 {max} 件までです。追加するには1件削除してください。",
    tai: "ตั้งการแจ้งเตือนราคาได้สูงสุด {max} รายการ ลบหนึ่งรายการก่อนเพิ่มใหม่",
    mlxy: "Anda boleh menyimpan paling banyak {max} amaran harga. Padam satu untuk menambah yang lain.",
    vl: "Bạn chỉ có thể giữ tối đa {max} cảnh báo giá. Hãy xóa một cảnh báo để thêm cảnh báo mới.",
    xi: "Puedes tener como máximo {max} alertas de precio. Borra una para añadir otra.",
    "zh-cn": "價格提醒最多 {max} 個，請先刪除一個再新增。",
  },
  pushEndpointRefused: {
    "en-us": "This push address cannot be used (an https address of a push service is needed).",
    ko: "이 푸시 주소는 사용할 수 없습니다(푸시 서비스의 https 주소가 필요합니다).",
    jp: "このプッシュ先は使用できません（プッシュサービスの https アドレスが必要です）。",
    tai: "ใช้ที่อยู่พุชนี้ไม่ได้ (ต้องเป็นที่อยู่ https ของบริการพุช)",
    mlxy: "Alamat tolak ini tidak boleh digunakan (alamat https perkhidmatan tolak diperlukan).",
    vl: "Không thể dùng địa chỉ đẩy này (cần địa chỉ https của dịch vụ đẩy).",
    xi: "No se puede usar esta dirección push (se necesita una dirección https de un servicio push).",
    "zh-cn": "無法使用此推播位址（需要推播服務的 https 位址）。",
  },
  pushDisabled: {
    "en-us": "Notifications on this device are not available right now.",
    ko: "현재 이 기기에서는 알림을 사용할 수 없습니다.",
    jp: "現在この端末では通知を利用できません。",
    tai: "ขณะนี้ไม่สามารถใช้การแจ้งเตือนบนอุปกรณ์นี้ได้",
    mlxy: "Pemberitahuan pada peranti ini tidak tersedia sekarang.",
    vl: "Hiện không thể dùng thông báo trên thiết bị này.",
    xi: "Las notificaciones en este dispositivo no están disponibles ahora.",
    "zh-cn": "此裝置目前無法使用通知。",
  },
} satisfies Record<string, Translations>;
