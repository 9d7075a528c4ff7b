// The list of the eight languages (antd-mobile ActionSheet), loaded the first time the
// globe button is pressed: the first screens that show the button don't download it.
import { LANG_LABELS, LANGS, type Lang } from "@candor/contract";
import { ActionSheet } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { changeLanguage } from "../lib/i18n";

export default function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      cancelText={t("cancel")}
      actions={LANGS.map((l: Lang) => ({
        key: l,
        text: l === i18n.language ? `✓ ${LANG_LABELS[l]}` : LANG_LABELS[l],
        onClick: async () => {
          onClose();
          await changeLanguage(l);
        },
      }))}
    />
  );
}
