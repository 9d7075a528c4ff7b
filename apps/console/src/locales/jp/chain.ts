// Japanese: the on-chain page (watcher, sweeps, deposits held for closed accounts).
import type { ChainStrings } from "../parts";

export const jpChain: ChainStrings = {
  chain: {
    title: "チェーン",
    intro:
      "このノードのオンチェーン入金監視、入金アドレスからホットウォレットへの最近のスイープ、そして顧客が口座を解約したため入金処理されない入金を表示します。",
    notConfigured:
      "ブロックチェーンが設定されていません（CHAIN_EVM_* 未設定）。入出金は決済代行会社を通り、ここで監視・スイープ・保留されるものはありません。",
    loadFailed: "チェーンの状態を読み込めませんでした。",
    status: "監視",
    network: "ネットワーク",
    networkValue: "{{network}}（チェーン {{chainId}}）",
    head: "チェーンの最新ブロック",
    processed: "処理済みブロック",
    stored: "保存済みブロック（全ノード）",
    lag: "遅れ",
    lagBlocks: "{{n}} ブロック",
    confirmations: "入金処理に必要な承認数",
    leading: "このノードが監視中",
    yes: "はい",
    no: "いいえ（別のノードがロックを保持）",
    lastRound: "最後の正常ラウンド",
    health: "状態",
    healthy: "正常",
    failing: "{{since}} から {{n}} 回連続で失敗、次の試行 {{next}}",
    lastError: "最後のエラー",
    reorgs: "深い再編成（reorg）",
    reorgsHelp:
      "入金処理後に、そのブロックが承認数より深く置き換えられた入金です。自動では取り消しません。1件ずつ確認してください。",
    noReorgs: "該当なし",
    deposit: "入金",
    block: "ブロック",
    oldHash: "処理したブロック",
    newHash: "現在の同じ高さのブロック",
    detectedAt: "検出日時",
    sweeps: "最近のスイープ",
    noSweeps: "スイープはまだありません。",
    address: "アドレス",
    tx: "トランザクション",
    gasTx: "ガス補充",
    sweepStatus: { gas_sent: "ガス送信済み", sent: "送信済み", done: "完了", failed: "失敗" },
    held: "解約口座の保留入金",
    heldHelp:
      "解約済み口座の旧アドレスに届いた資金です。台帳はこれを入金処理しません。担当者が手作業で顧客に返金してください。",
    noHeld: "保留中の入金はありません。",
    confirmationsOf: "{{n}}/{{of}}",
    reconciliation: "入金アドレスの照合",
    reconciliationHelp:
      "各入金アドレスのチェーン上の残高を、記録（入金、ガスの補充、スイープとそのガス代）で説明できる額と、確定した1つのブロックで比較します。差額はどの記録でも説明できない資金です（例：アドレスの表示前に送られたコイン）。自動では入金されません。",
    reconcile: "今すぐ確認",
    reconciledAt: "ブロック {{block}}：{{n}} 件のアドレスを確認",
    noDifferences: "すべてのアドレスが記録と一致しています。",
    onChain: "チェーン上",
    recorded: "記録上",
    difference: "差額",
  },
};
