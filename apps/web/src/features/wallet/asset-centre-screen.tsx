// /zichanCenter: total assets in USDT, the parts they are made of, and each currency.
import { Button, DotLoading, List } from "antd-mobile";
import { EyeInvisibleOutline, EyeOutline } from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { moneyPlaces, showAmount } from "../../lib/format";
import { HIDDEN_AMOUNT, useHideAmounts } from "../../lib/hide-amounts";
import { useAssets, useBalances } from "./api";
import styles from "./wallet.module.css";

const isZero = (v: string) => /^-?0(\.0*)?$/.test(v);

export default function AssetCentreScreen() {
  const { t } = useTranslation("wallet");
  const navigate = useNavigate();
  const [hidden, toggleHidden] = useHideAmounts();
  const assets = useAssets();
  const balances = useBalances();
  const money = (v: string | null | undefined, places = 2) => (hidden ? HIDDEN_AMOUNT : showAmount(v, places));

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:assetCentre")} />
      <section className={styles.totalCard} aria-label={t("netAssets")}>
        <div className={styles.totalLabel}>
          {t("netAssets")} (USDT)
          <button
            type="button"
            className={styles.eye}
            onClick={toggleHidden}
            aria-label={t(hidden ? "common:showAmounts" : "common:hideAmounts")}
          >
            {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        {assets.isPending ? (
          <DotLoading color="white" />
        ) : assets.isError ? (
          <div className={styles.totalError}>
            {t("loadFailed")}{" "}
            <Button size="mini" onClick={() => void assets.refetch()}>
              {t("common:retry")}
            </Button>
          </div>
        ) : (
          <>
            <div className={styles.total} data-testid="net-assets">
              {money(assets.data.netUsdt)}
            </div>
            <dl className={styles.netLines}>
              <div>
                <dt>{t("assetsHeld")}</dt>
                <dd data-testid="total-assets">{money(assets.data.totalUsdt)}</dd>
              </div>
              <div>
                <dt>{t("loansOwed")}</dt>
                <dd data-testid="loans-owed">
                  {hidden || isZero(assets.data.loansOwed) ? "" : "−"}
                  {money(assets.data.loansOwed)}
                </dd>
              </div>
            </dl>
            <dl className={styles.parts}>
              <div>
                <dt>{t("spot")}</dt>
                <dd data-testid="assets-spot">{money(assets.data.spot)}</dd>
              </div>
              <div>
                <dt>{t("position")}</dt>
                <dd>{money(assets.data.position)}</dd>
              </div>
              <div>
                <dt>{t("other")}</dt>
                <dd>{money(assets.data.other)}</dd>
              </div>
            </dl>
            <p className={styles.totalNote}>{t("netNote")}</p>
            <div className={styles.virtualBox} data-testid="virtual-funds">
              <div className={styles.virtualTitle}>{t("virtualFunds")}</div>
              <dl className={styles.parts}>
                <div>
                  <dt>{t("contestFrozen")}</dt>
                  <dd>{money(assets.data.contestFrozen)}</dd>
                </div>
                <div>
                  <dt>{t("virtual")}</dt>
                  <dd>{money(assets.data.virtual)}</dd>
                </div>
              </dl>
              <p className={styles.totalNote}>{t("virtualNote")}</p>
            </div>
          </>
        )}
        <div className={styles.actions}>
          <Button size="small" onClick={() => navigate(routes.deposit)}>
            {t("routes:deposit")}
          </Button>
          <Button size="small" onClick={() => navigate(routes.withdraw)}>
            {t("routes:withdraw")}
          </Button>
          <Button size="small" onClick={() => navigate(routes.flashExchange)}>
            {t("routes:flashExchange")}
          </Button>
          <Button size="small" onClick={() => navigate(routes.spot)}>
            {t("trade")}
          </Button>
        </div>
      </section>

      <List header={t("byCurrency")}>
        {balances.isPending ? (
          <List.Item>
            <DotLoading />
          </List.Item>
        ) : balances.isError ? (
          <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
            <Button onClick={() => void balances.refetch()}>{t("common:retry")}</Button>
          </EmptyState>
        ) : balances.data.every((b) => Number(b.available) === 0 && Number(b.frozen) === 0) ? (
          <EmptyState title={t("noBalances")} description={t("noBalancesHint")} />
        ) : (
          balances.data
            .filter((b) => Number(b.available) !== 0 || Number(b.frozen) !== 0)
            .map((b) => (
              <List.Item
                key={b.currency}
                data-testid={`balance-${b.currency}`}
                description={t("availableFrozen", {
                  available: money(b.available, moneyPlaces(b.currency)),
                  frozen: money(b.frozen, moneyPlaces(b.currency)),
                })}
                extra={<span className={styles.value}>≈ {money(b.usdtValue)} USDT</span>}
              >
                <strong>{b.currency}</strong>
              </List.Item>
            ))
        )}
      </List>
      <List>
        <List.Item onClick={() => navigate(routes.depositWithdrawalRecords)}>
          {t("routes:depositWithdrawalRecords")}
        </List.Item>
        <List.Item onClick={() => navigate(routes.balanceLog)}>{t("routes:balanceLog")}</List.Item>
        <List.Item onClick={() => navigate(routes.settlementInfo)}>{t("routes:settlementInfo")}</List.Item>
      </List>
    </div>
  );
}
