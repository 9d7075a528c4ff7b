// The console's four-eyes approval strings (English and Traditional Chinese), kept with the
// feature and mounted under `approvals` in locales/en-us.ts and locales/zh-cn.ts.
export const approvalsEn = {
  help: "Above the four-eyes limit, a balance adjustment or a withdrawal approval needs a second finance or admin member. Nobody approves their own request.",
  status: {
    pending: "Waiting for a second person",
    approving: "Being carried out",
    approved: "Approved",
    rejected: "Rejected",
    failed: "Failed (nothing moved)",
  },
  kinds: { adjustment: "Balance adjustment", withdrawal: "Withdrawal approval" },
  kind: "Request",
  requestedBy: "Requested by",
  decidedBy: "Decided by",
  note: "Note",
  yours: "Your request: someone else approves it",
  approveConfirm: "Carry out {{amount}} {{currency}} for customer #{{userId}} now?",
  approved: "Approved and carried out",
  rejected: "Rejected",
  rejectTitle: "Reject this request",
  requestApproval: "Request a second approval",
  requested: "Sent for a second person's approval",
  withdraw: "Withdraw my request",
};

export const approvalsZh: typeof approvalsEn = {
  help: "超過四眼原則限額時，餘額調整或提領核准須由另一位財務或管理員核准。任何人都不能核准自己的申請。",
  status: {
    pending: "等待另一人核准",
    approving: "執行中",
    approved: "已核准",
    rejected: "已駁回",
    failed: "失敗（未動用資金）",
  },
  kinds: { adjustment: "餘額調整", withdrawal: "提領核准" },
  kind: "申請",
  requestedBy: "申請人",
  decidedBy: "處理人",
  note: "備註",
  yours: "這是您的申請，須由他人核准",
  approveConfirm: "現在為客戶 #{{userId}} 執行 {{amount}} {{currency}}？",
  approved: "已核准並執行",
  rejected: "已駁回",
  rejectTitle: "駁回此申請",
  requestApproval: "申請第二人核准",
  requested: "已送交另一人核准",
  withdraw: "撤回我的申請",
};
