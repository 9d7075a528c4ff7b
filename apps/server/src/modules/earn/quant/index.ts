// What the earn module uses of the automated strategies (one entry point).
export {
  type EarnOrderRow,
  type EarnProductRow,
  endDueQuantOrders,
  openQuantOrder,
  type QuantConfig,
  type QuantState,
  quantConfig,
  type StopReason,
  stepQuantOrder,
  stopQuantOrder,
} from "./engine";
export { type QuantEarnHooks, quantHooks } from "./hooks";
export { quantMessages } from "./messages";
export { default as quantPlugin, type QuantPluginOptions } from "./plugin";
export { quantRoutes } from "./routes";
export { type StrategyDefinition, strategyRules } from "./rules";
export { QuantRunner } from "./runner";
export { QUANT_SEED_PRODUCTS } from "./seed";
export { presentQuantOrder, QuantService } from "./service";
export { type QuantView, quantValue, quantView, snapshotQuantValues } from "./value";
