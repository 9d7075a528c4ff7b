// The inbox follows events other modules publish on the bus: each becomes one message
// (key + parameters, rendered in the reader's language later), unique per event source,
// so an event delivered twice (or on several nodes with Redis) adds one message. Payloads
// are checked loosely: an event without a usable customer id is ignored.
import type { InboxCategory } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import type { ContentService } from "./service";

type Params = Record<string, string | number>;
type Note = { userId: number; category: InboxCategory; key: string; params: Params; source: string };

const str = (v: unknown, fallback = ""): string =>
  typeof v === "string" ? v.slice(0, 200) : typeof v === "number" && Number.isFinite(v) ? String(v) : fallback;
const userOf = (p: unknown): number | null => {
  const id = (p as { userId?: unknown } | null)?.userId;
  const n = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const field = (p: unknown, name: string) => (p as Record<string, unknown> | null)?.[name];

/** Topic → how its payload becomes a message (null: nothing to say). */
export const INBOX_RULES: Record<string, (p: unknown, userId: number) => Omit<Note, "userId"> | null> = {
  "wallet.deposit_credited": (p) => ({
    category: "transaction",
    key: "depositCredited",
    params: { id: str(field(p, "depositId")), amount: str(field(p, "amount")), currency: str(field(p, "currency")) },
    source: `deposit:${str(field(p, "depositId"))}:credited`,
  }),
  "wallet.deposit_rejected": (p) => ({
    category: "transaction",
    key: "depositRejected",
    params: {
      id: str(field(p, "depositId")),
      amount: str(field(p, "amount")),
      currency: str(field(p, "currency")),
      reason: str(field(p, "reason"), "-"),
    },
    source: `deposit:${str(field(p, "depositId"))}:closed`,
  }),
  "wallet.withdrawal_state": (p) => {
    const status = Number(field(p, "status"));
    const key =
      status === 2
        ? "withdrawalPaid"
        : status === -1
          ? "withdrawalRejected"
          : status === -2
            ? "withdrawalFailed"
            : null;
    if (!key) return null;
    return {
      category: "transaction",
      key,
      params: {
        id: str(field(p, "withdrawalId")),
        amount: str(field(p, "amount")),
        currency: str(field(p, "currency")),
        reason: str(field(p, "reason"), "-"),
      },
      source: `withdrawal:${str(field(p, "withdrawalId"))}:${status}`,
    };
  },
  "wallet.payout_account_added": (p) => {
    const at = str(field(p, "usableAt"));
    return {
      category: "system",
      key: "payoutAccountAdded",
      params: {
        id: str(field(p, "accountId")),
        destination: str(field(p, "destination")),
        usableAt: /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(at) ? `${at.slice(0, 10)} ${at.slice(11, 16)} UTC` : at,
      },
      source: `payout_account:${str(field(p, "accountId"))}:${at}`,
    };
  },
  "loan.margin_call": (p) => {
    const ltv = field(p, "ltv");
    const shown =
      typeof ltv === "number" || (typeof ltv === "string" && /^\d+(\.\d+)?$/.test(ltv))
        ? `${(Number(ltv) <= 1 ? Number(ltv) * 100 : Number(ltv)).toFixed(1)}%`
        : str(ltv);
    return {
      category: "system",
      key: "loanMarginCall",
      params: { id: str(field(p, "orderId")), ltv: shown },
      // One message per loan and LTV band of 5 points: a falling price does not flood the inbox.
      source: `loan:${str(field(p, "orderId"))}:margin:${Math.floor(Number.parseFloat(shown) / 5) || 0}`,
    };
  },
  "reward.task_done": (p) => ({
    category: "task",
    key: "rewardTaskDone",
    params: { title: str(field(p, "title")) },
    source: `task:${str(field(p, "taskId"))}:done`,
  }),
  "kyc.result": (p) => {
    const approved = field(p, "approved") === true;
    return {
      category: "system",
      key: approved ? "kycApproved" : "kycRejected",
      params: { reason: str(field(p, "reason"), "-") },
      source: `kyc:${str(field(p, "submissionId"))}:${approved ? "passed" : "rejected"}`,
    };
  },
  "options.settled": (p) => ({
    category: "transaction",
    key: "optionSettled",
    params: {
      id: str(field(p, "orderId")),
      symbol: str(field(p, "symbol")),
      price: str(field(p, "price")),
      payout: str(field(p, "payout")),
      currency: str(field(p, "currency")),
    },
    source: `option:${str(field(p, "orderId"))}:settled`,
  }),
  "earn.order_ended": (p) => ({
    category: "transaction",
    key: "earnOrderEnded",
    params: { id: str(field(p, "orderId")) },
    source: `earn:${str(field(p, "orderId"))}:ended`,
  }),
  "contest.prize_paid": (p) => ({
    category: "transaction",
    key: "contestPrize",
    params: {
      contestId: str(field(p, "contestId")),
      rank: str(field(p, "rank")),
      amount: str(field(p, "amount")),
      currency: str(field(p, "currency")),
    },
    source: `contest:${str(field(p, "contestId"))}:prize:${str(field(p, "entryId"))}`,
  }),
  "ieo.order": (p) => {
    const status = field(p, "status");
    const key =
      status === "won"
        ? "ieoWon"
        : status === "lost"
          ? "ieoLost"
          : status === "delivered"
            ? "ieoDelivered"
            : status === "expired"
              ? "ieoExpired"
              : null;
    if (!key) return null;
    return {
      category: "transaction",
      key,
      params: {
        id: str(field(p, "orderId")),
        symbol: str(field(p, "symbol")),
        quantity: str(field(p, "quantity")),
        wonQuantity: str(field(p, "wonQuantity")),
        amount: str(field(p, "amount")),
      },
      source: `ieo:${str(field(p, "orderId"))}:${String(status)}`,
    };
  },
  // A price alert fired (modules/alerts): once per crossing, so the n-th firing is its own message.
  "alerts.fired": (p) => ({
    category: "system",
    key: field(p, "kind") === "move24h" ? "priceAlertMoved" : "priceAlertFired",
    params: {
      symbol: str(field(p, "symbol")),
      kind: str(field(p, "kind")),
      value: str(field(p, "value")),
      price: str(field(p, "price")),
      direction: field(p, "kind") === "below" ? "≤" : "≥",
    },
    source: `price_alert:${str(field(p, "alertId"))}:${str(field(p, "fireCount"))}`,
  }),
  "futures.position": (p) => {
    if (field(p, "type") !== "closed") return null;
    const position = field(p, "position");
    const mode = field(position, "mode");
    return {
      category: "transaction",
      key: mode === "demo" ? "demoPositionClosed" : mode === "contest" ? "contestPositionClosed" : "positionClosed",
      params: { id: str(field(position, "id")), symbol: str(field(position, "symbol")) },
      source: `position:${str(field(position, "id"))}:closed`,
    };
  },
};

/**
 * Promotional messages (an invitation to claim a bonus): never sent to a customer in a
 * time-out or self-exclusion (issue 34 §2, modules/protection). Messages about the
 * customer's own money (deposits, withdrawals, settlements, loans) are always sent.
 */
export const PROMOTIONAL_KEYS: ReadonlySet<string> = new Set(["rewardTaskDone"]);

export function subscribeInbox(
  app: FastifyInstance,
  service: ContentService,
  isExcluded: (userId: number) => Promise<boolean> = async () => false,
): Array<() => void> {
  const log = app.log.child({ module: "content" });
  const bus = app.bus as unknown as { subscribe(topic: string, handler: (payload: unknown) => void): () => void };
  return Object.entries(INBOX_RULES).map(([topic, rule]) =>
    bus.subscribe(topic, (payload) => {
      const userId = topic === "futures.position" ? userOf(field(payload, "position")) : userOf(payload);
      if (userId === null) return;
      let note: Omit<Note, "userId"> | null;
      try {
        note = rule(payload, userId);
      } catch (err) {
        log.warn({ err, topic }, "inbox: event not understood");
        return;
      }
      if (!note) return;
      const found = note;
      const promotional = PROMOTIONAL_KEYS.has(found.key);
      (promotional ? isExcluded(userId) : Promise.resolve(false))
        .then((excluded) =>
          excluded ? undefined : service.inbox.notify(userId, found.category, found.key, found.params, found.source),
        )
        .catch((err) => log.error({ err, topic, userId }, "inbox: message not stored"));
    }),
  );
}
