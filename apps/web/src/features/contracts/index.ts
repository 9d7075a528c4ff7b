// The futures feature's public components (a feature's public files are api.ts and index.ts;
// apps/web/test/front-end-boundaries.test.ts): the trader the contest screens embed.
export { FuturesTrader } from "./futures-trader";
