// Korean: the on-chain page (watcher, sweeps, deposits held for closed accounts).
import type { ChainStrings } from "../parts";

export const koChain: ChainStrings = {
  chain: {
    title: "체인",
    intro:
      "이 노드의 온체인 입금 감시기, 입금 주소에서 핫월렛으로 옮긴 최근 스윕, 그리고 고객이 계정을 해지하여 입금 처리되지 않을 입금을 보여 줍니다.",
    notConfigured:
      "블록체인이 설정되어 있지 않습니다(CHAIN_EVM_* 미설정). 입출금은 결제 대행사를 거치며, 여기서 감시·스윕·보류되는 것은 없습니다.",
    loadFailed: "체인 상태를 불러오지 못했습니다.",
    status: "감시기",
    network: "네트워크",
    networkValue: "{{network}} (체인 {{chainId}})",
    head: "체인 최신 블록",
    processed: "처리한 블록",
    stored: "저장된 블록(모든 노드)",
    lag: "지연",
    lagBlocks: "{{n}}개 블록",
    confirmations: "입금 처리에 필요한 확인 수",
    leading: "이 노드가 감시 중",
    yes: "예",
    no: "아니요(다른 노드가 잠금을 보유)",
    lastRound: "마지막 정상 라운드",
    health: "상태",
    healthy: "정상",
    failing: "{{since}}부터 {{n}}회 연속 실패, 다음 시도 {{next}}",
    lastError: "마지막 오류",
    reorgs: "깊은 재구성(reorg)",
    reorgsHelp:
      "입금 처리된 후 그 블록이 확인 기준보다 깊게 교체된 입금입니다. 자동으로 되돌리지 않으니 하나씩 확인하세요.",
    noReorgs: "표시된 항목 없음",
    deposit: "입금",
    block: "블록",
    oldHash: "처리된 블록",
    newHash: "현재 같은 높이의 블록",
    detectedAt: "발견 시각",
    sweeps: "최근 스윕",
    noSweeps: "아직 스윕이 없습니다.",
    address: "주소",
    tx: "트랜잭션",
    gasTx: "가스 충전",
    sweepStatus: { gas_sent: "가스 전송됨", sent: "전송됨", done: "완료", failed: "실패" },
    held: "해지 계정의 보류 입금",
    heldHelp:
      "해지된 계정의 이전 주소로 들어온 자금입니다. 원장은 이를 입금 처리하지 않습니다. 담당자가 직접 고객에게 반환하세요.",
    noHeld: "보류된 입금이 없습니다.",
    confirmationsOf: "{{n}}/{{of}}",
    reconciliation: "입금 주소 대사",
    reconciliationHelp:
      "각 입금 주소의 체인상 잔액을 기록(입금, 가스 충전, 스윕과 그 가스비)으로 설명되는 금액과 하나의 확정 블록에서 비교합니다. 차이는 어떤 기록으로도 설명되지 않는 자금입니다(예: 주소가 표시되기 전에 보낸 코인). 자동으로 입금 처리되지 않습니다.",
    reconcile: "지금 확인",
    reconciledAt: "블록 {{block}}: 주소 {{n}}개 확인",
    noDifferences: "모든 주소가 기록과 일치합니다.",
    onChain: "체인상 잔액",
    recorded: "기록상 금액",
    difference: "차이",
  },
};
