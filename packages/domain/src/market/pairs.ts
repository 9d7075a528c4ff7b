// How a symbol is written for people: BTCUSDT → BTC/USDT, XAUUSD → XAU/USD (issue 35 §13:
// "symbols shown as BTC/USDT everywhere"), on screens, toasts, inbox and push texts alike.

const QUOTES = ["USDT", "USDC", "USD"];

/** BTCUSDT → BTC/USDT, XAUUSD → XAU/USD; anything else as it is. */
export function pairLabel(symbol: string): string {
  const quote = QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}
