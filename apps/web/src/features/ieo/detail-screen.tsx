// /ieo?id=: one project — its figures and dates, the countdown, the seed hash published
// before the draw (what it proves, in one line), the description and the risk notice, the
// apply form while it is issuing, and my orders in it (pay while a win is payable).
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { type IeoProject, useProject, useProjectOrders } from "./api";
import { ApplyPanel } from "./apply-panel";
import { money, plain } from "./ieo-logic";
import { MilestoneCountdown, QueryView, Rows, StatusChip, useBusinessNow } from "./parts";
import { OrderCard } from "./records";
import styles from "./styles";

export function DetailScreen({ id }: { id: number }) {
  const { t } = useTranslation("ieo");
  const project = useProject(id);
  return (
    <div className={styles.page}>
      <PageHeader title={t("detailTitle")} />
      <div className={styles.body}>
        <QueryView query={project} missing={t("notFound")} missingHint={t("notFoundHint")}>
          {(p) => <Detail project={p} />}
        </QueryView>
      </div>
    </div>
  );
}

function Detail({ project: p }: { project: IeoProject }) {
  const { t } = useTranslation("ieo");
  const navigate = useNavigate();
  const now = useBusinessNow();
  const orders = useProjectOrders(p.id);
  const mine = orders.data ?? [];
  const currency = p.payCurrency;
  const issuing = p.status === "issuing";
  return (
    <>
      <section className={styles.card} aria-label={p.name}>
        <div className={styles.cardHead}>
          <h2 className={styles.name}>
            {p.name} <span className={styles.symbol}>{p.symbol}</span>
          </h2>
          <StatusChip status={p.status} />
        </div>
        <Rows
          rows={[
            [t("estimatedPrice"), `${money(p.estimatedPrice, currency)} ${currency}`, "ieo-estimated-price"],
            [
              t("drawPrice"),
              p.drawPrice ? `${money(p.drawPrice, currency)} ${currency}` : t("notDrawnYet"),
              "ieo-draw-price",
            ],
            [t("totalQuantity"), `${plain(p.totalQuantity)} ${p.symbol}`, "ieo-total"],
            [t("maxPerCustomer"), `${plain(p.maxPerCustomer)} ${p.symbol}`, "ieo-max"],
            [
              t("appliedSoFar"),
              t("appliedSoFarValue", { quantity: plain(p.appliedQuantity), symbol: p.symbol, count: p.entries }),
              "ieo-applied-so-far",
            ],
            ...(p.my
              ? ([
                  [
                    t("myApplied"),
                    p.drawn
                      ? t("myAppliedWon", { applied: plain(p.my.applied), won: plain(p.my.won), symbol: p.symbol })
                      : `${plain(p.my.applied)} ${p.symbol}`,
                    "ieo-my-applied",
                  ],
                ] as [string, string, string][])
              : []),
            [t("applyStart"), formatDate(p.applyStart, "dateTime")],
            [t("applyEnd"), formatDate(p.applyEnd, "dateTime")],
            [t("drawAt"), formatDate(p.drawAt, "dateTime")],
            [t("payEnd"), formatDate(p.payEnd, "dateTime")],
            [t("listAt"), formatDate(p.listAt, "dateTime")],
          ]}
        />
        <MilestoneCountdown project={p} now={now} />
      </section>

      <section className={styles.notice} aria-label={t("how.title")}>
        <h2>{t("how.title")}</h2>
        <p>{t("how.text", { currency })}</p>
      </section>

      <section className={styles.card} aria-label={t("fairness.title")} data-testid="ieo-fairness">
        <h2 className={styles.sectionTitle}>{t("fairness.title")}</h2>
        {p.seedHash ? (
          <>
            <p className={styles.muted}>{t("fairness.seedHash")}</p>
            <code className={styles.hash} data-testid="ieo-seed-hash">
              {p.seedHash}
            </code>
            <p className={styles.muted} style={{ marginTop: 6 }}>
              {p.seed ? t("fairness.afterDraw") : t("fairness.beforeDraw")}
            </p>
          </>
        ) : (
          <p className={styles.muted}>{t("fairness.noHashYet")}</p>
        )}
        {p.drawn ? (
          <Button
            size="small"
            color="primary"
            fill="outline"
            style={{ marginTop: 10 }}
            onClick={() => navigate(withQuery(routes.ieo, { id: p.id, view: "results" }))}
          >
            {t("results.open")}
          </Button>
        ) : null}
      </section>

      {p.description.trim() ? (
        <section className={styles.card} aria-label={t("description")}>
          <h2 className={styles.sectionTitle}>{t("description")}</h2>
          <p className={styles.text}>{p.description}</p>
        </section>
      ) : null}

      <section className={styles.risk} aria-label={t("risk.title")} data-testid="ieo-risk">
        <h2>{t("risk.title")}</h2>
        <p>{t("risk.text")}</p>
        {p.riskText.trim() ? <p style={{ marginTop: 6 }}>{p.riskText}</p> : null}
      </section>

      {issuing ? <ApplyPanel project={p} /> : null}

      <section aria-label={t("myOrders")}>
        <h2 className={styles.sectionTitle}>{t("myOrders")}</h2>
        {orders.isPending ? null : mine.length === 0 ? (
          <div className={styles.card}>
            <EmptyState
              title={t("noOrdersHere")}
              description={issuing ? t("noOrdersHereIssuing") : t("noOrdersHereClosed")}
            />
          </div>
        ) : (
          <ul className={styles.list}>
            {mine.map((o) => (
              <li key={o.id}>
                <OrderCard order={o} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
