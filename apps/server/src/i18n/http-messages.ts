// Messages of the HTTP layer's own refusals: oversized requests, client timeouts, page
// bounds (plugins/client-errors.ts, plugins/validation.ts).
import type { Translations } from "@candor/contract";

export const httpMessages = {
  headersTooLarge: {
    "en-us": "The request line or headers are too large",
    ko: "요청 줄 또는 헤더가 너무 큽니다",
    jp: "リクエスト行またはヘッダーが大きすぎます",
    tai: "บรรทัดคำขอหรือส่วนหัวมีขนาดใหญ่เกินไป",
    mlxy: "Baris permintaan atau pengepala terlalu besar",
    vl: "Dòng yêu cầu hoặc tiêu đề quá lớn",
    xi: "La línea de solicitud o las cabeceras son demasiado grandes",
    "zh-cn": "請求行或標頭過大",
  },
  requestTimeout: {
    "en-us": "The request took too long to arrive",
    ko: "요청이 도착하는 데 너무 오래 걸렸습니다",
    jp: "リクエストの受信に時間がかかりすぎました",
    tai: "คำขอใช้เวลานานเกินไป",
    mlxy: "Permintaan mengambil masa terlalu lama untuk tiba",
    vl: "Yêu cầu mất quá nhiều thời gian để đến",
    xi: "La solicitud tardó demasiado en llegar",
    "zh-cn": "請求傳送時間過長",
  },
  pageTooDeep: {
    "en-us": "This page is too far back (at most {max} records are paged through); narrow the search instead",
    ko: "너무 뒤쪽 페이지입니다(최대 {max}개 기록까지 조회 가능). 검색 범위를 좁혀 주세요",
    jp: "ページが深すぎます（ページ送りできるのは最大 {max} 件まで）。検索条件を絞り込んでください",
    tai: "หน้านี้อยู่ลึกเกินไป (เลื่อนดูได้สูงสุด {max} รายการ) กรุณาจำกัดการค้นหาให้แคบลง",
    mlxy: "Halaman ini terlalu jauh (paling banyak {max} rekod boleh diselak); sila kecilkan carian",
    vl: "Trang này quá xa (chỉ lật được tối đa {max} bản ghi); vui lòng thu hẹp tìm kiếm",
    xi: "Esta página está demasiado atrás (se pueden recorrer como máximo {max} registros); acote la búsqueda",
    "zh-cn": "頁數過深（最多可翻閱 {max} 筆記錄），請縮小搜尋範圍",
  },
} satisfies Record<string, Translations>;
