// Statements and exports (docs/contract.md "Consumer protection", issue 34 §3): answered with
// the file itself (application/pdf, text/csv), not the envelope; errors are the envelope.
import { endpoints } from "../endpoint";
import { statementPaths as P } from "../paths/statements";
import { ExportQuery, FileResult, StatementQuery } from "../statements";

const tags = ["user"];

export const statementEndpoints = endpoints({
  statement: {
    method: "GET",
    path: P.statement,
    auth: "user",
    tags,
    summary: "My monthly account statement (PDF, in my language)",
    description:
      "Per currency of real money (demo and contest funds are left out): the opening balance at the month's " +
      "start (UTC), every deposit, withdrawal, trade, fee, interest and reward, and the closing balance. Made on " +
      "demand; a closed month's statement is kept and the same file is returned again, the running month's is " +
      "made afresh. A month in the future → 400.",
    query: StatementQuery,
    result: FileResult,
    produces: "application/pdf",
  },
  export: {
    method: "GET",
    path: P.export,
    auth: "user",
    tags,
    summary: "CSV export of my balance log or my trades (realised P&L, FIFO for spot) over a date range",
    description:
      "UTF-8 with a byte-order mark, one header row. kind=ledger: the balance log's rows of real money; " +
      "kind=trades: closed futures positions, settled options and spot fills with FIFO realised P&L. from ≤ to, " +
      "at most 366 days, else 400. Cells that a spreadsheet would read as a formula are prefixed with '.",
    query: ExportQuery,
    result: FileResult,
    produces: "text/csv",
  },
});
