// The wallet module's face to other modules: balances and the asset centre (valued in
// USDT), the balance log, the listed currencies, and the console's queue figures. Other
// modules import these from here, never from the files behind them.
export { queryUserAssets, queryUserBalance, withdrawalsOnHold } from "./balances";
export { type ChainReserves, readChainReserves } from "./chain/reserves";
export { addListedCurrency, findCurrency, listCurrencyRows, type Rates } from "./currencies";
// Data rights (modules/privacy): what this module holds about a customer.
export { depositsInProgress, removePayoutAccounts, walletUserData, withdrawalsInProgress } from "./data-rights";
export { listBalanceLog } from "./statement";
export { walletQueueStats } from "./stats";
