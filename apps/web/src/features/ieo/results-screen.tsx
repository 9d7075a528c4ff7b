// /ieo?id=&view=results: the published draw of a project — the seed and the hash published
// before applications closed, the algorithm and how to recompute it in plain words, both
// checks done again in this browser (the hash, and the winners with Web Crypto), my
// tickets, the winners and every entry.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { type IeoDraw, type IeoProject, IeoRoutes, useDraw, useProject, useProjectOrders } from "./api";
import { checkMix, money, plain, recomputeWinners, sameWinners, sha256Hex } from "./ieo-logic";
import { QueryView, Rows } from "./parts";
import styles from "./styles";

/** Long lists are cut here on a phone; the whole draw is one link away (the public endpoint). */
const ROWS_SHOWN = 200;

export function ResultsScreen({ id }: { id: number }) {
  const { t } = useTranslation("ieo");
  const project = useProject(id);
  const draw = useDraw(id, project.data?.drawn === true);
  return (
    <div className={styles.page}>
      <PageHeader title={t("results.title")} />
      <div className={styles.body}>
        <QueryView query={project} missing={t("notFound")} missingHint={t("notFoundHint")}>
          {(p) =>
            !p.drawn ? (
              <div className={styles.card}>
                <EmptyState title={t("results.notYet")} description={t("results.notYetHint")} />
              </div>
            ) : (
              <QueryView query={draw} missing={t("results.notYet")} missingHint={t("results.notYetHint")}>
                {(d) => <Results project={p} draw={d} />}
              </QueryView>
            )
          }
        </QueryView>
      </div>
    </div>
  );
}

function Results({ project: p, draw: d }: { project: IeoProject; draw: IeoDraw }) {
  const { t } = useTranslation("ieo");
  const orders = useProjectOrders(p.id);
  const myIds = new Set((orders.data ?? []).map((o) => o.id));
  const won = new Map(d.winners.map((w) => [w.orderId, w.wonQuantity]));
  const winners = d.winners.filter((w) => w.wonQuantity > 0);
  const myEntries = d.entries.filter((e) => myIds.has(e.orderId));
  const check = useQuery({
    queryKey: ["ieo", "draw-check", p.id, d.seed],
    queryFn: async () => {
      const hash = await sha256Hex(d.seed);
      const mix = d.entriesDigest && d.beacon ? { entriesDigest: d.entriesDigest, beacon: d.beacon } : null;
      const mixOk = await checkMix(d);
      const winners = await recomputeWinners(d.seed, d.entries, d.totalQuantity, mix);
      return {
        hash: hash === null ? null : hash === d.seedHash.toLowerCase(),
        // The digest of the entries and the beacon are checked too: a score can use only them.
        winners: winners === null || mixOk === null ? null : mixOk && sameWinners(winners, d.winners),
      };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <>
      <section className={styles.card} aria-label={t("results.seedTitle")}>
        <h2 className={styles.sectionTitle}>
          {p.name} <span className={styles.symbol}>{p.symbol}</span>
        </h2>
        <Rows
          rows={[
            [t("drawPrice"), `${money(d.drawPrice, p.payCurrency)} ${p.payCurrency}`, "results-draw-price"],
            [t("totalQuantity"), `${plain(d.totalQuantity)} ${p.symbol}`],
          ]}
        />
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("results.seed")}
        </p>
        <code className={styles.hash} data-testid="ieo-seed">
          {d.seed}
        </code>
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("results.seedHash")}
        </p>
        <code className={styles.hash} data-testid="ieo-draw-seed-hash">
          {d.seedHash}
        </code>
        <Check ok={check.data?.hash} testId="ieo-hash-check" yes="results.hashMatches" no="results.hashDiffers" />
        {d.entriesDigest && d.beacon && d.beaconTick ? (
          <>
            <p className={styles.muted} style={{ marginTop: 8 }}>
              {t("results.entriesDigest")}
            </p>
            <code className={styles.hash} data-testid="ieo-entries-digest">
              {d.entriesDigest}
            </code>
            <p className={styles.muted} style={{ marginTop: 8 }}>
              {t("results.beacon", {
                symbol: d.beaconTick.symbol,
                price: d.beaconTick.price,
                time: d.beaconTick.ts,
              })}
            </p>
            <code className={styles.hash} data-testid="ieo-beacon">
              {d.beacon}
            </code>
          </>
        ) : null}
        <Check
          ok={check.data?.winners}
          testId="ieo-winners-check"
          yes="results.winnersMatch"
          no="results.winnersDiffer"
        />
      </section>

      <section className={styles.card} aria-label={t("results.myTickets")} data-testid="ieo-my-tickets">
        <h2 className={styles.sectionTitle}>{t("results.myTickets")}</h2>
        {myEntries.length === 0 ? (
          <p className={styles.muted}>{t("results.noTickets")}</p>
        ) : (
          <Rows
            rows={myEntries.map((e) => [
              t("orderTitle", { id: e.orderId }),
              t("results.myTicketLine", {
                tickets: plain(e.quantity),
                won: plain(won.get(e.orderId) ?? 0),
                symbol: p.symbol,
              }),
              `my-ticket-${e.orderId}`,
            ])}
          />
        )}
      </section>

      <section className={styles.card} aria-label={t("results.howTitle")} data-testid="ieo-algorithm">
        <h2 className={styles.sectionTitle}>{t("results.howTitle")}</h2>
        <ol className={styles.steps}>
          <li>{t("results.step1")}</li>
          {d.beacon ? <li>{t("results.stepMix")}</li> : null}
          <li>{t(d.beacon ? "results.step2Mix" : "results.step2")}</li>
          <li>{t("results.step3", { total: plain(d.totalQuantity) })}</li>
          <li>{t("results.step4")}</li>
        </ol>
        <p className={styles.muted} style={{ marginTop: 8 }}>
          {t("results.algorithm")}
        </p>
        <code className={styles.hash} lang="en">
          {d.algorithm}
        </code>
        <p className={styles.muted} style={{ marginTop: 8 }}>
          <a href={`${IeoRoutes.draw}?id=${p.id}`} target="_blank" rel="noreferrer">
            {t("results.rawData")}
          </a>
        </p>
      </section>

      <DrawTable
        title={t("results.winners", { count: winners.length })}
        testId="ieo-winners"
        rows={winners.map((w) => ({ orderId: w.orderId, value: w.wonQuantity }))}
        valueLabel={t("wonQuantity")}
        mine={myIds}
      />
      <DrawTable
        title={t("results.entries", { count: d.entries.length })}
        testId="ieo-entries"
        rows={d.entries.map((e) => ({ orderId: e.orderId, value: e.quantity }))}
        valueLabel={t("results.tickets")}
        mine={myIds}
      />
    </>
  );
}

/** One check done in the browser: passed, failed, or not possible here (null). */
function Check({ ok, testId, yes, no }: { ok: boolean | null | undefined; testId: string; yes: string; no: string }) {
  const { t } = useTranslation("ieo");
  if (ok === undefined) return null;
  if (ok === null)
    return (
      <p className={styles.muted} style={{ marginTop: 6 }} data-testid={testId}>
        {t("results.unchecked")}
      </p>
    );
  return ok ? (
    <p className={styles.ok} data-testid={testId}>
      {t(yes)}
    </p>
  ) : (
    <p className={styles.bad} data-testid={testId} role="alert">
      {t(no)}
    </p>
  );
}

function DrawTable({
  title,
  testId,
  rows,
  valueLabel,
  mine,
}: {
  title: string;
  testId: string;
  rows: { orderId: number; value: number }[];
  valueLabel: string;
  mine: Set<number>;
}) {
  const { t } = useTranslation("ieo");
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t("results.none")}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t("results.orderId")}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, ROWS_SHOWN).map((r) => (
              <tr key={r.orderId} className={mine.has(r.orderId) ? styles.mine : undefined}>
                <td>
                  {r.orderId}
                  {mine.has(r.orderId) ? ` (${t("results.you")})` : ""}
                </td>
                <td>{plain(r.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > ROWS_SHOWN ? (
        <p className={styles.muted} style={{ marginTop: 6 }}>
          {t("results.more", { count: rows.length - ROWS_SHOWN })}
        </p>
      ) : null}
    </section>
  );
}
