// The console's proof-of-reserves strings (English and Traditional Chinese), mounted under
// `reserves` in locales/en-us.ts and locales/zh-cn.ts.
export const reservesEn = {
  title: "Proof of reserves",
  intro:
    "Each business day a proof is published: a Merkle sum tree of every customer's real balances (its root and totals) and the platform's on-chain balances at one block. Customers check their own leaf in the app. Without a blockchain configured no reserves are shown.",
  make: "Make a proof now",
  made: "Proof #{{id}} published.",
  none: "No proof published yet.",
  loadFailed: "The latest proof could not be loaded.",
  proof: "Proof",
  madeAt: "Made at (business time)",
  root: "Merkle root",
  customers: "Customers included",
  block: "Block",
  noChain: "No blockchain configured: no reserves",
  noBalances: "No customer balances.",
  liabilities: "Owed to customers",
  reserves: "Reserves",
  ratio: "Ratio",
  address: "Address",
  kind: "Kind",
  balances: "Balances",
};

export const reservesZh: typeof reservesEn = {
  title: "儲備金證明",
  intro:
    "每個營業日發布一份證明：所有客戶真實餘額的默克爾求和樹（其根與總額），以及平台在同一區塊的鏈上餘額。客戶可在應用程式中核對自己的葉子。未設定區塊鏈時不顯示儲備金。",
  make: "立即產生證明",
  made: "已發布證明 #{{id}}。",
  none: "尚未發布證明。",
  loadFailed: "無法載入最新證明。",
  proof: "證明",
  madeAt: "產生時間（營業時間）",
  root: "默克爾根",
  customers: "納入的客戶",
  block: "區塊",
  noChain: "未設定區塊鏈：無儲備金",
  noBalances: "沒有客戶餘額。",
  liabilities: "應付客戶",
  reserves: "儲備金",
  ratio: "比率",
  address: "地址",
  kind: "類型",
  balances: "餘額",
};
