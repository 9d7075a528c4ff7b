// Country field for forms: shows the chosen country, opens a searchable list.
import type { Country } from "@candor/contract";
import { Button, DotLoading, List, SearchBar } from "antd-mobile";
import { CheckOutline } from "antd-mobile-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { LazyPopup } from "../../components/lazy-popup";
import { useCountries } from "../../lib/countries";
import { currentLang } from "../../lib/i18n";
import { countryName, searchCountries } from "./countries";
import styles from "./kyc.module.css";

export function CountrySelect({
  value,
  onChange,
  placeholder,
  title,
}: {
  value?: string;
  onChange?: (code: string) => void;
  placeholder: string;
  title: string;
}) {
  const { t } = useTranslation("kyc");
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const countries = useCountries();
  const lang = currentLang();
  const chosen = countries.data?.find((c) => c.countryCode === value);
  const matches = useMemo(() => searchCountries(countries.data ?? [], query, lang), [countries.data, query, lang]);

  const pick = (c: Country) => {
    onChange?.(c.countryCode);
    setOpen(false);
    setQuery("");
  };

  return (
    <>
      <button type="button" className={styles.selectButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {chosen ? (
          <span>{countryName(chosen, lang)}</span>
        ) : value ? (
          <span>{value}</span>
        ) : (
          <span className={styles.placeholder}>{placeholder}</span>
        )}
      </button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ height: "75vh", borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        destroyOnClose
      >
        <div className={styles.popup} role="dialog" aria-label={title}>
          <div className={styles.popupHead}>
            <span className={styles.popupTitle}>{title}</span>
            <Button size="small" fill="none" onClick={() => setOpen(false)}>
              {t("common:cancel")}
            </Button>
          </div>
          <div className={styles.popupSearch}>
            <SearchBar placeholder={t("searchCountry")} value={query} onChange={setQuery} />
          </div>
          <div className={styles.popupList}>
            {countries.isPending ? (
              <div className={styles.center}>
                <DotLoading color="primary" />
              </div>
            ) : countries.isError ? (
              <EmptyState kind="error" title={t("countriesFailed")} description={t("common:loadFailedHint")}>
                <Button size="small" onClick={() => void countries.refetch()}>
                  {t("common:retry")}
                </Button>
              </EmptyState>
            ) : matches.length === 0 ? (
              <EmptyState title={t("noCountry")} description={t("noCountryHint")} />
            ) : (
              <List>
                {matches.map((c) => (
                  <List.Item
                    key={c.countryCode}
                    onClick={() => pick(c)}
                    extra={c.countryCode === value ? <CheckOutline color="var(--adm-color-primary)" /> : c.countryCode}
                    arrow={false}
                  >
                    {countryName(c, lang)}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        </div>
      </LazyPopup>
    </>
  );
}
