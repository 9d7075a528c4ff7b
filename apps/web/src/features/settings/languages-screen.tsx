import { LANG_LABELS, LANGS } from "@candor/contract";
import { List } from "antd-mobile";
import { CheckOutline } from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { changeLanguage } from "../../lib/i18n";

export default function LanguagesScreen() {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <PageHeader title={t("routes:languages")} />
      <List>
        {LANGS.map((lang) => (
          <List.Item
            key={lang}
            onClick={() => void changeLanguage(lang)}
            extra={lang === i18n.language ? <CheckOutline color="var(--adm-color-primary)" /> : null}
            arrowIcon={false}
          >
            {LANG_LABELS[lang]}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
