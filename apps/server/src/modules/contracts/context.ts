// What the contracts module's functions are handed (the app's own services): a leaf file,
// so every file of the module can name it without importing another back.
import type { Db } from "../../db";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import type { TradeModes } from "../../lib/trade-mode";
import type { MarketService } from "../market/service";

export interface ContractsDeps {
  db: Db;
  market: MarketService;
  /** Publishes "futures.position" after each commit (the settlement index follows it). */
  bus?: EventBus<AppEvents>;
}

/** What a customer's request needs besides: the app's trade-mode check (contest entries; app.tradeModes). */
export interface ContractsRequestDeps extends ContractsDeps {
  tradeModes: TradeModes;
}
