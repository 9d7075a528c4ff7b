// What the rewards services work with, built once by the plugin.
import type { Lang } from "@candor/contract";
import type { Db } from "../../db";
import type { BusinessClock } from "../clock/service";
import type { MarketService } from "../market/service";
import type { RewardTaskDoneEvent } from "./events";

export interface RewardsDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  /** Share of an invited customer's trading fee paid to the inviter ("0.2"); "0" switches rebates off. */
  rebateShare: string;
  /** Countries (ISO alpha-2) of recipients to whom no rebate is paid. */
  rebateBlockedCountries: readonly string[];
  /** Publishes 'reward.task_done' (after commit). */
  taskDone: (event: RewardTaskDoneEvent) => void;
}

export const REWARD_CURRENCY = "USDT";

export type Rows<T> = { rows: T[] };

/** Text in the request language, falling back to English, then to any. */
export function pick(texts: Record<string, string> | null | undefined, lang: Lang): string {
  if (!texts) return "";
  return texts[lang] ?? texts["en-us"] ?? Object.values(texts)[0] ?? "";
}
