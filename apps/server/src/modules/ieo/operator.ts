// IEO projects, the operator's side: create (a secret seed of 32 random bytes as hex;
// seedHash = SHA-256 of that hex string, published at once; the draw / expiry / listing
// jobs scheduled) and update (only before applications open).

import { randomBytes } from "node:crypto";
import type { IeoProjectInput, Lang, OperatorIeoProject } from "@candor/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { ledgerTransaction } from "../ledger/service";
import { findCurrency } from "../wallet/service";
import {
  getProjectRow,
  type IeoDeps,
  JOB_IEO_CLOSE,
  JOB_IEO_DRAW,
  JOB_IEO_EXPIRE,
  JOB_IEO_LIST,
  sha256Hex,
  shortTime,
  toOperatorProject,
} from "./projects";
import { type IeoProjectRow, ieoProjects } from "./schema";

// ── Operator: create and update ──────────────────────────────────────────────────────

/** The token symbol must not be a wallet currency, a market base/symbol or another project's token. */
async function checkSymbol(deps: IeoDeps, symbol: string, projectId: number | null) {
  const taken =
    (await findCurrency(deps.db, symbol)) !== null ||
    deps.market.knownSymbols().some((s) => s.base === symbol || s.quote === symbol || s.symbol === symbol) ||
    deps.market.findSymbol(`${symbol}USDT`) !== undefined;
  const [other] = await deps.db
    .select({ id: ieoProjects.id })
    .from(ieoProjects)
    .where(eq(ieoProjects.symbol, symbol))
    .limit(1);
  if (taken || (other && other.id !== projectId)) throw conflict("ieoSymbolTaken", { symbol });
}

const times = (input: IeoProjectInput) => ({
  applyStart: new Date(input.applyStart),
  applyEnd: new Date(input.applyEnd),
  drawAt: new Date(input.drawAt),
  payEnd: new Date(input.payEnd),
  listAt: new Date(input.listAt),
});

/**
 * The close, draw, expiry and listing jobs: keys ieo:close:<id>, ieo:draw:<id>, ieo:expire:<id>, ieo:list:<id> at
 * creation. An update (before applyStart) that moves a time adds a job keyed with the new
 * time (ieo:draw:<id>:<ms>); every handler checks the project's current times and state,
 * so the job at the old time does nothing and each step happens exactly once.
 */
async function scheduleJobs(db: Db, row: IeoProjectRow, previous: IeoProjectRow | null) {
  const steps = [
    { name: JOB_IEO_CLOSE, step: "close", at: row.applyEnd, before: previous?.applyEnd },
    { name: JOB_IEO_DRAW, step: "draw", at: row.drawAt, before: previous?.drawAt },
    { name: JOB_IEO_EXPIRE, step: "expire", at: row.payEnd, before: previous?.payEnd },
    { name: JOB_IEO_LIST, step: "list", at: row.listAt, before: previous?.listAt },
  ];
  for (const s of steps) {
    if (s.before && s.before.getTime() === s.at.getTime()) continue;
    const key = previous ? `ieo:${s.step}:${row.id}:${s.at.getTime()}` : `ieo:${s.step}:${row.id}`;
    await enqueueJob(db, { name: s.name, key, payload: { id: row.id }, runAt: s.at });
  }
}

export async function createProject(deps: IeoDeps, input: IeoProjectInput, lang: Lang): Promise<OperatorIeoProject> {
  const t = times(input);
  const now = deps.clock.now();
  if (t.applyStart.getTime() <= now.getTime()) throw badRequest("ieoStartInPast", { now: shortTime(now) });
  await checkSymbol(deps, input.symbol, null);
  const seed = randomBytes(32).toString("hex");
  try {
    const row = await ledgerTransaction(deps.db, async (tx) => {
      const [inserted] = await tx
        .insert(ieoProjects)
        .values({
          name: input.name,
          description: input.description,
          riskText: input.riskText,
          symbol: input.symbol,
          estimatedPrice: input.estimatedPrice,
          totalQuantity: input.totalQuantity,
          maxPerCustomer: input.maxPerCustomer,
          ...t,
          seed,
          seedHash: sha256Hex(seed),
        })
        .returning();
      if (!inserted) throw new Error("ieo project insert returned nothing");
      await scheduleJobs(tx, inserted, null);
      return inserted;
    });
    return toOperatorProject(row, lang, deps.clock.nowMs(), undefined);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("ieoSymbolTaken", { symbol: input.symbol });
    throw err;
  }
}

export async function updateProject(
  deps: IeoDeps,
  id: number,
  input: IeoProjectInput,
  lang: Lang,
): Promise<OperatorIeoProject> {
  const t = times(input);
  await getProjectRow(deps.db, id);
  await checkSymbol(deps, input.symbol, id);
  try {
    const row = await ledgerTransaction(deps.db, async (tx) => {
      const current = await getProjectRow(tx, id, "update");
      const now = deps.clock.now();
      if (now.getTime() >= current.applyStart.getTime()) {
        throw conflict("ieoUpdateClosed", { applyStart: shortTime(current.applyStart) });
      }
      if (t.applyStart.getTime() <= now.getTime()) throw badRequest("ieoStartInPast", { now: shortTime(now) });
      const [updated] = await tx
        .update(ieoProjects)
        .set({
          name: input.name,
          description: input.description,
          riskText: input.riskText,
          symbol: input.symbol,
          estimatedPrice: input.estimatedPrice,
          totalQuantity: input.totalQuantity,
          maxPerCustomer: input.maxPerCustomer,
          ...t,
          updatedAt: sql`now()`,
        })
        .where(eq(ieoProjects.id, id))
        .returning();
      if (!updated) throw notFound("ieoProjectNotFound");
      await scheduleJobs(tx, updated, current);
      return updated;
    });
    return toOperatorProject(row, lang, deps.clock.nowMs(), undefined);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("ieoSymbolTaken", { symbol: input.symbol });
    throw err;
  }
}
