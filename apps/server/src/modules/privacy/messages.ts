// Customer-facing messages of data rights (download my data, close my account).
import type { Translations } from "@candor/contract";

export const privacyMessages = {
  accountCloseBlocked: {
    "en-us":
      "Your account cannot close yet: {count} item(s) are still open or hold money. Close them and withdraw every balance first; the list shows what is left.",
    ko: "아직 계정을 해지할 수 없습니다. {count}개 항목이 아직 열려 있거나 자금이 남아 있습니다. 먼저 모두 정리하고 잔액을 출금하세요. 목록에서 남은 항목을 확인할 수 있습니다.",
    jp: "まだアカウントを解約できません。{count} 件がまだ未決済か資金が残っています。先にそれらを終了し、残高をすべて出金してください。残っている項目は一覧で確認できます。",
    tai: "ยังปิดบัญชีไม่ได้: ยังมี {count} รายการที่เปิดอยู่หรือมีเงินคงเหลือ โปรดปิดรายการเหล่านั้นและถอนยอดคงเหลือทั้งหมดก่อน รายการด้านล่างแสดงสิ่งที่เหลืออยู่",
    mlxy: "Akaun anda belum boleh ditutup: {count} perkara masih terbuka atau memegang wang. Tutup semuanya dan keluarkan setiap baki dahulu; senarai menunjukkan apa yang tinggal.",
    vl: "Chưa thể đóng tài khoản: còn {count} mục đang mở hoặc còn tiền. Hãy đóng chúng và rút hết số dư trước; danh sách cho biết những gì còn lại.",
    xi: "Tu cuenta aún no puede cerrarse: {count} elemento(s) siguen abiertos o tienen dinero. Ciérralos y retira todos los saldos primero; la lista muestra lo que queda.",
    "zh-cn": "帳戶暫時無法註銷：仍有 {count} 項未結束或持有資金。請先結清並提領所有餘額；清單列出了剩餘項目。",
  },
} satisfies Record<string, Translations>;
