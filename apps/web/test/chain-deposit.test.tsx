// On-chain deposits on the customer's screens (chain-deposit.tsx): the deposit screen says
// the chain decides the amount, the minimum and the confirmations; a record shows its
// confirmations as a progress bar, its end state (credited, dust, dropped) and the
// transaction in the explorer (new tab, no opener, no referrer). The records are parsed
// with the contract's RechargeRecord first: they are the shapes appRecharge/listMy answers.
// (The record's tag, an antd-mobile Tag, is checked in the browser: e2e/wallet-chain.spec.ts.)
import { RechargeRecord } from "@candor/contract";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChainDepositNotice, ChainRecordLine, ChainTxLink, shortHash } from "../src/features/wallet/chain-deposit";
import { changeLanguage, initI18n, loadMoreStrings } from "../src/lib/i18n";

beforeAll(async () => {
  await initI18n("en-us");
  // Its screens show after the rest of the language's strings (app/router.tsx).
  await loadMoreStrings("en-us");
});
afterEach(async () => {
  cleanup();
  await changeLanguage("en-us");
});

const TX = "0x5f1a9c3e0b7d24c6a8e1f3b5d7c9e0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3";

const record = (chain: Partial<RechargeRecord>): RechargeRecord =>
  RechargeRecord.parse({
    id: 7,
    currency: "USDT",
    amount: "25",
    fee: "0",
    status: 0,
    createdAt: "2026-11-25T10:00:00.000Z",
    method: "crypto",
    network: "ERC20",
    address: "0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be",
    reason: null,
    completedAt: null,
    requestedAmount: "25",
    receivedAmount: null,
    txHash: TX,
    confirmations: 3,
    requiredConfirmations: 12,
    explorerUrl: `https://etherscan.io/tx/${TX}`,
    chainState: "pending",
    notice: "3/12 confirmations",
    ...chain,
  });

describe("chain deposit records", () => {
  it("a pending transfer shows its confirmations as a progress bar and the explorer link opens a new tab without opener", () => {
    render(<ChainRecordLine record={record({})} />);
    const bar = screen.getByRole("progressbar", { name: "Confirmations needed" });
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(bar.getAttribute("aria-valuemax")).toBe("12");
    expect(bar.getAttribute("aria-valuetext")).toBe("3/12 confirmations");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("25%");
    expect(screen.getByText("3/12 confirmations")).toBeTruthy();
    const link = screen.getByRole("link", { name: /View in block explorer/ });
    expect(link.getAttribute("href")).toBe(`https://etherscan.io/tx/${TX}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.textContent).toContain(shortHash(TX));
  });

  it("a credited transfer shows no bar and keeps its explorer link", () => {
    render(
      <ChainRecordLine
        record={record({
          status: 1,
          chainState: "credited",
          confirmations: 12,
          notice: null,
          receivedAmount: "25",
          completedAt: "2026-11-25T10:03:00.000Z",
        })}
      />,
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("link", { name: /View in block explorer/ })).toBeTruthy();
  });

  it("dust shows the amount that arrived and that it is not credited", () => {
    render(
      <ChainRecordLine
        record={record({
          status: -1,
          amount: "0.5",
          requestedAmount: "0.5",
          chainState: "dust",
          confirmations: 1,
          receivedAmount: "0.5",
          notice: "Below the minimum deposit of USDT: recorded, not credited",
        })}
      />,
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByText(/recorded, not credited/)).toBeTruthy();
    expect(screen.getByText("Received 0.50 USDT")).toBeTruthy();
  });

  it("a transfer dropped by a reorganisation says so, with the server's line or the screen's own", () => {
    render(<ChainRecordLine record={record({ status: -2, chainState: "dropped", notice: null })} />);
    expect(screen.getByText(/removed from the chain before it was confirmed; not credited/)).toBeTruthy();
  });

  it("a record without an explorer shows the short transaction hash as text", () => {
    render(<ChainRecordLine record={record({ explorerUrl: null })} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText(shortHash(TX))).toBeTruthy();
  });

  it("a deposit that did not come from the chain shows nothing more", () => {
    const { container } = render(
      <ChainRecordLine
        record={record({
          txHash: undefined,
          confirmations: undefined,
          requiredConfirmations: undefined,
          explorerUrl: undefined,
          chainState: undefined,
          notice: undefined,
        })}
      />,
    );
    expect(container.innerHTML).toBe("");
  });
});

describe("chain deposit notice", () => {
  it("names the network, says the chain decides the amount, and gives the minimum and the confirmations", () => {
    render(<ChainDepositNotice network="ERC20" currency="USDT" minDeposit="10" requiredConfirmations={12} />);
    const notice = screen.getByTestId("chain-deposit-notice");
    expect(notice.textContent).toContain("ERC20");
    expect(notice.textContent).toContain("credited automatically with the amount the chain shows");
    expect(notice.textContent).toContain("below the minimum deposit of 10 USDT are recorded");
    expect(notice.textContent).toContain("after 12 block confirmations");
  });

  it("is translated (Traditional Chinese)", async () => {
    await changeLanguage("zh-cn");
    render(<ChainDepositNotice network="ERC20" currency="USDT" minDeposit="10" requiredConfirmations={12} />);
    expect(screen.getByTestId("chain-deposit-notice").textContent).toContain("12 個區塊確認後入帳");
  });
});

describe("a withdrawal's chain transaction", () => {
  it("links the broadcast transaction in the explorer (new tab, no opener), or shows its hash without a link", () => {
    const { container, rerender } = render(<ChainTxLink txHash={TX} explorerUrl={`https://etherscan.io/tx/${TX}`} />);
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe(`https://etherscan.io/tx/${TX}`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.textContent).toContain(shortHash(TX));
    rerender(<ChainTxLink txHash={TX} explorerUrl={null} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(container.textContent).toBe(shortHash(TX));
    rerender(<ChainTxLink txHash={null} explorerUrl={null} />);
    expect(container.innerHTML).toBe("");
  });
});
