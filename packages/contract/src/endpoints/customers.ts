// The console's dashboard (every role) and customer view: profile, balances, sessions,
// ledger history and trading records, read-only except logging a customer out of a session.
import { z } from "zod";
import { BalanceLogRecord } from "../balance-log";
import { page } from "../common";
import { endpoints } from "../endpoint";
import { OptionOrder } from "../options";
import { customerPaths as P } from "../paths/customers";
import { SpotOrder } from "../spot";
import {
  CustomerDetail,
  CustomerIdQuery,
  CustomerLedgerQuery,
  CustomerListQuery,
  CustomerRecord,
  CustomerSessionRevokeBody,
  CustomerTradingQuery,
  DashboardSummary,
} from "../staff";
import { PositionRecord } from "../trading";

const tags = ["operator"];
/** Every console role reads the customer view. */
const viewers = { roles: ["support", "compliance", "finance"] } as const;

export const customerEndpoints = endpoints({
  dashboard: {
    method: "GET",
    path: P.dashboard,
    auth: viewers,
    tags,
    summary: "Queues at a glance, today's deposits and withdrawals, ledger balance check",
    result: DashboardSummary,
  },
  positions: {
    method: "GET",
    path: P.positions,
    auth: viewers,
    tags,
    summary: "A customer's futures positions (status open or closed)",
    query: CustomerTradingQuery,
    result: page(PositionRecord),
    errors: [404],
  },
  options: {
    method: "GET",
    path: P.options,
    auth: viewers,
    tags,
    summary: "A customer's short-term options (status open, settled or cancelled)",
    query: CustomerTradingQuery,
    result: page(OptionOrder),
    errors: [404],
  },
  spotOrders: {
    method: "GET",
    path: P.spotOrders,
    auth: viewers,
    tags,
    summary: "A customer's spot orders",
    query: CustomerTradingQuery,
    result: page(SpotOrder),
    errors: [404],
  },
  list: {
    method: "GET",
    path: P.list,
    auth: viewers,
    tags,
    summary: "Customers, newest first; search by id, username, e-mail or phone",
    query: CustomerListQuery,
    result: page(CustomerRecord),
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: viewers,
    tags,
    summary: "A customer's profile, balances and live sessions",
    query: CustomerIdQuery,
    result: CustomerDetail,
    errors: [404],
  },
  ledger: {
    method: "GET",
    path: P.ledger,
    auth: viewers,
    tags,
    summary: "A customer's balance log (read-only ledger history), newest first",
    query: CustomerLedgerQuery,
    result: page(BalanceLogRecord),
    errors: [404],
  },
  revokeSession: {
    method: "POST",
    path: P.revokeSession,
    auth: { roles: ["support"] },
    tags,
    summary: "Log a customer out of one session (e.g. a lost phone)",
    body: CustomerSessionRevokeBody,
    result: z.null(),
    errors: [404],
  },
});
