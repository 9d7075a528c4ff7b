// The console's dead-letter strings (English and Traditional Chinese), kept with the feature
// and mounted under `jobs` in locales/en-us.ts and locales/zh-cn.ts.
export const jobsEn = {
  title: "Failed jobs",
  intro:
    "Background jobs that failed their last attempt. Nothing here happens by itself: fix the cause (the error says what went wrong), then run the job again. Jobs marked Alert return money to customers.",
  alertsBanner: "{{count}} failed jobs return money to customers and need attention.",
  onlyAlerts: "Only alerts",
  job: "Job",
  key: "Key",
  error: "Last error",
  attempts: "Attempts",
  failedAt: "Failed at",
  reruns: "Re-runs",
  alert: "Alert",
  rerun: "Run again",
  rerunTitle: "Run job {{key}} again?",
  rerunText:
    "It runs now with a fresh set of attempts. Its work is idempotent: what it already did is not done twice. The re-run is recorded in the audit log.",
  rerunDone: "The job ran and is done.",
  rerunPending: "The job ran again and failed; it will retry by itself ({{error}}).",
  rerunFailed: "The job failed again: {{error}}",
  empty: "No failed jobs.",
  names: {
    "earn.end": "Earn: end of term (principal back)",
    "ieo.list": "IEO: listing and token delivery",
    "loans.due": "Loans: loan falls due",
  } as Record<string, string>,
};

export const jobsZh: typeof jobsEn = {
  title: "失敗任務",
  intro:
    "已用盡最後一次嘗試的背景任務。這裡的任務不會自行處理：請先排除原因（錯誤訊息說明問題所在），再重新執行。標示「警示」的任務負責把款項退還給客戶。",
  alertsBanner: "有 {{count}} 個失敗任務負責退還客戶款項，需要處理。",
  onlyAlerts: "只看警示",
  job: "任務",
  key: "識別鍵",
  error: "最後錯誤",
  attempts: "嘗試次數",
  failedAt: "失敗時間",
  reruns: "重新執行次數",
  alert: "警示",
  rerun: "重新執行",
  rerunTitle: "要重新執行任務 {{key}} 嗎？",
  rerunText: "任務會立即以全新的嘗試次數執行。任務具冪等性：已完成的部分不會重複執行。重新執行會記入稽核日誌。",
  rerunDone: "任務已執行完成。",
  rerunPending: "任務重新執行後仍失敗，將自動重試（{{error}}）。",
  rerunFailed: "任務再次失敗：{{error}}",
  empty: "沒有失敗任務。",
  names: {
    "earn.end": "理財：到期（退還本金）",
    "ieo.list": "IEO：上架與發放代幣",
    "loans.due": "借貸：貸款到期",
  },
};
