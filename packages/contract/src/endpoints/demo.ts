// Demo trading account: balance and reset. Demo orders themselves go through the normal
// trading endpoints with `mode: "demo"` (e.g. the futures create endpoint).
import { z } from "zod";
import { endpoints } from "../endpoint";
import { demoPaths as P } from "../paths/demo";
import { DemoBalance, DemoHolding, DemoResetBody, DemoResetResult } from "../trading";

const tags = ["demo"];

export const demoEndpoints = endpoints({
  balance: {
    method: "GET",
    path: P.balance,
    auth: "user",
    tags,
    summary: "My virtual (demo) balance; the first call grants 10,000 VUSDT",
    result: DemoBalance,
  },
  holdings: {
    method: "GET",
    path: P.holdings,
    auth: "user",
    tags,
    summary: "Every virtual currency of my demo account (VUSDT and what demo spot bought with it)",
    result: z.array(DemoHolding),
  },
  reset: {
    method: "POST",
    path: P.reset,
    auth: "user",
    tags,
    summary:
      "Close open demo positions at market and restore the demo balance to 10,000 VUSDT " +
      "(clientRequestId makes a retry a no-op)",
    body: DemoResetBody,
    result: DemoResetResult,
  },
});
