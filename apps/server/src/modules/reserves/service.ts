// Proof of reserves and liabilities (issue 33; README.md here): makes a proof (the daily job
// and the operator's button), answers the latest one and a customer's own leaf and path.
// Other modules reach this one only through here.
import type { ProofAddress, ProofLatest, ProofMine } from "@candor/contract";
import { EMPTY_NODE, type ProofAmount, type ProofStep, userIdHash } from "@candor/domain";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { EvmChainConfig } from "../../chain-config";
import type { Db } from "../../db";
import { AppError, notFound } from "../../lib/errors";
import { getCustomerLiabilities } from "../ledger/service";
import { type ChainReserves, readChainReserves } from "../wallet/service";
import { reserveProofLeaves, reserveProofNodes, reserveProofs } from "./schema";
import { buildTree, levelCount, proofTotals } from "./tree";

/** Rows per INSERT when a proof's tree is stored. */
const CHUNK = 1_000;
/**
 * A proof's tree (every customer's leaf and the inner nodes, ~3 rows per customer a day) is
 * kept this many days; its header (root, totals, reserves, block) is kept for ever. The
 * newest proof's tree is never pruned.
 */
export const PROOF_TREE_KEPT_DAYS = 90;

export interface ReserveDeps {
  db: Db;
  /** Business time. */
  now: () => Date;
  chain: EvmChainConfig | undefined;
  /** The chain's reserves at one block (default: read the configured chain; tests pass their own). */
  readReserves?: (db: Db, chain: EvmChainConfig) => Promise<ChainReserves>;
}

type Header = typeof reserveProofs.$inferSelect;

const toLatest = (row: Header): ProofLatest => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  root: row.root,
  block: row.block,
  totals: row.totals,
  reserveSource: row.reserveSource,
  network: row.network ?? null,
  addresses: row.addresses,
  leaves: row.leaves,
});

export class ReserveService {
  constructor(private readonly deps: ReserveDeps) {}

  /**
   * Makes a proof now: every customer's balances from the ledger into the tree, the chain's
   * reserves at one block (none without a chain). `businessDate`: the daily job's date, one
   * proof per date (a second run of the same date answers the first proof).
   */
  async make(options: { businessDate?: string; madeBy?: number } = {}): Promise<ProofLatest> {
    const { db, chain } = this.deps;
    if (options.businessDate) {
      const [done] = await db.select().from(reserveProofs).where(eq(reserveProofs.businessDate, options.businessDate));
      if (done) return toLatest(done);
    }
    let reserves: ChainReserves | null = null;
    if (chain) {
      try {
        reserves = await (this.deps.readReserves ?? readChainReserves)(db, chain);
      } catch {
        throw new AppError(503, "proofChainUnavailable");
      }
    }
    const { leaves, levels } = buildTree(await getCustomerLiabilities(db));
    const root = levels.at(-1)?.[0] ?? EMPTY_NODE;
    const addresses: ProofAddress[] = reserves?.addresses ?? [];
    const header = {
      createdAt: this.deps.now(),
      businessDate: options.businessDate ?? null,
      madeBy: options.madeBy ?? null,
      root: root.hash,
      block: reserves?.block ?? null,
      reserveSource: reserves ? ("chain" as const) : ("none" as const),
      network: reserves ? { name: reserves.network, chainId: reserves.chainId } : null,
      totals: proofTotals(root.sum, reserves ? addresses : null),
      addresses,
      leaves: leaves.length,
    };
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(reserveProofs).values(header).onConflictDoNothing().returning();
      if (!row) {
        const [done] = await tx
          .select()
          .from(reserveProofs)
          .where(eq(reserveProofs.businessDate, options.businessDate ?? ""));
        if (!done) throw new Error("proof header not stored");
        return toLatest(done);
      }
      const nodes = levels.flatMap((level, l) =>
        level.map((n, idx) => ({ proofId: row.id, level: l, idx, hash: n.hash, sum: n.sum })),
      );
      for (let i = 0; i < nodes.length; i += CHUNK)
        await tx.insert(reserveProofNodes).values(nodes.slice(i, i + CHUNK));
      const leafRows = leaves.map((leaf, idx) => ({ proofId: row.id, idx, ...leaf }));
      for (let i = 0; i < leafRows.length; i += CHUNK) {
        await tx.insert(reserveProofLeaves).values(leafRows.slice(i, i + CHUNK));
      }
      return toLatest(row);
    });
  }

  /**
   * Deletes the trees of proofs made more than PROOF_TREE_KEPT_DAYS days ago (business time),
   * one proof per transaction, never the newest proof's; answers the proofs pruned.
   */
  async prune(): Promise<number[]> {
    const { db } = this.deps;
    const before = new Date(this.deps.now().getTime() - PROOF_TREE_KEPT_DAYS * 86_400_000);
    const [newest] = await db
      .select({ id: reserveProofs.id })
      .from(reserveProofs)
      .orderBy(desc(reserveProofs.id))
      .limit(1);
    if (!newest) return [];
    const old = await db
      .select({ id: reserveProofs.id })
      .from(reserveProofs)
      .where(
        and(
          lt(reserveProofs.createdAt, before),
          lt(reserveProofs.id, newest.id),
          sql`EXISTS (SELECT 1 FROM ${reserveProofNodes} WHERE ${reserveProofNodes.proofId} = ${reserveProofs.id})`,
        ),
      );
    for (const { id } of old) {
      await db.transaction(async (tx) => {
        await tx.delete(reserveProofLeaves).where(eq(reserveProofLeaves.proofId, id));
        await tx.delete(reserveProofNodes).where(eq(reserveProofNodes.proofId, id));
      });
    }
    return old.map((p) => p.id);
  }

  /** The newest proof; 404 before the first. */
  async latest(): Promise<ProofLatest> {
    const [row] = await this.deps.db.select().from(reserveProofs).orderBy(desc(reserveProofs.id)).limit(1);
    if (!row) throw notFound("proofNoneYet");
    return toLatest(row);
  }

  /** The customer's own leaf and path in proof `proofId`; 404 when there is no such proof or no leaf of theirs. */
  async mine(userId: number, proofId: number): Promise<ProofMine> {
    const { db } = this.deps;
    const [found] = await db
      .select({ leaf: reserveProofLeaves, proof: reserveProofs })
      .from(reserveProofLeaves)
      .innerJoin(reserveProofs, eq(reserveProofs.id, reserveProofLeaves.proofId))
      .where(and(eq(reserveProofLeaves.proofId, proofId), eq(reserveProofLeaves.userId, userId)));
    if (!found) {
      // A proof whose tree was pruned says so (its root and totals are still published).
      const [header] = await db
        .select({ leaves: reserveProofs.leaves })
        .from(reserveProofs)
        .where(
          and(
            eq(reserveProofs.id, proofId),
            sql`NOT EXISTS (SELECT 1 FROM ${reserveProofNodes} WHERE ${reserveProofNodes.proofId} = ${reserveProofs.id})`,
          ),
        );
      if (header && header.leaves > 0) throw notFound("proofTreePruned", { days: PROOF_TREE_KEPT_DAYS });
      throw notFound("proofNotFound");
    }
    const { leaf, proof } = found;
    const depth = levelCount(proof.leaves) - 1;
    const wanted = Array.from({ length: depth }, (_, l) => ({ level: l, idx: (leaf.idx >> l) ^ 1 }));
    const siblings =
      wanted.length === 0
        ? []
        : await db
            .select({
              level: reserveProofNodes.level,
              idx: reserveProofNodes.idx,
              hash: reserveProofNodes.hash,
              sum: reserveProofNodes.sum,
            })
            .from(reserveProofNodes)
            .where(
              and(
                eq(reserveProofNodes.proofId, proofId),
                sql`(${sql.join(
                  wanted.map(
                    (w) => sql`(${reserveProofNodes.level} = ${w.level} AND ${reserveProofNodes.idx} = ${w.idx})`,
                  ),
                  sql` OR `,
                )})`,
              ),
            );
    const at = new Map(siblings.map((s) => [`${s.level}:${s.idx}`, s]));
    const path: ProofStep[] = wanted.map((w) => {
      const node = at.get(`${w.level}:${w.idx}`) ?? EMPTY_NODE;
      return { hash: node.hash, sum: node.sum as ProofAmount[], side: w.idx % 2 === 0 ? "left" : "right" };
    });
    return {
      root: proof.root,
      leaf: { hash: leaf.hash, balances: leaf.balances, salt: leaf.salt, userHash: userIdHash(userId) },
      path,
      proofId: proof.id,
      createdAt: proof.createdAt.toISOString(),
    };
  }
}
