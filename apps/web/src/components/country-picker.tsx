// A searchable country list in a popup: used for phone codes and countries of residence.
import type { Country } from "@candor/contract";
import { DotLoading, List, SearchBar } from "antd-mobile";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { countryName, DEFAULT_COUNTRY, useCountries } from "../lib/countries";
import styles from "./country-picker.module.css";
import { EmptyState } from "./empty-state";
import { LazyPopup } from "./lazy-popup";

export function CountryPicker({
  value,
  onChange,
  showPhoneCode = false,
  label,
}: {
  value: Country | null;
  onChange: (c: Country) => void;
  showPhoneCode?: boolean;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const { data, isPending, isError } = useCountries();
  const shown = value ?? null;
  const rows = useMemo(() => {
    const needle = q.trim().toLowerCase().replace(/^\+/, "");
    return (data ?? []).filter(
      (c) =>
        needle === "" ||
        c.englishName.toLowerCase().includes(needle) ||
        c.chineseName.includes(needle) ||
        c.countryCode.toLowerCase() === needle ||
        c.phoneCode.startsWith(needle),
    );
  }, [data, q]);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-label={label ?? t("country.choose")}
        data-testid="country-picker"
      >
        {shown ? (showPhoneCode ? `+${shown.phoneCode}` : countryName(shown, i18n.language)) : t("country.choose")}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        bodyStyle={{ height: "70vh", borderRadius: "12px 12px 0 0" }}
      >
        <div className={styles.sheet}>
          <SearchBar placeholder={t("country.search")} value={q} onChange={setQ} />
          <div className={styles.list}>
            {isPending ? (
              <DotLoading />
            ) : isError ? (
              <EmptyState kind="error" title={t("country.failed")} description={t("common:loadFailedHint")} />
            ) : (
              <List>
                {rows.map((c) => (
                  <List.Item
                    key={c.countryCode}
                    onClick={() => {
                      onChange(c);
                      setOpen(false);
                    }}
                    extra={showPhoneCode ? `+${c.phoneCode}` : c.countryCode}
                    arrowIcon={false}
                  >
                    {countryName(c, i18n.language)}
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

export { DEFAULT_COUNTRY };
