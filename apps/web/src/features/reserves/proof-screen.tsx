// /proof: the proof of reserves and liabilities (issue 33). Open logged out: the latest
// proof's Merkle root, per currency what customers own (liabilities) beside what the
// platform's addresses hold on chain at one block (reserves) and their ratio. A logged-in
// customer's own leaf and path are checked HERE, in the browser, with the domain's code
// (packages/domain reserves/merkle-sum): nothing in "your balance is included" is the
// server's word. The proof file downloads for `npm run verify-proof`.
import type { ProofLatest, ProofMine } from "@candor/contract";
import { reservePaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Button, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { ApiError, api } from "../../lib/api-client";
import { formatDate, plainAmount, showPercent } from "../../lib/format";
import { useUserStore } from "../../stores/user";
import { checkMine } from "./check";
import styles from "./reserves.module.css";

const notFound = (err: unknown) => err instanceof ApiError && err.code === 404;

function download(mine: ProofMine, latest: ProofLatest) {
  const body = JSON.stringify({ ...mine, publishedRoot: latest.root }, null, 2);
  const url = URL.createObjectURL(new Blob([body], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `candor-proof-${mine.proofId}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

function MyLeaf({ latest }: { latest: ProofLatest }) {
  const { t } = useTranslation("reserves");
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const token = useUserStore((s) => s.token);
  const mine = useQuery({
    queryKey: ["reserves", "mine", latest.id],
    queryFn: () => api.get(reservePaths.mine, { query: { id: latest.id }, silent: true }),
    enabled: Boolean(token),
    retry: (count, err) => !notFound(err) && count < 2,
  });
  if (!token) {
    return (
      <section className={styles.card} aria-label={t("mine.title")}>
        <h2 className={styles.title}>{t("mine.title")}</h2>
        <p className={styles.muted}>{t("mine.loginHint")}</p>
        <Button color="primary" size="small" onClick={() => navigate(routes.login)}>
          {t("mine.login")}
        </Button>
      </section>
    );
  }
  let body: React.ReactNode;
  if (mine.isPending || !user) body = <CenteredLoading />;
  else if (mine.isError && notFound(mine.error))
    body = <EmptyState title={t("mine.absent")} description={t("mine.absentHint")} />;
  else if (mine.isError) body = <LoadFailed onRetry={() => void mine.refetch()} />;
  else {
    const result = checkMine(mine.data, latest, user.id);
    body = (
      <>
        <p
          className={result.ok ? styles.included : styles.failed}
          data-testid="proof-result"
          role={result.ok ? "status" : "alert"}
        >
          {result.ok ? t("mine.included") : t("mine.failed", { reason: t(`mine.reasons.${result.detail}`) })}
        </p>
        <dl className={styles.pairs}>
          {mine.data.leaf.balances.map((b) => (
            <div key={b.currency}>
              <dt>{b.currency}</dt>
              <dd>{plainAmount(b.amount, 18)}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>{t("mine.how", { steps: mine.data.path.length })}</p>
        <p className={styles.hash}>
          {t("mine.leaf")}: {mine.data.leaf.hash}
        </p>
        <Button size="small" onClick={() => download(mine.data, latest)}>
          {t("mine.download")}
        </Button>
        <p className={styles.muted}>{t("mine.script")}</p>
      </>
    );
  }
  return (
    <section className={styles.card} aria-label={t("mine.title")}>
      <h2 className={styles.title}>{t("mine.title")}</h2>
      {body}
    </section>
  );
}

export default function ProofScreen() {
  const { t } = useTranslation("reserves");
  const latest = useQuery({
    queryKey: ["reserves", "latest"],
    queryFn: () => api.get(reservePaths.latest, { silent: true }),
    retry: (count, err) => !notFound(err) && count < 2,
  });

  let body: React.ReactNode;
  if (latest.isPending) body = <CenteredLoading />;
  else if (latest.isError && notFound(latest.error))
    body = <EmptyState title={t("none")} description={t("noneHint")} />;
  else if (latest.isError) body = <LoadFailed onRetry={() => void latest.refetch()} />;
  else {
    const p = latest.data;
    const onChain = p.reserveSource === "chain";
    body = (
      <>
        <section className={styles.card} aria-label={t("summary")}>
          <h2 className={styles.title}>{t("proofNo", { id: p.id })}</h2>
          <dl className={styles.pairs}>
            <div>
              <dt>{t("madeAt")}</dt>
              <dd>
                <time>{formatDate(p.createdAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{t("customers")}</dt>
              <dd>{p.leaves}</dd>
            </div>
            <div>
              <dt>{t("block")}</dt>
              <dd>{onChain && p.network ? t("blockOf", { block: p.block, network: p.network.name }) : "--"}</dd>
            </div>
          </dl>
          <p className={styles.hash}>
            {t("root")}: <span data-testid="proof-root">{p.root}</span>
          </p>
          {onChain ? null : (
            <p className={styles.notice} data-testid="no-chain">
              <Tag color="warning">{t("noChainTag")}</Tag> {t("noChain")}
            </p>
          )}
        </section>

        <section className={styles.card} aria-label={t("totals")}>
          <h2 className={styles.title}>{t("totals")}</h2>
          {p.totals.length === 0 ? (
            <p className={styles.muted}>{t("noBalances")}</p>
          ) : (
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t("currency")}</th>
                  <th scope="col">{t("liabilities")}</th>
                  <th scope="col">{t("reserves")}</th>
                  <th scope="col">{t("ratio")}</th>
                </tr>
              </thead>
              <tbody>
                {p.totals.map((row) => (
                  <tr key={row.currency}>
                    <th scope="row">{row.currency}</th>
                    <td>{plainAmount(row.liabilities)}</td>
                    <td>{row.reserves === null ? "--" : plainAmount(row.reserves)}</td>
                    <td>{row.ratio === null ? "--" : `${showPercent(row.ratio)}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className={styles.muted}>{t("liabilitiesHint")}</p>
        </section>

        {onChain ? (
          <section className={styles.card} aria-label={t("addresses")}>
            <h2 className={styles.title}>{t("addresses")}</h2>
            {p.addresses.length === 0 ? (
              <p className={styles.muted}>{t("noAddresses")}</p>
            ) : (
              <ul className={styles.addresses}>
                {p.addresses.map((a) => (
                  <li key={a.address}>
                    <span className={styles.hash}>{a.address}</span>
                    <span className={styles.muted}>
                      {t(`kind.${a.kind}`)} ·{" "}
                      {a.balances.map((b) => `${plainAmount(b.amount)} ${b.currency}`).join(", ")}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <MyLeaf latest={p} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:proofOfReserves")} />
      <p className={styles.intro}>{t("intro")}</p>
      {body}
    </div>
  );
}
