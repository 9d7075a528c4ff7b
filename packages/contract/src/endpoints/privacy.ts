// Data rights (docs/contract.md "Consumer protection"): download my data, close my account.
import { endpoints } from "../endpoint";
import { privacyPaths as P } from "../paths/privacy";
import {
  CloseAccountBody,
  CloseAccountResult,
  CloseBlocked,
  CloseCheck,
  DataExportStarted,
  DataExportState,
} from "../privacy";

const tags = ["user"];

export const privacyEndpoints = endpoints({
  requestDataExport: {
    method: "POST",
    path: P.dataExport,
    auth: "user",
    tags,
    summary: "Ask for a zip of everything Candor holds about me (prepared by a job, offered for 7 days)",
    description: "One export in preparation at a time: while one is preparing, a second request answers it.",
    result: DataExportStarted,
  },
  dataExport: {
    method: "GET",
    path: P.dataExport,
    auth: "user",
    tags,
    summary: "My latest data export: preparing, ready (with a signed download link and its expiry) or expired",
    result: DataExportState,
  },
  closeCheck: {
    method: "GET",
    path: P.closeCheck,
    auth: "user",
    tags,
    summary: "What still keeps my account from closing (open positions, orders, loans, … and balances)",
    result: CloseCheck,
  },
  close: {
    method: "POST",
    path: P.close,
    auth: "user",
    tags,
    summary: "Close my account (password); every session ends and the e-mail can register again",
    description:
      "409 when something is still open or held: the error envelope's result is `{open: [{kind, count} | {kind: " +
      '"balance", currency, amount}]}`. Ledger and identity records are kept for the legal retention period, ' +
      "linked only to the anonymised account; everything else personal is erased.",
    body: CloseAccountBody,
    result: CloseAccountResult,
    errors: [400, 409],
    errorResults: { 409: CloseBlocked },
  },
});
