// Balance changes that no request of the customer's caused (a deposit confirmed by the
// provider, a position or option settled, an operator adjustment): while this node holds
// account sockets it reads, once a second, which of those customers had ledger transfers
// since the last look, and tells their sockets here. Ids are assigned at insert and may
// commit out of order, so each look starts a little below the watermark and skips ids
// already seen.
import type { Db } from "../../db";
import { latestTransferId, transfersTouchingUsers } from "../ledger/service";

const LOOK_BACK_IDS = 500;
const SEEN_MAX = 20_000;

export class LedgerWatch {
  private watermark: number | null = null;
  private readonly seen = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly users: () => number[],
    private readonly changed: (userId: number) => void,
    private readonly onError: (err: unknown) => void,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (this.watermark === null) {
        this.watermark = await latestTransferId(this.db);
        return;
      }
      const users = this.users();
      if (users.length === 0) return;
      const rows = await transfersTouchingUsers(this.db, Math.max(0, this.watermark - LOOK_BACK_IDS), users);
      const notify = new Set<number>();
      for (const r of rows) {
        if (this.seen.has(r.id)) continue;
        this.seen.add(r.id);
        notify.add(r.userId);
        if (r.id > this.watermark) this.watermark = r.id;
      }
      if (this.seen.size > SEEN_MAX) {
        const floor = this.watermark - LOOK_BACK_IDS;
        for (const id of this.seen) if (id < floor) this.seen.delete(id);
      }
      for (const userId of notify) this.changed(userId);
    } catch (err) {
      this.onError(err);
    } finally {
      this.busy = false;
    }
  }
}
