// Something to do on a fresh start (issue 35 §1): a fresh sandbox app has sample IEO projects
// (upcoming, taking applications, drawn with its seed published, listed) and sample contests
// (running with entrants and a ranking, to start, ended with its prizes paid through the ledger),
// their texts in all eight languages; a second start makes none again; outside sandbox nothing.
import { createHash } from "node:crypto";
import { LANGS } from "@candor/contract";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { CONTEST_NAMES, IEO_TEXTS } from "../../src/modules/samples/texts";
import { createTestDatabase, setupApp, testConfig } from "../helper";

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
type Json = any;

const { app, database } = await setupApp({ sandboxSamples: true });

// Tests have no live feed: BTCUSDT ticks every 100 ms, moving a little, as the sandbox feed would.
let step = 0;
const feed = setInterval(() => {
  step++;
  const price = 92_000 + 40 * Math.sin(step / 3);
  app.market.ingest({ symbol: "BTCUSDT", price: price.toFixed(2), ts: Date.now() });
}, 100);
afterAll(() => clearInterval(feed));

const outcome = await app.samples.done;

const get = async (url: string, lang = "en-us") => {
  const res = await app.inject({ method: "GET", url, headers: { "x-lang": lang } });
  expect(res.statusCode, url).toBe(200);
  return res.json().result as Json;
};
const projects = (lang?: string) => get("/api/prod/appProdIoe/listMy", lang) as Promise<Json[]>;
const contests = async (lang?: string) => (await get("/api/contest/list?pageNo=1&pageSize=50", lang)).records as Json[];

describe("a fresh sandbox start", () => {
  it("makes every sample, complete", () => {
    expect(outcome?.complete).toBe(true);
    expect(outcome?.made).toHaveLength(7);
  });

  it("lists IEO projects upcoming, taking applications, drawn and listed", async () => {
    const bySymbol = new Map((await projects()).map((p: Json) => [p.symbol, p]));
    expect(bySymbol.get("WNDM")).toMatchObject({ status: "upcoming", seed: null, entries: 0 });
    expect(bySymbol.get("TDPL")).toMatchObject({ status: "issuing", seed: null, entries: 3 });
    const drawn = bySymbol.get("ORCD");
    expect(drawn).toMatchObject({ status: "paying", drawn: true, entries: 4 });
    expect(createHash("sha256").update(drawn.seed, "utf8").digest("hex")).toBe(drawn.seedHash);
    expect(bySymbol.get("LNFG")).toMatchObject({ status: "listed", listed: true, entries: 3 });
    // Over-subscribed: the published draw gave out exactly what was issued.
    const draw = await get(`/api/prod/appProdIoe/draw?id=${drawn.id}`);
    expect(draw.seed).toBe(drawn.seed);
    expect(draw.winners.reduce((s: number, w: Json) => s + w.wonQuantity, 0)).toBe(12_000);
  });

  it("says every project's name, description and risk in all eight languages", async () => {
    const stages = { WNDM: "upcoming", TDPL: "issuing", ORCD: "drawn", LNFG: "listed" } as const;
    for (const lang of LANGS) {
      for (const p of await projects(lang)) {
        const texts = IEO_TEXTS[stages[p.symbol as keyof typeof stages]];
        expect(p.name, `${p.symbol} ${lang}`).toBe(texts.name[lang]);
        expect(p.description, `${p.symbol} ${lang}`).toBe(texts.description[lang]);
        expect(p.riskText.length, `${p.symbol} ${lang}`).toBeGreaterThan(20);
      }
    }
    // Translated, not English under another code.
    const names = new Set(LANGS.map((lang) => IEO_TEXTS.drawn.name[lang]));
    expect(names.size).toBeGreaterThan(4);
  });

  it("lists contests running, to start and ended, named in all eight languages", async () => {
    const list = await contests();
    expect(list.map((c: Json) => c.status).sort()).toEqual([-2, 0, 1]);
    for (const lang of LANGS) {
      const byStatus = new Map((await contests(lang)).map((c: Json) => [c.status, c.name]));
      expect(byStatus.get(1)).toBe(CONTEST_NAMES.running[lang]);
      expect(byStatus.get(0)).toBe(CONTEST_NAMES.upcoming[lang]);
      expect(byStatus.get(-2)).toBe(CONTEST_NAMES.ended[lang]);
      const detail = await get(`/api/contest/detail?id=${list[0].id}`, lang);
      expect(detail.rules?.length ?? 0, lang).toBeGreaterThan(50);
    }
  });

  it("ranks the running contest's entrants, who trade with contest funds", async () => {
    const running = (await contests()).find((c: Json) => c.status === 1);
    expect(running.entrants).toBe(3);
    const ranking = await get(`/api/contest/ranking?id=${running.id}&pageNo=1&pageSize=20`);
    expect(ranking.records.map((r: Json) => r.rank)).toEqual([1, 2, 3]);
    const positions = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM futures_positions WHERE contest_id = $1 AND status = 'open'",
      [running.id],
    );
    expect(Number(positions[0]?.n)).toBe(3);
  });

  it("paid the ended contest's prizes through the ledger, by its split", async () => {
    const ended = (await contests()).find((c: Json) => c.status === -2);
    expect(ended.entrants).toBe(3);
    const prizes = await database.query<{ amount: string; currency: string; kind: string }>(
      "SELECT amount::text, currency, kind FROM ledger_transfers WHERE idempotency_key LIKE $1 ORDER BY ledger_transfers.amount DESC",
      [`contest:${ended.id}:prize:%`],
    );
    expect(prizes.map((p) => [p.currency, p.kind, Number(p.amount)])).toEqual([
      ["USDT", "contest_prize", 150],
      ["USDT", "contest_prize", 90],
      ["USDT", "contest_prize", 60],
    ]);
    const ranking = await get(`/api/contest/ranking?id=${ended.id}&pageNo=1&pageSize=20`);
    expect(ranking.records.map((r: Json) => r.rank)).toEqual([1, 2, 3]);
  });

  it("makes nothing again at a second start on the same database", async () => {
    const again = await buildApp({ config: testConfig({ sandboxSamples: true }), database, logger: false });
    await again.ready();
    const second = await again.samples.done;
    await again.close();
    expect(second).toEqual({ made: [], complete: true });
    expect(await projects()).toHaveLength(4);
    expect(await contests()).toHaveLength(3);
    const customers = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM users WHERE username LIKE 'sample.%@candor.local'",
    );
    expect(Number(customers[0]?.n)).toBe(6);
  });
});

describe("a real-money start (SANDBOX=false)", () => {
  it("makes no sample, even when asked to", async () => {
    const db = await createTestDatabase();
    const prod = await buildApp({
      config: testConfig({ sandbox: false, paymentProvider: "manual", sandboxSamples: true }),
      database: db,
      logger: false,
    });
    try {
      await prod.ready();
      expect(await prod.samples.done).toBeNull();
      const inject = async (url: string) => (await prod.inject({ method: "GET", url })).json().result as Json;
      expect(await inject("/api/prod/appProdIoe/listMy")).toEqual([]);
      expect((await inject("/api/contest/list?pageNo=1&pageSize=50")).records).toEqual([]);
    } finally {
      await prod.close();
      await db.close();
    }
  });
});
