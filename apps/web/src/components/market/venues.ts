// Price venues by their names as the venues write them (the server says `binance`, `okx`…).
const VENUE_NAMES: Record<string, string> = {
  binance: "Binance",
  okx: "OKX",
  coinbase: "Coinbase Exchange",
  kraken: "Kraken",
  oanda: "OANDA",
};

export const venueName = (source: string): string => VENUE_NAMES[source] ?? source;
