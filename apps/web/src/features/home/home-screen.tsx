import { Card, Grid, NoticeBar } from "antd-mobile";
import {
  BankcardOutline,
  HistogramOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  ReceivePaymentOutline,
  TeamOutline,
  UserOutline,
} from "antd-mobile-icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LanguageButton } from "../../components/language-picker";
import styles from "./home-screen.module.css";

const QUICK_ENTRIES = [
  { path: "/chongzhi", key: "deposit", icon: <ReceivePaymentOutline /> },
  { path: "/tixian", key: "withdraw", icon: <PayCircleOutline /> },
  { path: "/hangqing", key: "market", icon: <HistogramOutline /> },
  { path: "/heyue", key: "contract", icon: <PieOutline /> },
  { path: "/zichanCenter", key: "assets", icon: <BankcardOutline /> },
  { path: "/tuanduiYaoqing", key: "invite", icon: <TeamOutline /> },
  { path: "/chat", key: "support", icon: <MessageOutline /> },
  { path: "/my", key: "my", icon: <UserOutline /> },
] as const;

export default function HomeScreen() {
  const { t } = useTranslation("home");
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Candor</span>
        </div>
        <LanguageButton />
      </header>
      <NoticeBar content={t("riskNotice")} color="info" wrap />
      <Card className={styles.hero}>
        <h1 className={styles.title}>{t("welcome")}</h1>
        <p className={styles.subtitle}>{t("tagline")}</p>
      </Card>
      <Card title={t("quickEntries")} className={styles.card}>
        <Grid columns={4} gap={8}>
          {QUICK_ENTRIES.map((entry) => (
            <Grid.Item key={entry.key} onClick={() => navigate(entry.path)}>
              <div className={styles.entry}>
                <span className={styles.icon}>{entry.icon}</span>
                <span className={styles.label}>{t(`entries.${entry.key}`)}</span>
              </div>
            </Grid.Item>
          ))}
        </Grid>
      </Card>
      <Card title={t("topMovers")} className={styles.card}>
        <p className={styles.muted}>{t("common:comingSoon")}</p>
      </Card>
    </div>
  );
}
