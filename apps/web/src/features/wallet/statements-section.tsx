// "Statements and exports" on the balance log (issue 34 §3): a month's statement as a PDF and
// the balance log or the trades (realised P&L, FIFO for spot) of a date range as a CSV, each
// downloaded as a file. Real money only, as the server makes them.
import { statementPaths } from "@candor/contract/paths";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiDownload } from "../../lib/api-client";
import styles from "./wallet.module.css";

const today = () => new Date().toISOString().slice(0, 10);
type Busy = "pdf" | "csv" | null;

export function StatementsSection() {
  const { t } = useTranslation("wallet");
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [from, setFrom] = useState(() => `${today().slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [kind, setKind] = useState<"ledger" | "trades">("ledger");
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (which: Exclude<Busy, null>, download: () => Promise<string>) => {
    setBusy(which);
    setStatus(null);
    try {
      setStatus({ ok: true, text: t("exports.saved", { name: await download() }) });
    } catch (e) {
      setStatus({ ok: false, text: e instanceof Error && e.message ? e.message : t("exports.failed") });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.exports} aria-label={t("exports.title")}>
      <button type="button" className={styles.exportsToggle} aria-expanded={open} onClick={() => setOpen(!open)}>
        {t("exports.title")} <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      {open && (
        <div className={styles.exportsBody}>
          <p className={styles.exportsNote}>{t("exports.note")}</p>
          <label className={styles.exportsField}>
            <span>{t("exports.month")}</span>
            <input type="month" value={month} max={today().slice(0, 7)} onChange={(e) => setMonth(e.target.value)} />
          </label>
          <button
            type="button"
            className={styles.exportsButton}
            disabled={busy !== null || !month}
            onClick={() => run("pdf", () => apiDownload(statementPaths.statement, { month }))}
          >
            {busy === "pdf" ? t("exports.preparing") : t("exports.downloadPdf")}
          </button>
          <div className={styles.exportsRange}>
            <label className={styles.exportsField}>
              <span>{t("exports.from")}</span>
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className={styles.exportsField}>
              <span>{t("exports.to")}</span>
              <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </label>
          </div>
          <label className={styles.exportsField}>
            <span>{t("exports.kind")}</span>
            <select value={kind} onChange={(e) => setKind(e.target.value as "ledger" | "trades")}>
              <option value="ledger">{t("exports.kindLedger")}</option>
              <option value="trades">{t("exports.kindTrades")}</option>
            </select>
          </label>
          <button
            type="button"
            className={styles.exportsButton}
            disabled={busy !== null || !from || !to}
            onClick={() => run("csv", () => apiDownload(statementPaths.export, { kind, from, to }))}
          >
            {busy === "csv" ? t("exports.preparing") : t("exports.downloadCsv")}
          </button>
          {status && (
            <p role={status.ok ? "status" : "alert"} className={status.ok ? styles.exportsOk : styles.exportsError}>
              {status.text}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
