// The truth about losses (issue 34 §1): the public loss figure and the caller's own results.

import { LossRate, MyResults, MyResultsQuery } from "../disclosure";
import { endpoints } from "../endpoint";
import { disclosurePaths as P } from "../paths/disclosure";

export const disclosureEndpoints = endpoints({
  lossRate: {
    method: "GET",
    path: P.lossRate,
    auth: "public",
    tags: ["system"],
    summary:
      "The share of customers whose futures and options trading lost money over the last 12 months (realised P&L incl. fees, real money, customers with at least one closed trade), computed daily from the ledger; losingShare is null below the minimum sample",
    result: LossRate,
  },
  myResults: {
    method: "GET",
    path: P.myResults,
    auth: "user",
    tags: ["wallet"],
    summary:
      "The caller's realised results per month in USDT: futures P&L and fees, options P&L, spot fees and loan interest paid (real money only)",
    query: MyResultsQuery,
    result: MyResults,
  },
});
