// /bisaiMycansai: my contest entries with entry time, rank, yield rate, exit time,
// daily profit, total profit and total yield rate; a card opens the contest.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate } from "../../lib/format";
import { type ContestEntry, ContestRoutes } from "./api";
import { amount, rate, trend } from "./logic";
import { StatusChip } from "./parts";
import styles from "./styles";

export default function MyEntriesScreen() {
  const { t } = useTranslation("contests");
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:myContestEntries")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.contests)}>
            {t("allContests")}
          </button>
        }
      />
      <div className={styles.body}>
        <PagedList<ContestEntry>
          path={ContestRoutes.myEntries}
          keyOf={(e) => e.contestId}
          emptyText={t("noEntries")}
          emptyHint={t("noEntriesHint")}
          ariaLabel={t("myEntries")}
          renderItem={(e) => <EntryCard entry={e} />}
        />
      </div>
    </div>
  );
}

export function EntryCard({ entry: e, link = true }: { entry: ContestEntry; link?: boolean }) {
  const { t } = useTranslation("contests");
  const navigate = useNavigate();
  const body = (
    <>
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{e.name}</h2>
        <StatusChip status={e.status} testId="entry-status" />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t("rank")}</dt>
          <dd data-testid="entry-rank">{e.rank ?? "--"}</dd>
        </div>
        <div>
          <dt>{t("yieldRate")}</dt>
          <dd data-testid="entry-yield" className={styles[trend(e.yieldRate)]}>
            {rate(e.yieldRate, true)}
          </dd>
        </div>
        <div>
          <dt>{t("dailyProfit")}</dt>
          <dd className={styles[trend(e.dailyProfit)]}>{amount(e.dailyProfit, true)} CUSDT</dd>
        </div>
        <div>
          <dt>{t("totalProfit")}</dt>
          <dd data-testid="entry-total-profit" className={styles[trend(e.totalProfit)]}>
            {amount(e.totalProfit, true)} CUSDT
          </dd>
        </div>
        <div>
          <dt>{t("totalYieldRate")}</dt>
          <dd className={styles[trend(e.totalYieldRate)]}>{rate(e.totalYieldRate, true)}</dd>
        </div>
        <div>
          <dt>{t("entryTime")}</dt>
          <dd>
            <time>{formatDate(e.entryTime, "dateTime")}</time>
          </dd>
        </div>
        <div>
          <dt>{t("exitTime")}</dt>
          <dd>
            <time>{formatDate(e.exitTime, "dateTime")}</time>
          </dd>
        </div>
      </dl>
    </>
  );
  if (!link) return <div className={styles.card}>{body}</div>;
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.cardButton}`}
      style={{ marginBottom: 12 }}
      onClick={() => navigate(withQuery(routes.contestDetail, { id: e.contestId }))}
      data-testid="contest-entry"
    >
      {body}
    </button>
  );
}
