// Data rights (issue 34 §4): "Download my data" (./exports.ts; a job prepares the zip, it is
// offered for 7 days behind a signed link, then expired and deleted) and "Close my account"
// (./closure.ts). Times are business time (modules/clock).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  type CloseAccountResult,
  type CloseCheck,
  DATA_EXPORT_DAYS,
  type DataExportStarted,
  type DataExportState,
  privacyPaths,
} from "@candor/contract";
import { and, desc, eq, lte } from "drizzle-orm";
import { zipSync } from "fflate";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { closeAccount, closeBlockers, eraseDueKyc } from "./closure";
import { collectExport } from "./exports";
import { accountClosures, dataExports } from "./schema";

export const JOB_DATA_EXPORT = "privacy.export";
export const JOB_PRIVACY_DAILY = "privacy.daily";

/** How long a download link stays valid (ask for the state again for a new one). */
const LINK_TTL_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface PrivacyDeps {
  db: Db;
  dataDir: string;
  /** Business time. */
  now: () => Date;
  /** Signs download links. */
  key: Buffer;
  retentionYearsLedger: number;
  retentionYearsKyc: number;
  /** After commit: the customer's sessions ended (sockets close). */
  onSessionsEnded: (userId: number) => void;
}

export const exportsDir = (dataDir: string) => path.join(dataDir, "exports");

type ExportRow = typeof dataExports.$inferSelect;

export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  // ---------------------------------------------------------------- download my data

  /** One export in preparation at a time: while one is, it is the answer. */
  async requestExport(userId: number): Promise<DataExportStarted> {
    const { db } = this.deps;
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(dataExports)
        .values({ userId, createdAt: this.deps.now() })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await enqueueJob(tx, { name: JOB_DATA_EXPORT, key: exportJobKey(created.id), payload: { id: created.id } });
        return { id: created.id, status: created.status };
      }
      const [current] = await tx
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "preparing")))
        .limit(1);
      if (!current) throw notFound();
      return { id: current.id, status: current.status };
    });
  }

  async getExport(userId: number): Promise<DataExportState> {
    const [row] = await this.deps.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.id))
      .limit(1);
    if (!row) return null;
    const current = row.status === "ready" && this.isPast(row) ? await this.expire(row) : row;
    return {
      id: current.id,
      status: current.status,
      url: current.status === "ready" ? this.signedUrl(current.id) : null,
      expiresAt: current.status === "ready" && current.expiresAt ? current.expiresAt.toISOString() : null,
    };
  }

  /** The job: collect, zip, store; the export is offered for 7 days from now. Idempotent. */
  async buildExport(id: number): Promise<void> {
    const { db, dataDir } = this.deps;
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
    if (row?.status !== "preparing") return;
    const now = this.deps.now();
    const zip = zipSync(await collectExport(db, dataDir, row.userId, now), { level: 6 });
    const fileName = `${randomBytes(16).toString("hex")}.zip`;
    await fsp.mkdir(exportsDir(dataDir), { recursive: true });
    await fsp.writeFile(path.join(exportsDir(dataDir), fileName), zip);
    const [updated] = await db
      .update(dataExports)
      .set({
        status: "ready",
        fileName,
        sizeBytes: zip.length,
        readyAt: now,
        expiresAt: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS),
      })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, "preparing")))
      .returning({ id: dataExports.id });
    if (!updated) await fsp.rm(path.join(exportsDir(dataDir), fileName), { force: true });
  }

  /** The zip for a signed link of the customer's own export (anyone else, a bad or old link: 404). */
  async openExportFile(
    userId: number | null,
    query: { id: number; exp: number; sig: string },
  ): Promise<{ file: string; size: number; name: string }> {
    const [row] = await this.deps.db.select().from(dataExports).where(eq(dataExports.id, query.id)).limit(1);
    const signed = validSignature(this.deps.key, query.id, query.exp, query.sig, Date.now());
    if (!row || !signed || (userId !== null && row.userId !== userId)) throw notFound();
    if (row.status !== "ready" || !row.fileName || this.isPast(row)) throw notFound();
    const file = path.join(exportsDir(this.deps.dataDir), path.basename(row.fileName));
    try {
      const stat = await fsp.stat(file);
      return { file, size: stat.size, name: `candor-data-${row.id}.zip` };
    } catch {
      throw notFound();
    }
  }

  /** The daily clean-up: exports past their 7 days expire and their files are deleted; KYC past retention erased. */
  async daily(): Promise<{ expired: number; kycErased: number }> {
    const due = await this.deps.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, this.deps.now())));
    for (const row of due) await this.expire(row);
    const kycErased = await eraseDueKyc(this.closureDeps());
    return { expired: due.length, kycErased };
  }

  private isPast(row: ExportRow): boolean {
    return row.expiresAt !== null && row.expiresAt.getTime() <= this.deps.now().getTime();
  }

  private async expire(row: ExportRow): Promise<ExportRow> {
    if (row.fileName)
      await fsp.rm(path.join(exportsDir(this.deps.dataDir), path.basename(row.fileName)), { force: true });
    const [updated] = await this.deps.db
      .update(dataExports)
      .set({ status: "expired", fileName: null })
      .where(eq(dataExports.id, row.id))
      .returning();
    return updated ?? { ...row, status: "expired" };
  }

  private signedUrl(id: number): string {
    const exp = Date.now() + LINK_TTL_MS;
    return `${privacyPaths.dataExportFile}?id=${id}&exp=${exp}&sig=${sign(this.deps.key, id, exp)}`;
  }

  // ---------------------------------------------------------------- close my account

  checkClose(userId: number): Promise<CloseCheck> {
    return closeBlockers(this.deps.db, userId).then((open) => ({
      open,
      retentionYearsLedger: this.deps.retentionYearsLedger,
      retentionYearsKyc: this.deps.retentionYearsKyc,
    }));
  }

  async close(userId: number, password: string): Promise<CloseAccountResult> {
    const result = await closeAccount(this.closureDeps(), userId, password);
    this.deps.onSessionsEnded(userId);
    return result;
  }

  async isClosed(userId: number): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: accountClosures.userId })
      .from(accountClosures)
      .where(eq(accountClosures.userId, userId));
    return Boolean(row);
  }

  private closureDeps() {
    const { db, dataDir, now, retentionYearsKyc, retentionYearsLedger } = this.deps;
    return { db, dataDir, now, retentionYearsKyc, retentionYearsLedger };
  }
}

export const exportJobKey = (id: number) => `${JOB_DATA_EXPORT}:${id}`;

function sign(key: Buffer, id: number, exp: number): string {
  return createHmac("sha256", key).update(`data-export:${id}:${exp}`).digest("base64url");
}

function validSignature(key: Buffer, id: number, exp: number, sig: string, nowMs: number): boolean {
  if (!Number.isFinite(exp) || exp < nowMs) return false;
  const want = Buffer.from(sign(key, id, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
