// Index throughput and latency (issue 32 §2): four local venue servers (Binance, OKX,
// Coinbase Exchange, Kraken frames) × 20 symbols through the real venue adapters into the
// IndexFeed. Prints index ticks per second and the index's own added latency per quote
// (the venue's quote handed over → the tick emitted, or the quote absorbed), p50/p99.
// Goal: the index adds ≤ 2 ms at p99.
//
//   npm run bench:index                 # 5 s
//   npm run bench:index -- --seconds 10
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { IndexFeed } from "../src/modules/market/feeds/index-feed";
import { indexSourceFactory } from "../src/modules/market/feeds/index-sources";
import type { SourceQuote } from "../src/modules/market/sources/types";
import { SYMBOL_SEEDS } from "../src/modules/market/symbols";
import type { SymbolInfo } from "../src/modules/market/types";
import { allConnected, closeVenues, indexConfig, startVenues, tickerFrame, VENUES } from "../test/market/index-venues";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" } } });
const seconds = Number(values.seconds);
const SYMBOLS = 20;

const template = SYMBOL_SEEDS.find((s) => s.symbol === "BTCUSDT");
if (!template) throw new Error("no BTCUSDT seed");
const symbols: SymbolInfo[] = Array.from({ length: SYMBOLS }, (_, i) => ({
  ...template,
  symbol: `C${String.fromCharCode(65 + i)}XUSDT`,
  base: `C${String.fromCharCode(65 + i)}X`,
  sortOrder: i,
  enabled: true,
}));

const venues = await startVenues();
const config = indexConfig(venues).index;
if (!config) throw new Error("no index config");
const latencies: number[] = [];
let pending = 0;
let ticks = 0;
let quotes = 0;
const feed: IndexFeed = new IndexFeed({
  seed: 1,
  sources: (list, wire) =>
    indexSourceFactory(config)(list, {
      onStatus: wire.onStatus,
      // The index's own work: from the adapter handing the quote over to the feed returning.
      onQuote: (q: SourceQuote) => {
        quotes++;
        pending = performance.now();
        wire.onQuote(q);
        latencies.push(performance.now() - pending);
      },
    }),
});
await feed.start({
  symbols,
  lastPrice: () => undefined,
  emit: (t) => {
    if (t.source === "index") ticks++;
  },
  log: pino({ level: "silent" }),
});
const deadline = Date.now() + 5000;
while (!allConnected(venues) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
if (!allConnected(venues)) throw new Error("venues did not connect");

const prices = symbols.map(() => 60_000);
const started = performance.now();
const end = started + seconds * 1000;
let sent = 0;
while (performance.now() < end) {
  const now = Date.now();
  for (let i = 0; i < SYMBOLS; i++) {
    prices[i] = (prices[i] as number) * (1 + (Math.random() - 0.5) * 0.0004);
    for (const v of VENUES) {
      const price = ((prices[i] as number) * (1 + (Math.random() - 0.5) * 0.0002)).toFixed(2);
      venues[v].send(tickerFrame(v, symbols[i]?.symbol as string, price, now));
      sent++;
    }
  }
  await new Promise((r) => setTimeout(r, 1));
}
await new Promise((r) => setTimeout(r, 200));
const elapsed = (performance.now() - started) / 1000;
await feed.stop();
await closeVenues(venues);

latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  (latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0).toFixed(3);
console.log(`index bench: ${VENUES.length} venues × ${SYMBOLS} symbols, ${elapsed.toFixed(1)} s`);
console.log(`  frames sent ${sent}, quotes into the index ${quotes} (${Math.round(quotes / elapsed)}/s)`);
console.log(`  index ticks ${ticks} (${Math.round(ticks / elapsed)}/s)`);
console.log(`  index latency per quote: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms (goal p99 ≤ 2 ms)`);
process.exit(0);
