// The trade screen's segmented tabs (issue 35 §12): futures, options, spot and demo. A tab is a
// route (deep links keep working); switching replaces the route, so Back leaves the trade
// screen instead of walking back through the tabs, and it shows no loading overlay: the
// screen stays, only its body changes.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TRADE_TABS, type TradeTab } from "../app/routes";
import { usePageLoading } from "../stores/page-loading";
import styles from "./trade-switch.module.css";

export type { TradeTab };

function useSwitch() {
  const navigate = useNavigate();
  return (to: string) => {
    usePageLoading.getState().quietNext();
    navigate(to, { replace: true });
  };
}

export function TradeSwitch({ current }: { current: TradeTab }) {
  const { t } = useTranslation();
  const go = useSwitch();
  return (
    <nav className={styles.bar} aria-label={t("trade.label")}>
      <div className={styles.segments}>
        {TRADE_TABS.map((k) => (
          <button
            key={k.key}
            type="button"
            className={k.key === current ? `${styles.item} ${styles.current}` : styles.item}
            aria-current={k.key === current ? "page" : undefined}
            onClick={() => {
              if (k.key !== current) go(k.path);
            }}
          >
            {t(`trade.${k.key}`)}
          </button>
        ))}
      </div>
    </nav>
  );
}

/** Inside the demo tab: demo futures, options or spot (the same screens on virtual money). */
export function DemoKindSwitch({
  current,
  paths,
}: {
  current: "futures" | "options" | "spot";
  paths: Record<"futures" | "options" | "spot", string>;
}) {
  const { t } = useTranslation();
  const go = useSwitch();
  return (
    <nav className={styles.sub} aria-label={t("trade.demoKind")}>
      {(["futures", "options", "spot"] as const).map((k) => (
        <button
          key={k}
          type="button"
          className={k === current ? `${styles.subItem} ${styles.subCurrent}` : styles.subItem}
          aria-current={k === current ? "page" : undefined}
          onClick={() => {
            if (k !== current) go(paths[k]);
          }}
        >
          {t(`trade.${k}`)}
        </button>
      ))}
    </nav>
  );
}
