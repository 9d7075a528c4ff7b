// /loss-method: how the loss figure in the risk warning is computed (issue 34 §1), with the
// latest figure per product. Open logged out (linked from the warning on home).
import { LANG_TAGS } from "@candor/contract/i18n";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { currentLang } from "../../lib/i18n";
import { useLossRate } from "./api";
import styles from "./disclosure.module.css";

export default function LossMethodScreen() {
  const { t } = useTranslation("disclosure");
  const rate = useLossRate();
  const tag = LANG_TAGS[currentLang()];
  const percent = new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const date = (d: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T00:00:00.000Z`));
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:lossMethod")} />
      <div className={styles.body}>
        <p>{t("method.intro")}</p>
        <h2>{t("method.latest")}</h2>
        {rate.data ? (
          <>
            <p className={styles.muted}>{t("asOf", { date: date(rate.data.asOf) })}</p>
            <dl className={styles.figures} data-testid="loss-figures">
              {rate.data.products.map((p) => (
                <div key={p.product} style={{ display: "contents" }}>
                  <dt>{t(`product.${p.product}`)}</dt>
                  <dd className={styles.num}>{t("method.customers", { count: p.customers })}</dd>
                  <dd className={styles.num}>
                    {p.losingShare === null ? t("method.belowSample") : percent.format(Number(p.losingShare))}
                  </dd>
                </div>
              ))}
            </dl>
            <p className={styles.muted}>{t("method.sample", { count: rate.data.minimumSample })}</p>
          </>
        ) : (
          <p className={styles.muted}>{rate.isError ? t("method.unavailable") : "…"}</p>
        )}
        <h2>{t("method.howTitle")}</h2>
        <ul>
          <li>{t("method.window")}</li>
          <li>{t("method.who")}</li>
          <li>{t("method.result")}</li>
          <li>{t("method.losing")}</li>
          <li>{t("method.all")}</li>
          <li>{t("method.rounding")}</li>
          <li>{t("method.daily")}</li>
        </ul>
      </div>
    </div>
  );
}
