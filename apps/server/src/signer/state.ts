// The signer's own memory, in a JSON file under its data directory (mode 0600): the day's
// signed totals per currency and the day's gas top-ups in wei (it never takes the API's word
// for them), and what it signed for each withdrawal id, so one withdrawal is never signed
// twice for different content.
// Written (temporary file + rename) before a signature is handed out.
import fs from "node:fs";
import path from "node:path";

export interface SignedWithdrawal {
  chainId: number;
  currency: string;
  token: string | null;
  to: string;
  amountUnits: string;
  nonce: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  hashes: string[];
  /** The signer's day (UTC) it counted towards. */
  day: string;
}

interface StateFile {
  /** Per UTC day, per currency: smallest units signed. */
  totals: Record<string, Record<string, string>>;
  withdrawals: Record<string, SignedWithdrawal>;
  /** Per UTC day: wei sent in gas top-ups (absent in files written before the cap). */
  topUps?: Record<string, string>;
}

const DAYS_KEPT = 7;

export class SignerState {
  private state: StateFile;

  constructor(private readonly file: string) {
    this.state = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, "utf8")) as StateFile)
      : { totals: {}, withdrawals: {} };
  }

  signedToday(day: string, currency: string): bigint {
    return BigInt(this.state.totals[day]?.[currency] ?? "0");
  }

  toppedUpOn(day: string): bigint {
    return BigInt(this.state.topUps?.[day] ?? "0");
  }

  /** Counts a signed gas top-up towards its day, then saves. */
  recordTopUp(day: string, wei: bigint): void {
    const topUps = this.state.topUps ?? {};
    topUps[day] = (BigInt(topUps[day] ?? "0") + wei).toString();
    const days = Object.keys(topUps).sort();
    for (const old of days.slice(0, Math.max(0, days.length - DAYS_KEPT))) delete topUps[old];
    this.state.topUps = topUps;
    this.save();
  }

  withdrawal(id: number): SignedWithdrawal | undefined {
    return this.state.withdrawals[String(id)];
  }

  /** Records a first signature (counted towards its day) or a replacement (not counted again), then saves. */
  record(id: number, entry: SignedWithdrawal, counted: boolean): void {
    if (counted) {
      const day = this.state.totals[entry.day] ?? {};
      this.state.totals[entry.day] = day;
      day[entry.currency] = (BigInt(day[entry.currency] ?? "0") + BigInt(entry.amountUnits)).toString();
      const days = Object.keys(this.state.totals).sort();
      for (const old of days.slice(0, Math.max(0, days.length - DAYS_KEPT))) delete this.state.totals[old];
    }
    this.state.withdrawals[String(id)] = entry;
    this.save();
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.state), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}
