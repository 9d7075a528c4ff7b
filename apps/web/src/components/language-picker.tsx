import { LANG_LABELS } from "@candor/contract";
import { GlobalOutline } from "antd-mobile-icons";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLang } from "../lib/i18n";
import styles from "./language-picker.module.css";

const LanguageSheet = lazy(() => import("./language-sheet"));

/** Globe button that opens the list of the eight languages. */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The sheet's code loads on the first press and stays mounted afterwards (its close animation).
  const [used, setUsed] = useState(false);
  const lang = currentLang();
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        aria-label={t("language")}
      >
        <GlobalOutline fontSize={18} />
        <span>{LANG_LABELS[lang]}</span>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <LanguageSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
