// Home for a logged-in customer: net assets (total less loans owed, hideable, like the
// asset centre), the way in and out of money, and how many futures positions are open.
import { DotLoading } from "antd-mobile";
import { EyeInvisibleOutline, EyeOutline, RightOutline } from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { DepositIcon, WithdrawIcon } from "../../components/icons";
import { showMoney } from "../../lib/format";
import { HIDDEN_AMOUNT, useHideAmounts } from "../../lib/hide-amounts";
import { useSummary } from "../contracts/api";
import { useAssets } from "../wallet/api";
import styles from "./home-screen.module.css";

export function BalanceCard() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  const [hidden, toggleHidden] = useHideAmounts();
  const assets = useAssets();
  const summary = useSummary("real");
  return (
    <section className={styles.balance} aria-label={t("netAssets")}>
      <div className={styles.balanceLabel}>
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
      <button
        type="button"
        className={styles.balanceTotal}
        data-testid="home-total-assets"
        onClick={() => navigate(routes.assetCentre)}
      >
        {assets.isPending ? (
          <DotLoading color="white" />
        ) : assets.isError ? (
          "--"
        ) : hidden ? (
          HIDDEN_AMOUNT
        ) : (
          showMoney(assets.data.netUsdt, "USDT")
        )}
        <RightOutline className={styles.balanceArrow} />
      </button>
      {assets.data && !hidden && !/^0(\.0*)?$/.test(assets.data.loansOwed) && (
        <div className={styles.loansOwed} data-testid="home-loans-owed">
          {t("loansOwedLine", { amount: showMoney(assets.data.loansOwed, "USDT") })}
        </div>
      )}
      <button type="button" className={styles.positions} onClick={() => navigate(routes.contract)}>
        {summary.data ? t("openPositions", { count: summary.data.count }) : t("openPositionsUnknown")}
      </button>
      <div className={styles.balanceActions}>
        <button type="button" onClick={() => navigate(routes.deposit)}>
          <DepositIcon /> {t("entries.deposit")}
        </button>
        <button type="button" onClick={() => navigate(routes.withdraw)}>
          <WithdrawIcon /> {t("entries.withdraw")}
        </button>
      </div>
    </section>
  );
}
