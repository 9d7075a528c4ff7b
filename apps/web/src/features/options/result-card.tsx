// A settled option: win / lose / draw, what came back, and the two recorded ticks
// (price and time) that decided it — the evidence docs/product.md §1 asks for.

import type { OptionOrder } from "@candor/contract";
import { useTranslation } from "react-i18next";
import { TickSources } from "../../components/market/tick-sources";
import { showAmount } from "../../lib/format";
import { formatTickTime, netResult } from "./option-logic";
import styles from "./options.module.css";

export function OptionResultCard({ order, precision }: { order: OptionOrder; precision: number }) {
  const { t } = useTranslation("options");
  const result = order.result ?? "draw";
  const net = netResult(order);
  return (
    <section
      className={`${styles.resultCard} ${styles[`result_${result}`]}`}
      data-testid="option-result"
      data-result={order.result ?? "open"}
      aria-label={t("result.title")}
    >
      <header className={styles.resultHead}>
        <strong className={styles.resultWord}>{order.result ? t(`result.${order.result}`) : t("settling")}</strong>
        <span>
          {order.symbol} · {t(`direction.${order.direction}`)} · {t("periodShort", { seconds: order.periodSeconds })}
        </span>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t("stake")}</dt>
          <dd>
            {showAmount(order.amount, 2)} {order.currency}
          </dd>
        </div>
        <div>
          <dt>{t("result.payout")}</dt>
          <dd data-testid="option-payout">
            {order.payout === null ? "--" : `${showAmount(order.payout, 2)} ${order.currency}`}
          </dd>
        </div>
        <div>
          <dt>{t("result.net")}</dt>
          <dd className={net?.startsWith("+") ? styles.up : net?.startsWith("-") ? styles.down : ""}>
            {net === null ? "--" : `${net.startsWith("+") ? "+" : ""}${showAmount(net, 2)} ${order.currency}`}
          </dd>
        </div>
      </dl>
      <h3 className={styles.evidenceTitle}>{t("result.evidence")}</h3>
      <dl className={styles.ticks}>
        <div data-testid="open-tick">
          <dt>{t("result.openTick")}</dt>
          <dd>
            <strong>{showAmount(order.openTick.price, precision)}</strong>
            <time>{formatTickTime(order.openTick.ts)}</time>
          </dd>
        </div>
        <div data-testid="close-tick">
          <dt>{t("result.closeTick")}</dt>
          <dd>
            <strong>{order.closeTick ? showAmount(order.closeTick.price, precision) : "--"}</strong>
            <time>{order.closeTick ? formatTickTime(order.closeTick.ts) : "--"}</time>
          </dd>
        </div>
        <div>
          <dt>{t("result.expiry")}</dt>
          <dd>
            <time>{formatTickTime(Date.parse(order.expiresAt))}</time>
          </dd>
        </div>
      </dl>
      <p className={styles.rule}>
        {t(`result.rule_${order.direction}`)} {t("result.source")}
        <TickSources sources={order.openTick.sources} label={t("common:tickSources.open")} />
        <TickSources sources={order.closeTick?.sources} label={t("common:tickSources.close")} />
      </p>
    </section>
  );
}
