// /bisai: contests by status (in progress, to start, ended) with prize, entry funds,
// entrants and dates; ?status=0|-2 opens another tab. A card opens /bisaiDetail?id=.
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { SegmentedChoice } from "../../components/segmented-choice";
import { ContestRoutes, type ContestSummary } from "./api";
import { type ContestTab, STATUS_KEY, TABS } from "./logic";
import { ContestFacts, StatusChip } from "./parts";
import styles from "./styles";

export default function ContestsScreen() {
  const { t } = useTranslation("contests");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("status") ?? "1");
  const status: ContestTab = (TABS as readonly number[]).includes(raw) ? (raw as ContestTab) : 1;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:contests")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.myContestEntries)}>
            {t("myEntries")}
          </button>
        }
      />
      <div className={styles.tabs}>
        <SegmentedChoice<string>
          label={t("statusFilter")}
          value={String(status)}
          options={TABS.map((s) => ({ value: String(s), label: t(`status.${STATUS_KEY[s]}`) }))}
          onChange={(v) => setParams(v === "1" ? {} : { status: v }, { replace: true })}
        />
      </div>
      <div className={styles.body}>
        <PagedList<ContestSummary>
          key={status}
          path={ContestRoutes.list}
          query={{ status }}
          keyOf={(c) => c.id}
          emptyText={t(`empty.${STATUS_KEY[status]}`)}
          emptyHint={t(`empty.${STATUS_KEY[status]}Hint`)}
          ariaLabel={t("routes:contests")}
          renderItem={(c) => <ContestCard contest={c} />}
        />
      </div>
    </div>
  );
}

function ContestCard({ contest: c }: { contest: ContestSummary }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.cardButton}`}
      style={{ marginBottom: 12 }}
      onClick={() => navigate(withQuery(routes.contestDetail, { id: c.id }))}
      data-testid="contest-card"
    >
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{c.name}</h2>
        <StatusChip status={c.status} />
      </div>
      <ContestFacts contest={c} />
    </button>
  );
}
