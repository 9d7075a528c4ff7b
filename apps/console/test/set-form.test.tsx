// @vitest-environment jsdom
// The loan-set dialog as an operator uses it: open an edit, empty the Chinese name, save
// (past the missing-languages question); the rates are shown and sent in the right units.
import type { OperatorLoanSet } from "@candor/contract";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type SetFormValues, setBody } from "../src/features/loans/set-body";
import { SetForm } from "../src/features/loans/set-form";

beforeAll(() => {
  // antd reads these; jsdom has neither.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

const current = {
  id: 1,
  type: "credit",
  name: "Quick loan",
  currency: "USDT",
  minAmount: "100",
  maxAmount: "2000",
  days: [7, 30],
  dailyRate: "0.0004",
  interestFreeDays: 0,
  overdueRate: "0.001",
  enabled: true,
  texts: {
    name: { "en-us": "Quick loan", "zh-cn": "快速借貸", "ja-jp": "クイックローン" },
    riskNotice: { "en-us": "Repay on time." },
  },
} as unknown as OperatorLoanSet;

describe("loan set dialog", () => {
  it("an operator empties the Chinese name: the request has none (other languages kept)", async () => {
    const onSubmit = vi.fn((_: SetFormValues) => {});
    render(
      <App>
        <SetForm open current={current} busy={false} onCancel={() => {}} onSubmit={onSubmit} />
      </App>,
    );
    // No i18n here: every language's field is labelled "form.textIn"; the name's come first, Chinese last of eight.
    const fields = (await screen.findAllByLabelText("form.textIn")) as HTMLInputElement[];
    const zh = fields[7] as HTMLInputElement;
    expect(zh.value).toBe("快速借貸");
    fireEvent.change(zh, { target: { value: "" } });
    // The rate is typed in percent: 0.0004 a day shows as 0.04 (%).
    expect((screen.getByLabelText("loans.dailyRatePct") as HTMLInputElement).value).toBe("0.04");
    fireEvent.click(screen.getByRole("button", { name: "common.save" }));
    // Languages are missing (Korean…): the operator is asked, and saves anyway.
    fireEvent.click(await screen.findByRole("button", { name: "form.saveAnyway" }, { timeout: 20_000 }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled(), { timeout: 20_000 });
    const values = onSubmit.mock.calls[0]?.[0] as SetFormValues;
    const body = setBody(values, current);
    expect(body.name).toEqual({ "en-us": "Quick loan", "ja-jp": "クイックローン" });
    expect(body).toMatchObject({ dailyRate: "0.0004", overdueRate: "0.001" });
  }, 60_000);
});
