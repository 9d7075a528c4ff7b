// Messages of the dead-letter list (operators see them; every language for completeness).
import type { Translations } from "@candor/contract";

export const jobsMessages = {
  jobNotFound: {
    "en-us": "There is no job {id}",
    ko: "작업 {id}이(가) 없습니다",
    jp: "ジョブ {id} は存在しません",
    tai: "ไม่มีงาน {id}",
    mlxy: "Tiada tugas {id}",
    vl: "Không có tác vụ {id}",
    xi: "No existe la tarea {id}",
    "zh-cn": "找不到任務 {id}",
  },
  jobNotDeadLettered: {
    "en-us": "Job {id} is not in the dead-letter list (it may have been re-run already)",
    ko: "작업 {id}은(는) 실패 작업 목록에 없습니다(이미 다시 실행되었을 수 있습니다)",
    jp: "ジョブ {id} は失敗ジョブ一覧にありません（すでに再実行された可能性があります）",
    tai: "งาน {id} ไม่อยู่ในรายการงานที่ล้มเหลว (อาจถูกเรียกใช้ซ้ำไปแล้ว)",
    mlxy: "Tugas {id} tiada dalam senarai tugas gagal (mungkin sudah dijalankan semula)",
    vl: "Tác vụ {id} không nằm trong danh sách tác vụ thất bại (có thể đã được chạy lại)",
    xi: "La tarea {id} no está en la lista de tareas fallidas (puede que ya se haya vuelto a ejecutar)",
    "zh-cn": "任務 {id} 不在失敗任務清單中（可能已重新執行）",
  },
} satisfies Record<string, Translations>;
