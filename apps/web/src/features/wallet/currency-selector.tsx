// The currency chips of the deposit and withdraw screens.
import type { WalletCurrency } from "@candor/contract";
import { DotLoading, Selector } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { useCurrencies } from "./api";
import styles from "./wallet.module.css";

export function CurrencySelector({
  value,
  onChange,
  enabled,
}: {
  value: string;
  onChange: (currency: string) => void;
  /** Which currencies may be picked (e.g. deposits enabled). */
  enabled: (c: WalletCurrency) => boolean;
}) {
  const { t } = useTranslation("wallet");
  const currencies = useCurrencies();
  return (
    <div className={styles.card}>
      <div className={styles.muted}>{t("chooseCurrency")}</div>
      {currencies.isPending ? (
        <DotLoading />
      ) : currencies.isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")} />
      ) : (
        <Selector
          columns={4}
          value={[value]}
          onChange={(v) => v[0] && onChange(v[0])}
          options={currencies.data.filter(enabled).map((c) => ({ label: c.currency, value: c.currency }))}
        />
      )}
    </div>
  );
}
