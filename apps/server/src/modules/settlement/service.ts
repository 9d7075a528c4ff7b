// The settlement module's face to the settling modules (futures, options, spot, loans,
// contests): registering a settler with the engine, the base class of the settlers that
// follow every tick (TickSettler: queue, retries, replay), the page-by-page reader of
// recorded ticks, and the replay watermarks.
export { type MarketTick, registerSettler, type Settler, WorkQueue } from "./engine";
export { recordedTickPages } from "./recorded-ticks";
export {
  TickSettler,
  type TickSettlerOptions,
  type TickSettlerStats,
  type TickTrigger,
  tickSettlerStats,
} from "./tick-settler";
export { readWatermarks, WatermarkBook, writeWatermarks } from "./watermarks";
