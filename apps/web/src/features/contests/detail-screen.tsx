// /bisaiDetail?id=: one contest — prize pool and its split by rank, the virtual entry
// funds (said plainly: contest money, never real money at risk), entrants, dates, entry
// window, eligible symbols, rules, my entry, the live ranking with my row highlighted,
// and join / exit (each after a confirmation) and the way into the contest trading view.
import { ContestStatuses } from "@candor/contract";
import { Button, Dialog, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes, withQuery } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { type ContestDetail, useContest, useExit, useJoin, useMyEntries, useRanking } from "./api";
import { EntryCard } from "./entries-screen";
import { amount, rate, trend } from "./logic";
import { ContestFacts, ContestMoneyNotice, prizeCurrency, QueryView, StatusChip, useIdParam } from "./parts";
import styles from "./styles";

export default function ContestDetailScreen() {
  const { t } = useTranslation("contests");
  const id = useIdParam();
  const contest = useContest(id);
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:contestDetail")} />
      <div className={styles.body}>
        <QueryView query={contest} missing={t("notFound")}>
          {(c) => <Detail contest={c} />}
        </QueryView>
      </div>
    </div>
  );
}

function Detail({ contest: c }: { contest: ContestDetail }) {
  const { t } = useTranslation("contests");
  const navigate = useNavigate();
  const mine = useMyEntries();
  const entry = mine.data?.records.find((e) => e.contestId === c.id) ?? null;
  // The detail's own view of my entry (when sent) is the freshest; the entries list has the profits.
  const myStatus = c.myEntry?.status ?? entry?.status ?? c.myStatus ?? null;
  const join = useJoin();
  const exit = useExit();

  const onJoin = async () => {
    const yes = await Dialog.confirm({
      title: t("join.title"),
      content: (
        <div data-testid="join-confirm">
          <p style={{ margin: "0 0 8px" }}>{t("join.text", { name: c.name, amount: amount(c.entryFunds) })}</p>
          <p style={{ margin: "0 0 8px" }}>{t("join.money")}</p>
          <p style={{ margin: 0 }}>{t("join.oneAtATime")}</p>
        </div>
      ),
      confirmText: t("join.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      await join.mutateAsync(c.id);
      showToast(t("join.done"), "success");
    } catch {
      // the server's message was shown
    }
  };
  const onExit = async () => {
    const yes = await Dialog.confirm({
      title: t("exit.title"),
      content: <div data-testid="exit-confirm">{t("exit.text", { name: c.name })}</div>,
      confirmText: t("exit.confirm"),
      cancelText: t("common:cancel"),
    });
    if (!yes) return;
    try {
      await exit.mutateAsync(c.id);
      showToast(t("exit.done"), "success");
    } catch {
      // shown
    }
  };

  const joined = myStatus !== null;
  const active = (myStatus === 1 || myStatus === 0) && c.status !== ContestStatuses.ended;
  // The server decides on the entry window (business clock) and says so in `joinable`.
  const canJoin =
    !joined && (c.joinable ?? (c.status === ContestStatuses.upcoming || c.status === ContestStatuses.running));
  return (
    <>
      <section className={styles.card} aria-label={c.name}>
        <div className={styles.cardHead}>
          <h1 className={styles.name}>{c.name}</h1>
          <StatusChip status={c.status} />
        </div>
        <ContestFacts contest={c}>
          {c.entryStart || c.entryEnd ? (
            <div className={styles.wide}>
              <dt>{t("entryWindow")}</dt>
              <dd data-testid="contest-entry-window">
                {formatDate(c.entryStart, "dateTime")} – {formatDate(c.entryEnd, "dateTime")}
              </dd>
            </div>
          ) : null}
          <div className={styles.wide}>
            <dt>{t("period")}</dt>
            <dd>
              {formatDate(c.startAt, "dateTime")} – {formatDate(c.endAt, "dateTime")}
            </dd>
          </div>
        </ContestFacts>
      </section>

      <ContestMoneyNotice entryFunds={c.entryFunds} prizeCurrency={prizeCurrency(c)} />

      {entry ? (
        <EntryCard entry={entry} link={false} />
      ) : joined || c.status === ContestStatuses.ended ? null : (
        <p className={styles.muted}>{canJoin ? t("join.hint") : t("join.closed")}</p>
      )}
      {c.myEntry?.prizePaid && Number(c.myEntry.prizePaid) > 0 ? (
        <p className={styles.notice} data-testid="contest-prize-paid">
          {t("prizeWon", { amount: amount(c.myEntry.prizePaid), currency: prizeCurrency(c) })}
        </p>
      ) : null}

      <div className={styles.actions}>
        {canJoin ? (
          <Button color="primary" size="large" loading={join.isPending} onClick={() => void onJoin()}>
            {t("join.button")}
          </Button>
        ) : null}
        {active && c.status === ContestStatuses.running ? (
          <Button color="primary" size="large" onClick={() => navigate(withQuery(routes.contestTrading, { id: c.id }))}>
            {t("trade")}
          </Button>
        ) : null}
        {active ? (
          <Button size="large" loading={exit.isPending} onClick={() => void onExit()}>
            {t("exit.button")}
          </Button>
        ) : null}
      </div>

      <Prizes contest={c} />

      <section className={styles.card} aria-label={t("symbols")}>
        <h2 className={styles.sectionTitle}>{t("symbols")}</h2>
        {c.symbols && c.symbols.length > 0 ? (
          <div className={styles.chips} data-testid="contest-symbols">
            {c.symbols.map((s) => (
              <Tag key={s} color="default" fill="outline">
                {s}
              </Tag>
            ))}
          </div>
        ) : (
          <p className={styles.text}>{t("allSymbols")}</p>
        )}
      </section>

      <section className={styles.card} aria-label={t("rules")}>
        <h2 className={styles.sectionTitle}>{t("rules")}</h2>
        <p className={styles.text}>{t("rulesStandard")}</p>
        {c.rules?.trim() ? (
          <p className={styles.text} style={{ marginTop: 8 }} data-testid="contest-rules">
            {c.rules}
          </p>
        ) : null}
      </section>

      <Ranking
        contestId={c.id}
        myRank={c.myEntry?.rank ?? entry?.rank ?? null}
        ended={c.status === ContestStatuses.ended}
      />
    </>
  );
}

function Prizes({ contest: c }: { contest: ContestDetail }) {
  const { t } = useTranslation("contests");
  const split = c.prizes ?? [];
  return (
    <section className={styles.card} aria-label={t("prizeSplit")}>
      <h2 className={styles.sectionTitle}>{t("prizeSplit")}</h2>
      {split.length === 0 ? (
        <p className={styles.text}>{t("prizeSplitUnknown", { amount: amount(c.prize), currency: prizeCurrency(c) })}</p>
      ) : (
        <table className={styles.ranking} data-testid="prize-split">
          <thead>
            <tr>
              <th scope="col">{t("rank")}</th>
              <th scope="col">{t("prizeAmount")}</th>
            </tr>
          </thead>
          <tbody>
            {split.map((p) => (
              <tr key={p.rank}>
                <td>{t("rankN", { rank: p.rank })}</td>
                <td>
                  {amount(p.amount)} {prizeCurrency(c)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.text} style={{ marginTop: 8 }} data-testid="prize-rule">
        {t("prizeRuleTrades", { n: c.minClosedTrades ?? 1 })}{" "}
        {c.prizeNeedsProfit === false ? t("prizeRuleAnyYield") : t("prizeRuleProfit")}
      </p>
      <p className={styles.muted} style={{ marginTop: 8 }}>
        {t("prizePaid", { currency: prizeCurrency(c) })}
      </p>
    </section>
  );
}

function Ranking({ contestId, myRank, ended }: { contestId: number; myRank: number | null; ended: boolean }) {
  const { t } = useTranslation("contests");
  const ranking = useRanking(contestId);
  return (
    <section className={styles.card} aria-label={t("ranking")}>
      <h2 className={styles.sectionTitle}>{ended ? t("finalRanking") : t("liveRanking")}</h2>
      <QueryView query={ranking} missing={t("noRanking")}>
        {(page) =>
          page.records.length === 0 ? (
            <EmptyState title={t("noRanking")} description={t("noRankingHint")} />
          ) : (
            <table className={styles.ranking} data-testid="contest-ranking">
              <thead>
                <tr>
                  <th scope="col">{t("rank")}</th>
                  <th scope="col">{t("nickname")}</th>
                  <th scope="col">{t("yieldRate")}</th>
                </tr>
              </thead>
              <tbody>
                {page.records.map((r) => {
                  const me = r.me ?? (myRank !== null && myRank === r.rank);
                  return (
                    <tr
                      key={`${r.rank}-${r.nickname}`}
                      className={me ? styles.mine : undefined}
                      aria-current={me ? "true" : undefined}
                      data-testid={me ? "ranking-me" : "ranking-row"}
                    >
                      <td>{r.rank}</td>
                      <td>
                        {r.nickname}
                        {me ? ` (${t("you")})` : ""}
                      </td>
                      <td className={styles[trend(r.yieldRate)]}>{rate(r.yieldRate, true)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </section>
  );
}
