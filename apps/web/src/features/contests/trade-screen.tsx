// /bisaiTrade?id=: the contest trading view — the futures panel of /heyue (the same
// component, not a copy) trading with the contest's virtual money (mode "contest" and
// the contest id), the contest balance, my rank and yield, and my open contest positions.
import { Button, DotLoading } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { showAmount } from "../../lib/format";
import { useServerPreview, useSummary } from "../contracts/api";
import { FuturesTrader } from "../contracts/futures-trader";
import { type ContestDetail, useContest, useMyEntries } from "./api";
import styles from "./contests.module.css";
import { rate, trend } from "./logic";
import { ContestMoneyNotice, QueryView, useIdParam } from "./parts";

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
  if (mine.isPending) {
    return (
      <div style={{ display: "flex", justifyContent: "center", padding: 32 }}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (!entry || entry.status === -3 || c.status !== 1) {
    return (
      <EmptyState
        title={!entry ? t("tradeNotJoined") : t("tradeClosed")}
        description={!entry ? t("tradeNotJoinedHint") : t("tradeClosedHint")}
      >
        <Button color="primary" onClick={() => navigate(`/bisaiDetail?id=${c.id}`)}>
          {t("openContest")}
        </Button>
      </EmptyState>
    );
  }
  const symbols = c.symbols ?? [];
  return (
    <>
      <ContestBalance contest={c} rank={entry.rank} yieldRate={entry.yieldRate} />
      <div style={{ padding: "12px 12px 0" }}>
        <ContestMoneyNotice entryFunds={c.entryFunds} prizeCurrency={c.currency} />
      </div>
      <FuturesTrader mode="contest" contestId={c.id} symbols={symbols} initialSymbol={symbols[0] ?? "BTCUSDT"} />
    </>
  );
}

/** The contest account: equity and available CUSDT, my rank and yield rate. */
function ContestBalance({
  contest: c,
  rank,
  yieldRate,
}: {
  contest: ContestDetail;
  rank: number | null;
  yieldRate: string | null;
}) {
  const { t } = useTranslation("contests");
  const summary = useSummary("contest", c.id);
  // The preview carries the authoritative available balance of the contest account.
  const preview = useServerPreview({
    symbol: c.symbols?.[0] ?? "BTCUSDT",
    direction: "long",
    margin: "1",
    leverage: 1,
    mode: "contest",
    contestId: c.id,
  });
  return (
    <section className={styles.balance} aria-label={t("contestBalance")} data-testid="contest-balance">
      <div>
        <div className={styles.muted}>{t("contestEquity")}</div>
        <div className={styles.balanceBig} data-testid="contest-equity">
          {summary.data ? `${showAmount(summary.data.equity, 2)} CUSDT` : "--"}
        </div>
        <div className={styles.muted}>{t("available", { amount: showAmount(preview.data?.available, 2) })}</div>
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
