// The live loss figure in the risk warning (issue 34 §1): "71 % of Candor customers lost money
// trading futures in the last 12 months", with its date and a link to how it is computed.
// Until the figure arrives, when it fails, or below the minimum sample (losingShare null) the
// caller's general warning shows instead, in the same place (no layout jump).
import { LANG_TAGS } from "@candor/contract/i18n";
import { Dialog } from "antd-mobile";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routes } from "../../app/routes";
import { currentLang } from "../../lib/i18n";
import { useLossRate } from "./api";
import styles from "./disclosure.module.css";

export type LossProduct = "futures" | "options" | "all";

export interface LossLine {
  /** The sentence with the percentage. */
  text: string;
  /** "As of <date>." */
  asOf: string;
}

/** The live figure's sentence for `product`, or null (loading, failed, below the sample). */
export function useLossLine(product: LossProduct): LossLine | null {
  const { t } = useTranslation("disclosure");
  const rate = useLossRate();
  const figure = rate.data?.products.find((p) => p.product === product);
  if (!rate.data || !figure || figure.losingShare === null) return null;
  const tag = LANG_TAGS[currentLang()];
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }).format(
    Number(figure.losingShare),
  );
  const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${rate.data.asOf}T00:00:00.000Z`),
  );
  return { text: t(`line.${product}`, { percent }), asOf: t("asOf", { date }) };
}

/** The warning: the live figure with its date and the method's link, else `fallback`. */
export function LossRateText({ product, fallback }: { product: LossProduct; fallback: ReactNode }) {
  const { t } = useTranslation("disclosure");
  const line = useLossLine(product);
  if (!line) return <>{fallback}</>;
  return (
    <span data-testid="loss-rate" data-product={product}>
      {line.text} {line.asOf}{" "}
      <Link to={routes.lossMethod} className={styles.how}>
        {t("how")}
      </Link>
    </span>
  );
}

/**
 * The same for a confirmation dialog's content (rendered outside the router): a plain link
 * that closes the dialog. Pass the line read by `useLossLine` in the screen.
 */
export function LossRateDialogLine({ line, how }: { line: LossLine | null; how: string }) {
  if (!line) return null;
  return (
    <p className={styles.dialogLine} data-testid="loss-rate-confirm">
      {line.text} {line.asOf}{" "}
      <a href={`#${routes.lossMethod}`} className={styles.how} onClick={() => Dialog.clear()}>
        {how}
      </a>
    </p>
  );
}

/** The live figure as its own note under a screen's risk text; nothing without a figure. */
export function LossRateNote({ product, className }: { product: LossProduct; className?: string }) {
  const line = useLossLine(product);
  if (!line) return null;
  return (
    <p className={className} role="note">
      <LossRateText product={product} fallback={null} />
    </p>
  );
}
