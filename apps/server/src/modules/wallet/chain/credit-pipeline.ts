// Crediting beside reading (issue 33): while the watcher reads its next blocks from the
// node and records them, the records that became due in the blocks it recorded before are
// credited. One credit pass at a time, in order, each on the stored state of that moment
// (store.ts re-checks threshold and block under the records' locks, so a pass running
// beside a recording sees either the old or the new last block, both right).
import type { Db } from "../../../db";
import { creditChainDeposits, dueForCredit } from "./store";

/** Records credited per ledger transaction (the ledger's batch maximum). */
export const CREDIT_CHUNK = 1000;

export class CreditPipeline {
  /** Records credited by the passes so far. */
  credited = 0;
  /** Time the passes took (ms; they overlap reading). */
  ms = 0;
  private last: Promise<void> = Promise.resolve();
  /** A pass is waiting to start: it will see everything due by then, so no second one is queued. */
  private queued = false;

  constructor(
    private readonly db: Db,
    private readonly chainId: number,
    private readonly onCredited?: (depositId: number) => Promise<void>,
  ) {}

  /**
   * A pass once the one running is done (none is queued twice: the one waiting finds
   * everything due when it starts). A failed pass fails every later wait.
   */
  next(): void {
    if (this.queued) return;
    this.queued = true;
    const pass = this.last.then(() => {
      this.queued = false;
      return this.pass();
    });
    pass.catch(() => undefined); // reported by wait()
    this.last = pass;
  }

  /** The passes started so far are done (throws the first failure). */
  wait(): Promise<void> {
    return this.last;
  }

  private async pass(): Promise<void> {
    const started = performance.now();
    const due = await dueForCredit(this.db, this.chainId);
    for (let i = 0; i < due.length; i += CREDIT_CHUNK) {
      for (const id of await creditChainDeposits(this.db, this.chainId, due.slice(i, i + CREDIT_CHUNK))) {
        this.credited++;
        await this.onCredited?.(id).catch(() => undefined);
      }
    }
    this.ms += performance.now() - started;
  }
}
