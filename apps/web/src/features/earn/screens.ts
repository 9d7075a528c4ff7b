// Every earn screen, loaded as one lazy chunk: the route table then carries one loader
// (and one preload list) for the whole area instead of eleven.
export { default as DebtDetailScreen } from "./debt-detail-screen";
export { default as DebtListScreen } from "./debt-list-screen";
export { default as FixedTermCreateScreen } from "./fixed-term-create-screen";
export { default as FixedTermListScreen } from "./fixed-term-list-screen";
export { default as MiningDetailScreen } from "./mining-detail-screen";
export { default as MiningListScreen } from "./mining-list-screen";
export { default as OrderDetailScreen } from "./order-detail-screen";
export { default as OrderOkScreen } from "./order-ok-screen";
export { default as OrdersScreen } from "./orders-screen";
export { default as QuantDetailScreen } from "./quant-detail-screen";
export { default as QuantListScreen } from "./quant-list-screen";
