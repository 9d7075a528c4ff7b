// Helpers for the quant tests: an app with the quant plugin, quant products inserted as the
// operator would, and orders started the way the earn buy does (amount spot → earn in one
// transaction with the order row and openQuantOrder).
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { type App, buildApp } from "../../src/app";
import type { Database } from "../../src/db";
import { quantHooks } from "../../src/modules/earn/quant/hooks";
import quantPlugin from "../../src/modules/earn/quant/plugin";
import { earnOrders, earnProducts } from "../../src/modules/earn/schema";
import { auth } from "../factory";
import { createTestDatabase, testConfig } from "../helper";

export async function setupQuantApp(): Promise<{ app: App; database: Database }> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(), database, logger: false });
  if (!app.hasPlugin("earn-quant")) await app.register(quantPlugin);
  // Until the earn plugin wires the strategies itself (EarnDeps.quant = quantHooks(…)).
  const deps = app.earn.deps as { quant: unknown };
  deps.quant ??= quantHooks({ market: app.market, clock: app.clock });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database };
}

export async function quantProduct(
  database: Database,
  config: { strategy: "grid" | "trend"; symbol: string; params: Record<string, unknown> },
): Promise<number> {
  const [row] = await database.db
    .insert(earnProducts)
    .values({
      type: "quant",
      name: { "en-us": `${config.strategy} ${config.symbol}`, ko: `${config.strategy} ${config.symbol} (ko)` },
      riskNotice: { "en-us": "Results can be negative." },
      currency: "USDT",
      termDays: 30,
      minAmount: "10",
      maxAmount: "100000",
      config,
    })
    .returning();
  if (!row) throw new Error("product insert returned nothing");
  return row.id;
}

/** Buys a quant product through the earn API (debitBuy) and has the runner watch it at once. */
export async function startQuantOrder(app: App, c: { token: string }, productId: number, amount: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/prod/appProductOrder/debitBuy",
    headers: auth(c.token),
    payload: { productId, amount },
  });
  if (res.statusCode !== 200) throw Object.assign(new Error(res.json().message), { status: res.statusCode });
  const id = res.json().result.id as number;
  await app.quant.runner.track(id);
  return id;
}

/** An order of another type (for the "not quant" case). */
export async function insertOtherOrder(database: Database, userId: number, productId: number) {
  const now = new Date();
  const [order] = await database.db
    .insert(earnOrders)
    .values({
      userId,
      productId,
      type: "arbitrage",
      currency: "USDT",
      amount: "10",
      status: "running",
      termDays: 7,
      earlyRedemption: false,
      startAt: now,
      endAt: new Date(now.getTime() + 7 * 86_400_000),
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  return order.id;
}

export async function orderRow(database: Database, id: number) {
  const [row] = await database.db.select().from(earnOrders).where(eq(earnOrders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}
