// /ieo: the projects (status chip, key figures, countdown to the next milestone) and, on
// the second tab (/ieo?tab=records), my IEO records with the pay action of won orders.
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { SegmentedChoice } from "../../components/segmented-choice";
import { formatDate } from "../../lib/format";
import { type IeoProject, useProjects } from "./api";
import { money, plain } from "./ieo-logic";
import { MilestoneCountdown, QueryView, StatusChip, useBusinessNow } from "./parts";
import { RecordsList } from "./records";
import styles from "./styles";

type Tab = "projects" | "records";

export default function IeoListScreen() {
  const { t } = useTranslation("ieo");
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "records" ? "records" : "projects";
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:ieo")} />
      <div className={styles.body}>
        <SegmentedChoice<Tab>
          label={t("tabs.label")}
          value={tab}
          options={[
            { value: "projects", label: t("tabs.projects") },
            { value: "records", label: t("tabs.records") },
          ]}
          onChange={(v) => setParams(v === "records" ? { tab: v } : {}, { replace: true })}
        />
        {tab === "records" ? <RecordsList /> : <Projects />}
      </div>
    </div>
  );
}

function Projects() {
  const { t } = useTranslation("ieo");
  const projects = useProjects();
  const now = useBusinessNow();
  return (
    <>
      <p className={styles.muted}>{t("intro")}</p>
      <QueryView query={projects} missing={t("noProjects")} missingHint={t("noProjectsHint")}>
        {(list) =>
          list.length === 0 ? (
            <div className={styles.card}>
              <EmptyState title={t("noProjects")} description={t("noProjectsHint")} />
            </div>
          ) : (
            <ul className={styles.list} aria-label={t("tabs.projects")}>
              {list.map((p) => (
                <li key={p.id}>
                  <ProjectCard project={p} now={now} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </>
  );
}

function ProjectCard({ project: p, now }: { project: IeoProject; now: number }) {
  const { t } = useTranslation("ieo");
  const navigate = useNavigate();
  const currency = p.payCurrency;
  return (
    <button
      type="button"
      className={`${styles.card} ${styles.cardButton}`}
      onClick={() => navigate(withQuery(routes.ieo, { id: p.id }))}
      data-testid="ieo-project"
    >
      <div className={styles.cardHead}>
        <h2 className={styles.name}>
          {p.name} <span className={styles.symbol}>{p.symbol}</span>
        </h2>
        <StatusChip status={p.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{p.drawPrice ? t("drawPrice") : t("estimatedPrice")}</dt>
          <dd>
            {money(p.drawPrice ?? p.estimatedPrice, currency)} {currency}
          </dd>
        </div>
        <div>
          <dt>{t("totalQuantity")}</dt>
          <dd>
            {plain(p.totalQuantity)} {p.symbol}
          </dd>
        </div>
        <div>
          <dt>{t("maxPerCustomer")}</dt>
          <dd>
            {plain(p.maxPerCustomer)} {p.symbol}
          </dd>
        </div>
        <div>
          <dt>{t("applyWindow")}</dt>
          <dd>
            {formatDate(p.applyStart, "date")} – {formatDate(p.applyEnd, "date")}
          </dd>
        </div>
      </dl>
      <MilestoneCountdown project={p} now={now} />
    </button>
  );
}
