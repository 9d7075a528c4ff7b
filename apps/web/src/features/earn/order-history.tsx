// An order's incomes (each with its business date and the inputs it was computed from)
// and, for automated strategies, its fills (side, price, quantity, fee, reason, tick).
import type { EarnIncome, QuantFill } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../components/paged-list";
import { formatDate } from "../../lib/format";
import { EARN_PATHS } from "./api";
import { money, plain } from "./earn-logic";
import styles from "./styles";

/** Inputs are numbers as strings, times, or labels: numbers shown without trailing zeros. */
function inputValue(key: string, v: string | number | null): string {
  if (v === null) return "--";
  if (key.endsWith("Ts")) return formatDate(Number(v));
  const s = String(v);
  return /^-?\d+(\.\d+)?$/.test(s) ? plain(s, 8) : s;
}

/** The inputs worth a line: no empty notes; "capped" only when the output was raised to 0. */
function inputText(t: (k: string, o?: Record<string, unknown>) => string, inputs: EarnIncome["inputs"]): string {
  return Object.entries(inputs)
    .filter(([k, v]) => v !== null && (k !== "capped" || Number(v) === 1))
    .map(([k, v]) =>
      k === "capped" ? t("inputs.capped") : `${t(`inputs.${k}`, { defaultValue: k })}: ${inputValue(k, v)}`,
    )
    .join(" · ");
}

export function IncomeList({ orderId, currency }: { orderId: number; currency: string }) {
  const { t } = useTranslation("earn");
  return (
    <section className={styles.card} aria-label={t("incomes.title")}>
      <h2 className={styles.sectionTitle}>{t("incomes.title")}</h2>
      <PagedList<EarnIncome>
        path={EARN_PATHS.incomes}
        query={{ orderId }}
        keyOf={(i) => i.id}
        emptyText={t("incomes.empty")}
        emptyHint={t("incomes.emptyHint")}
        ariaLabel={t("incomes.title")}
        renderItem={(i) => (
          <div className={styles.list} data-testid="earn-income" style={{ padding: "8px 0" }}>
            <div className={styles.line}>
              <span>
                <strong>{i.date}</strong> · {t(`incomes.kinds.${i.kind}`)}
              </span>
              <span className={i.kind === "forfeit" ? styles.down : styles.up} data-testid="income-amount">
                {i.kind === "forfeit" ? "-" : "+"}
                {money(i.amount, currency)} {currency}
              </span>
            </div>
            {Object.keys(i.inputs).length > 0 ? (
              <p className={styles.inputs} data-testid="income-inputs">
                {inputText(t, i.inputs)}
              </p>
            ) : null}
          </div>
        )}
      />
    </section>
  );
}

export function FillList({ orderId }: { orderId: number }) {
  const { t } = useTranslation("earn");
  return (
    <section className={styles.card} aria-label={t("fills.title")}>
      <h2 className={styles.sectionTitle}>{t("fills.title")}</h2>
      <PagedList<QuantFill>
        path={EARN_PATHS.fills}
        query={{ orderId }}
        keyOf={(f) => f.id}
        emptyText={t("fills.empty")}
        emptyHint={t("fills.emptyHint")}
        ariaLabel={t("fills.title")}
        renderItem={(f) => (
          <div data-testid="earn-fill" style={{ padding: "8px 0", borderBottom: "1px solid #f0f0f0", fontSize: 13 }}>
            <div className={styles.line}>
              <span className={f.side === "buy" ? styles.up : styles.down}>
                <strong>{t(`fills.${f.side}`)}</strong> {f.symbol}
              </span>
              <time>{formatDate(f.tickTs)}</time>
            </div>
            <p className={styles.inputs}>
              {t("fills.line", {
                price: plain(f.price),
                quantity: plain(f.quantity),
                fee: plain(f.fee),
                bid: plain(f.tickBid),
                ask: plain(f.tickAsk),
              })}
            </p>
            <p className={styles.inputs}>
              {t("fills.reason", { reason: t(`fills.reasons.${f.reason}`, { defaultValue: f.reason }) })}
            </p>
          </div>
        )}
      />
    </section>
  );
}
