// Mining cards and the daily-output formula, shared by /kuangchi and /kuangchiDetail.
import type { EarnProduct } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { outputPerTh, plain } from "./earn-logic";
import { ProductStatusChip } from "./parts";
import styles from "./styles";

export function MiningCard({ product: p, onOpen }: { product: EarnProduct; onOpen: () => void }) {
  const { t } = useTranslation("earn");
  return (
    <button type="button" className={`${styles.card} ${styles.cardButton}`} onClick={onOpen} data-testid="earn-product">
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{p.name}</h2>
        <ProductStatusChip status={p.status} />
      </div>
      <p className={styles.muted} style={{ marginBottom: 8 }}>
        {[p.manufacturer, p.model].filter(Boolean).join(" ")}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t("mining.pricePerTh")}</dt>
          <dd>{p.pricePerTh ? `${plain(p.pricePerTh)} ${p.currency}` : "--"}</dd>
        </div>
        <div>
          <dt>{t("mining.todayPerTh")}</dt>
          <dd>{p.inputs?.outputPerThDay ? `${plain(p.inputs.outputPerThDay, 6)} USDT` : "--"}</dd>
        </div>
        <div>
          <dt>{t("term")}</dt>
          <dd>{t("days", { count: p.termDays })}</dd>
        </div>
        <div>
          <dt>{t("limits")}</dt>
          <dd>{t("range", { min: plain(p.minAmount), max: plain(p.maxAmount), currency: p.currency })}</dd>
        </div>
      </dl>
      <p className={styles.muted} style={{ marginTop: 8 }}>
        {t("mining.notReturned")}
      </p>
    </button>
  );
}

/** The published formula with today's inputs filled in, and its result per TH/s. */
export function MiningFormula({ product: p }: { product: EarnProduct }) {
  const { t } = useTranslation("earn");
  const inputs = p.inputs;
  const result = inputs ? outputPerTh(inputs, p.power, p.hashrate) : null;
  return (
    <section className={styles.card} aria-label={t("mining.formulaTitle")} data-testid="mining-formula">
      <h2 className={styles.sectionTitle}>{t("mining.formulaTitle")}</h2>
      <p className={styles.text}>{t("mining.formula")}</p>
      {inputs ? (
        <>
          <dl className={styles.rows} style={{ marginTop: 8 }}>
            <div>
              <dt>{t("inputs.rewardPerThDay")}</dt>
              <dd>{plain(inputs.rewardPerThDay, 12)} BTC</dd>
            </div>
            <div>
              <dt>{t("inputs.btcPrice")}</dt>
              <dd>
                {inputs.btcPrice ? `${plain(inputs.btcPrice, 2)} USDT` : t("mining.noPrice")}
                {inputs.btcPriceTs ? <span className={styles.muted}> ({formatDate(inputs.btcPriceTs)})</span> : null}
              </dd>
            </div>
            <div>
              <dt>{t("inputs.machinePower")}</dt>
              <dd>
                {plain(p.power)} W ÷ {plain(p.hashrate)} TH/s
              </dd>
            </div>
            <div>
              <dt>{t("inputs.electricityPrice")}</dt>
              <dd>{plain(inputs.electricityPrice)} USDT/kWh</dd>
            </div>
          </dl>
          {result ? (
            <p className={styles.formula} data-testid="mining-formula-today">
              {t("mining.today", {
                gross: plain(result.gross, 6),
                power: plain(result.powerCost, 6),
                net: plain(inputs.outputPerThDay ?? result.net, 6),
              })}
            </p>
          ) : (
            <p className={styles.formula}>{t("mining.noPrice")}</p>
          )}
        </>
      ) : null}
      <p className={styles.muted} style={{ marginTop: 8 }}>
        {t("mining.zeroNote")}
      </p>
    </section>
  );
}
