import { LANG_LABELS, LANGS, type Lang } from "@candor/contract";
import { ActionSheet } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLang } from "../lib/i18n";
import styles from "./language-picker.module.css";

/** Globe button that opens the list of the eight languages. */
export function LanguageButton() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = currentLang();
  return (
    <>
      <button type="button" className={styles.button} onClick={() => setOpen(true)} aria-label={t("language")}>
        <GlobalOutline fontSize={18} />
        <span>{LANG_LABELS[lang]}</span>
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t("cancel")}
        actions={LANGS.map((l: Lang) => ({
          key: l,
          text: l === i18n.language ? `✓ ${LANG_LABELS[l]}` : LANG_LABELS[l],
          onClick: async () => {
            setOpen(false);
            await changeLanguage(l);
          },
        }))}
      />
    </>
  );
}
