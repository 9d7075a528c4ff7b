// Small market display pieces shared by home, market and chart screens.
import { Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { showAmount } from "../../lib/format";
import styles from "./market-bits.module.css";

/** Shown wherever prices appear while the feed is the simulator. */
export function SimulatedBadge({ simulated }: { simulated: boolean | undefined }) {
  const { t } = useTranslation();
  if (!simulated) return null;
  return (
    <Tag color="warning" fill="outline" className={styles.sim} data-testid="simulated-badge">
      {t("simulatedPrices")}
    </Tag>
  );
}

/** 24 h change as "+1.23%" in green, "-1.23%" in red. */
export function ChangeTag({ value, solid = false }: { value: string | null | undefined; solid?: boolean }) {
  const n = Number(value ?? 0);
  const cls = n > 0 ? styles.up : n < 0 ? styles.down : styles.flat;
  // No figure (still loading, or no 24 h history yet) is "--", not a 0.00 % change.
  const text = value === null || value === undefined ? "--" : `${n > 0 ? "+" : ""}${value}%`;
  return <span className={`${styles.change} ${cls} ${solid ? styles.solid : ""}`}>{text}</span>;
}

/** A price truncated to the symbol's precision; flashes on change. */
export function PriceText({
  value,
  precision,
  direction,
  ts,
}: {
  value: string | null | undefined;
  precision: number;
  direction?: "up" | "down" | null;
  ts?: number | null;
}) {
  const cls = direction === "up" ? styles.flashUp : direction === "down" ? styles.flashDown : "";
  // Re-keying on each tick restarts the flash animation.
  return (
    <span key={ts ?? 0} className={`${styles.price} ${cls}`} data-direction={direction ?? "none"}>
      {showAmount(value, precision)}
    </span>
  );
}
