// Messages of the system calls: settings by key and the declined seed call.
import type { Translations } from "@candor/contract";

export const systemMessages = {
  settingNotFound: {
    "en-us": "There is no public setting named {param}",
    ko: "{param}(이)라는 공개 설정이 없습니다",
    jp: "{param} という公開設定はありません",
    tai: "ไม่มีการตั้งค่าสาธารณะชื่อ {param}",
    mlxy: "Tiada tetapan awam bernama {param}",
    vl: "Không có cài đặt công khai nào tên là {param}",
    xi: "No existe ningún ajuste público llamado {param}",
    "zh-cn": "沒有名為 {param} 的公開設定",
  },
  importantCustomerDeclined: {
    "en-us":
      'This call is not offered: Candor does not track "important customers"; every customer gets the same service',
    ko: "이 기능은 제공되지 않습니다. Candor는 '중요 고객'을 따로 추적하지 않으며 모든 고객에게 같은 서비스를 제공합니다",
    jp: "この機能は提供していません。Candor は「重要顧客」を追跡せず、すべてのお客様に同じサービスを提供します",
    tai: 'ไม่มีบริการนี้: Candor ไม่ติดตาม "ลูกค้าสำคัญ" ลูกค้าทุกคนได้รับบริการเดียวกัน',
    mlxy: 'Fungsi ini tidak ditawarkan: Candor tidak menjejak "pelanggan penting"; setiap pelanggan menerima perkhidmatan yang sama',
    vl: 'Chức năng này không được cung cấp: Candor không theo dõi "khách hàng quan trọng"; mọi khách hàng đều được phục vụ như nhau',
    xi: 'Esta función no se ofrece: Candor no hace seguimiento de "clientes importantes"; todos los clientes reciben el mismo servicio',
    "zh-cn": "不提供此功能：Candor 不追蹤「重要客戶」，每位使用者都享有相同的服務",
  },
} satisfies Record<string, Translations>;
