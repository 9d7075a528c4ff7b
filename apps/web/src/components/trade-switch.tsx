// The one home of trading: the Trade tab (/heyue) and the options, spot and demo screens
// share this row of switches, so every kind of trading is one tap from the tab bar.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../app/routes";
import styles from "./trade-switch.module.css";

const KINDS = [
  { key: "futures", path: routes.contract },
  { key: "options", path: routes.options },
  { key: "spot", path: routes.spot },
  { key: "demo", path: routes.demoTrading },
] as const;

export type TradeKind = (typeof KINDS)[number]["key"];

export function TradeSwitch({ current }: { current: TradeKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className={styles.bar} aria-label={t("trade.label")}>
      {KINDS.map((k) => (
        <button
          key={k.key}
          type="button"
          className={k.key === current ? `${styles.item} ${styles.current}` : styles.item}
          aria-current={k.key === current ? "page" : undefined}
          onClick={() => {
            if (k.key === current) return;
            // Between the switches the back arrow leads out of trading, not through each of them.
            navigate(k.path, { replace: current !== "futures" });
          }}
        >
          {t(`trade.${k.key}`)}
        </button>
      ))}
    </nav>
  );
}
