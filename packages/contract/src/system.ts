// System endpoints: health, server time, public settings.
import { z } from "zod";

export const Health = z.object({ status: z.literal("ok") });

export const ServerTime = z.object({ ts: z.number().int(), iso: z.string() });

/** `sys_set`: deployment switches the app reads at start. */
export const SysSet = z.object({
  /** Send wide desktop visitors to /pc.html (the app in a phone frame); never blocks. */
  isPcLimite: z.boolean(),
});
export type SysSet = z.infer<typeof SysSet>;

export const PublicSettings = z.object({
  sysSet: SysSet,
  sandbox: z.boolean(),
  marketFeed: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;
