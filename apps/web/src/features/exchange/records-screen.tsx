// /shanduiOrder: my flash exchanges, newest first, with the rate, both amounts, the
// spread paid and the time.

import type { FlashExchangeRecord } from "@candor/contract";
import { exchangePaths } from "@candor/contract/paths";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate, moneyPlaces, showAmount } from "../../lib/format";
import styles from "./exchange.module.css";
import { inverseRate, showRate, spreadText } from "./exchange-logic";

export default function ExchangeRecordsScreen() {
  const { t } = useTranslation("exchange");
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:exchangeRecords")} />
      <div className={styles.list}>
        <PagedList<FlashExchangeRecord>
          path={exchangePaths.listMy}
          keyOf={(r) => r.id}
          emptyText={t("noRecords")}
          emptyHint={t("noRecordsHint")}
          ariaLabel={t("routes:exchangeRecords")}
          renderItem={(r) => <RecordCard record={r} />}
        />
      </div>
    </div>
  );
}

function RecordCard({ record }: { record: FlashExchangeRecord }) {
  const { t } = useTranslation("exchange");
  const fromPlaces = moneyPlaces(record.from);
  const toPlaces = moneyPlaces(record.to);
  const inverse = inverseRate(record.rate);
  const rate =
    Number(record.rate) < 1 && inverse
      ? t("rateLine", { from: record.to, rate: showRate(inverse), to: record.from })
      : t("rateLine", { from: record.from, rate: showRate(record.rate), to: record.to });
  return (
    <article className={styles.record} data-testid="exchange-record">
      <header className={styles.recordHead}>
        <span className={styles.pairText}>
          {record.from} → {record.to}
        </span>
        <time className={styles.muted}>{formatDate(record.createdAt)}</time>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t("youPaid")}</dt>
          <dd>
            {showAmount(record.amount, fromPlaces)} {record.from}
          </dd>
        </div>
        <div className={styles.strong}>
          <dt>{t("youReceived")}</dt>
          <dd data-testid="exchange-record-received">
            {showAmount(record.received, toPlaces)} {record.to}
          </dd>
        </div>
        <div>
          <dt>{t("rate")}</dt>
          <dd>{rate}</dd>
        </div>
        <div>
          <dt>{t("spreadCost")}</dt>
          <dd>
            {t("spreadLine", {
              percent: spreadText(record.spreadCost),
              amount: showAmount(record.spreadCostAmount, toPlaces),
              currency: record.to,
            })}
          </dd>
        </div>
      </dl>
    </article>
  );
}
