// Price alerts (docs/contract.md "Consumer protection", issue 34 §5): above/below a price,
// or a move of X % within 24 hours; fired once per crossing, delivered to the inbox, to the
// open app sockets and by Web Push.
import { z } from "zod";
import { DecimalString, IsoDate, PositiveDecimalInput } from "./common";

import { ALERT_KINDS } from "./consumer-protection";

export { ALERT_KINDS, MAX_ALERTS_PER_USER } from "./consumer-protection";
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const CreateAlertBody = z.object({
  symbol: z.string().trim().min(1).max(20).toUpperCase(),
  kind: AlertKind,
  value: PositiveDecimalInput.describe("the price (above/below) or the percentage (move24h)"),
});
export type CreateAlertBody = z.input<typeof CreateAlertBody>;

export const PriceAlert = z.object({
  id: z.number().int(),
  symbol: z.string(),
  kind: AlertKind,
  value: DecimalString,
  armed: z.boolean().describe("false between a crossing and the price coming back (re-armed then)"),
  lastFiredAt: IsoDate.nullable(),
  lastFiredPrice: DecimalString.nullable(),
  createdAt: IsoDate,
});
export type PriceAlert = z.infer<typeof PriceAlert>;

export const AlertList = z.array(PriceAlert);

export const PushSubscribeBody = z.object({
  endpoint: z.string().url().max(2000),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;
export const PushUnsubscribeBody = z.object({ endpoint: z.string().max(2000) });

export const PushUnsubscribeResult = z.object({ removed: z.number().int() });

export const VapidKey = z.object({ publicKey: z.string().nullable().describe("null: Web Push is off") });

/** What a socket `{type: "alert"}` frame and a Web Push message carry. */
export const AlertNotice = z.object({
  alertId: z.number().int(),
  symbol: z.string(),
  kind: AlertKind,
  value: DecimalString,
  price: DecimalString,
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type AlertNotice = z.infer<typeof AlertNotice>;
