// /bisaiTrade?id=: the contest trading view — the futures panel of /heyue (the same
// component, not a copy) trading with the contest's virtual money (mode "contest" and
// the contest id), the contest balance, my rank and yield, and my open contest positions.
import { ContestStatuses } from "@candor/contract";
import { Button, DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { showAmount } from "../../lib/format";
import { FuturesTrader } from "../contracts";
import { useSummary } from "../contracts/api";
import { type ContestDetail, useContest, useContestAccount, useMyEntries } from "./api";
import { rate, trend } from "./logic";
import { ContestMoneyNotice, prizeCurrency, QueryView, useIdParam } from "./parts";
import styles from "./styles";

export default function ContestTradeScreen() {
  const { t } = useTranslation("contests");
  const id = useIdParam();
  const contest = useContest(id);
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:contestTrading")} />
      <QueryView query={contest} missing={t("notFound")}>
        {(c) => <Trade contest={c} />}
      </QueryView>
    </div>
  );
}

function Trade({ contest: c }: { contest: ContestDetail }) {
  const { t } = useTranslation("contests");
  const navigate = useNavigate();
  const mine = useMyEntries();
  const entry = mine.data?.records.find((e) => e.contestId === c.id) ?? null;
  const status = c.myEntry?.status ?? entry?.status ?? null;
  if (status === null && mine.isPending) {
    return (
      <div style={{ display: "flex", justifyContent: "center", padding: 32 }}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (status === null || status !== ContestStatuses.running || c.status !== ContestStatuses.running) {
    return (
      <EmptyState
        title={status === null ? t("tradeNotJoined") : t("tradeClosed")}
        description={status === null ? t("tradeNotJoinedHint") : t("tradeClosedHint")}
      >
        <Button color="primary" onClick={() => navigate(withQuery(routes.contestDetail, { id: c.id }))}>
          {t("openContest")}
        </Button>
      </EmptyState>
    );
  }
  const symbols = c.symbols ?? [];
  return (
    <>
      <ContestBalance contest={c} />
      <div style={{ padding: "12px 12px 0" }}>
        <ContestMoneyNotice entryFunds={c.entryFunds} prizeCurrency={prizeCurrency(c)} />
      </div>
      <FuturesTrader mode="contest" contestId={c.id} symbols={symbols} initialSymbol={symbols[0] ?? "BTCUSDT"} />
    </>
  );
}

/** The contest account: equity and available contest money, my rank and yield rate. */
function ContestBalance({ contest: c }: { contest: ContestDetail }) {
  const { t } = useTranslation("contests");
  const account = useContestAccount(c.id);
  // Without the account endpoint: the futures summary's equity and the entry's rank and yield.
  const summary = useSummary("contest", c.id);
  const a = account.data;
  const equity = a?.equity ?? summary.data?.equity ?? c.myEntry?.equity ?? null;
  const available = a?.available ?? c.myEntry?.available ?? null;
  const rank = a?.rank ?? c.myEntry?.rank ?? null;
  const yieldRate = a?.yieldRate ?? c.myEntry?.yieldRate ?? null;
  const currency = a?.currency ?? (c.currency || "CUSDT");
  return (
    <section className={styles.balance} aria-label={t("contestBalance")} data-testid="contest-balance">
      <div>
        <div className={styles.muted}>{t("contestEquity")}</div>
        <div className={styles.balanceBig} data-testid="contest-equity">
          {equity === null ? "--" : `${showAmount(equity, 2)} ${currency}`}
        </div>
        <div className={styles.muted} data-testid="contest-available">
          {t("available", { amount: showAmount(available, 2), currency })}
        </div>
      </div>
      <div style={{ textAlign: "right" }}>
        <div className={styles.muted}>{t("rank")}</div>
        <div className={styles.balanceBig} data-testid="trade-rank">
          {rank ?? "--"}
        </div>
        <div className={`${styles.muted} ${styles[trend(yieldRate)]}`} data-testid="trade-yield">
          {rate(yieldRate, true)}
        </div>
      </div>
    </section>
  );
}
