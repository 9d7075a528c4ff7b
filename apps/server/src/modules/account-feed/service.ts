// What changed on whose account, for the private channel. Sources: a customer's own
// successful money or trading request (after the response, so its transaction has
// committed), and futures positions opened, edited or closed anywhere (settlement
// included). Other modules announce server-side changes (a deposit confirmed, an option
// settled, a spot order filled) with `announceAccountChange`.
import { accountChangePrefixes } from "@candor/contract";
import type { EventBus } from "../../lib/event-bus";
import type { AccountEvent, AccountEventKind } from "./events";

export type { AccountEvent, AccountEventKind } from "./events";

type Bus = Pick<EventBus<{ "account.event": AccountEvent }>, "publish">;

export function announceAccountChange(bus: Bus, userId: number, kinds: AccountEventKind[]): void {
  if (kinds.length === 0) return;
  bus.publish("account.event", { userId, kinds, at: Date.now() });
}

/** Which parts of an account a successful customer POST to this path may have changed. */
export function kindsForRequest(method: string, url: string): AccountEventKind[] {
  if (method !== "POST") return [];
  const path = url.split("?")[0] ?? "";
  // Futures positions announce themselves ("futures.position", also when settlement closes them).
  if (path.startsWith(accountChangePrefixes.futuresPositions)) return [];
  if (accountChangePrefixes.orders.some((prefix) => path.startsWith(prefix))) return ["orders", "balances"];
  if (accountChangePrefixes.balances.some((prefix) => path.startsWith(prefix))) return ["balances"];
  return [];
}
