// /jiedai: my loan account, the loan products (credit or pledge) and the calculator and
// application form of the chosen one. ?type=pledge opens the pledge products.

import type { LoanSet, LoanType } from "@candor/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { SegmentedChoice } from "../../components/segmented-choice";
import { useLoanSets, useMyLoanInfo } from "./api";
import { ApplyPanel } from "./apply-panel";
import { percent, plain } from "./loan-logic";
import { AccountCard, PledgeRiskNotice, QueryView } from "./parts";
import styles from "./styles";

export default function LoansScreen() {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type: LoanType = params.get("type") === "pledge" ? "pledge" : "credit";
  const info = useMyLoanInfo();
  const sets = useLoanSets(type);
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:loans")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.loanOrders)}>
            {t("myLoans")}
          </button>
        }
      />
      <div className={styles.body}>
        <AccountCard query={info} />
        <SegmentedChoice<LoanType>
          label={t("typeLabel")}
          value={type}
          options={[
            { value: "credit", label: t("types.credit") },
            { value: "pledge", label: t("types.pledge") },
          ]}
          onChange={(v) => setParams(v === "pledge" ? { type: v } : {}, { replace: true })}
        />
        <p className={styles.muted}>{type === "pledge" ? t("types.pledgeHint") : t("types.creditHint")}</p>
        <QueryView query={sets} missing={t("noProducts")}>
          {(list) =>
            list.length === 0 ? (
              <div className={styles.card}>
                <EmptyState
                  title={t("noProducts")}
                  description={type === "pledge" ? t("noPledgeProductsHint") : t("noCreditProductsHint")}
                />
              </div>
            ) : (
              <Products list={list} info={info.data} />
            )
          }
        </QueryView>
      </div>
    </div>
  );
}

function Products({ list, info }: { list: LoanSet[]; info: Parameters<typeof ApplyPanel>[0]["info"] }) {
  const { t } = useTranslation("loans");
  const [selectedId, setSelectedId] = useState<number>(list[0]?.id ?? 0);
  useEffect(() => {
    if (!list.some((s) => s.id === selectedId)) setSelectedId(list[0]?.id ?? 0);
  }, [list, selectedId]);
  const selected = list.find((s) => s.id === selectedId) ?? list[0];
  return (
    <>
      <ul className={styles.body} style={{ padding: 0, margin: 0, listStyle: "none" }} aria-label={t("products")}>
        {list.map((s) => (
          <li key={s.id}>
            <ProductCard set={s} selected={s.id === selected?.id} onSelect={() => setSelectedId(s.id)} />
          </li>
        ))}
      </ul>
      {selected ? (
        <>
          {selected.type === "pledge" ? (
            <PledgeRiskNotice text={selected.riskNotice} />
          ) : (
            <section className={styles.risk} aria-label={t("risk.creditTitle")} data-testid="loan-notice">
              <h2>{t("risk.creditTitle")}</h2>
              <p>{t("risk.credit", { rate: percent(selected.overdueRate) })}</p>
              {selected.riskNotice.trim() ? <p style={{ marginTop: 6 }}>{selected.riskNotice}</p> : null}
            </section>
          )}
          <ApplyPanel key={selected.id} set={selected} info={info} />
        </>
      ) : null}
    </>
  );
}

function ProductCard({ set: s, selected, onSelect }: { set: LoanSet; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation("loans");
  return (
    <button
      type="button"
      className={styles.productCard}
      aria-pressed={selected}
      onClick={onSelect}
      data-testid="loan-product"
    >
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{s.name}</h2>
        <span className={styles.rateBig} style={{ fontSize: 16 }}>
          {t("perDay", { rate: percent(s.dailyRate) })}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t("limits")}</dt>
          <dd>{t("range", { min: plain(s.minAmount), max: plain(s.maxAmount), currency: s.currency })}</dd>
        </div>
        <div>
          <dt>{t("terms")}</dt>
          <dd>{s.days.map((d) => t("days", { count: d })).join(" · ")}</dd>
        </div>
        <div>
          <dt>{t("interestFreeDays")}</dt>
          <dd>{t("days", { count: s.interestFreeDays })}</dd>
        </div>
        {s.type === "pledge" ? (
          <>
            <div>
              <dt>{t("collateralCurrencies")}</dt>
              <dd>{(s.collateralCurrencies ?? []).join(", ")}</dd>
            </div>
            <div>
              <dt>{t("initialLtv")}</dt>
              <dd>{percent(s.initialLtv)}%</dd>
            </div>
            <div>
              <dt>{t("thresholds")}</dt>
              <dd>
                {t("thresholdValues", { marginCall: percent(s.marginCallLtv), liquidation: percent(s.liquidationLtv) })}
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dt>{t("overdueRate")}</dt>
            <dd>{t("perDay", { rate: percent(s.overdueRate) })}</dd>
          </div>
        )}
      </dl>
    </button>
  );
}
