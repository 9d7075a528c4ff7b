// /my: the personal centre — who I am, and a way into every area of the app.
import type { KycStatus } from "@candor/contract";
import { Badge, Dialog, Grid, List, Tag } from "antd-mobile";
import {
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  CollectMoneyOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  TravelOutline,
  UserCircleOutline,
  UserContactOutline,
} from "antd-mobile-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../lib/api-client";
import { useChatUnread } from "../../lib/chat-unread";
import { copyText } from "../../lib/clipboard";
import { clearLocalData } from "../../lib/session";
import { useUserStore } from "../../stores/user";
import styles from "./my.module.css";

type Entry = { path: string; titleKey: string; icon: ReactNode };

const SECTIONS: { key: string; entries: Entry[] }[] = [
  {
    key: "assets",
    entries: [
      { path: "/chongzhi", titleKey: "deposit", icon: <ReceivePaymentOutline /> },
      { path: "/tixian", titleKey: "withdraw", icon: <PayCircleOutline /> },
      { path: "/zichanCenter", titleKey: "assetCentre", icon: <BankcardOutline /> },
      { path: "/chongzhitixianRecord", titleKey: "depositWithdrawalRecords", icon: <BillOutline /> },
      { path: "/zhangbianRecord", titleKey: "balanceLog", icon: <FileOutline /> },
      { path: "/jiesuanInfo", titleKey: "settlementInfo", icon: <CollectMoneyOutline /> },
      { path: "/shanduiOrder", titleKey: "exchangeRecords", icon: <TravelOutline /> },
      { path: "/demotrading", titleKey: "demoTrading", icon: <HistogramOutline /> },
    ],
  },
  {
    key: "invest",
    entries: [
      { path: "/taolilicai", titleKey: "arbitrage", icon: <PieOutline /> },
      { path: "/taoliOrder", titleKey: "wealthOrders", icon: <ContentOutline /> },
      { path: "/quant", titleKey: "quant", icon: <HistogramOutline /> },
      { path: "/kuangchi", titleKey: "mining", icon: <SetOutline /> },
      { path: "/zhaiquan", titleKey: "debtClaims", icon: <FileOutline /> },
      { path: "/jiedai", titleKey: "loans", icon: <CollectMoneyOutline /> },
      { path: "/ieo", titleKey: "ieo", icon: <StarOutline /> },
      { path: "/bisai", titleKey: "contests", icon: <GiftOutline /> },
    ],
  },
  {
    key: "rewards",
    entries: [
      { path: "/fuliCenter", titleKey: "welfareCentre", icon: <GiftOutline /> },
      { path: "/vipLevel", titleKey: "vipLevel", icon: <StarOutline /> },
      { path: "/tuanduiYaoqing", titleKey: "teamInvitation", icon: <TeamOutline /> },
      { path: "/inbox", titleKey: "inbox", icon: <MailOutline /> },
    ],
  },
];

const KYC_COLORS: Record<KycStatus, "default" | "warning" | "danger" | "success"> = {
  none: "default",
  pending: "warning",
  rejected: "danger",
  passed: "success",
};

export async function logout(): Promise<void> {
  try {
    await api.post("/api/user/appUser/logout", undefined, { silent: true });
  } catch {
    // the session ends on this device either way
  }
  clearLocalData();
  window.location.hash = "#/home";
  window.location.reload();
}

export default function MyScreen() {
  const { t } = useTranslation("my");
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const kyc = user?.kycStatus ?? "none";
  const unreadSupport = useChatUnread((s) => s.count);

  const confirmLogout = async () => {
    const yes = await Dialog.confirm({
      content: t("logoutConfirm"),
      confirmText: t("logout"),
      cancelText: t("common:cancel"),
    });
    if (yes) await logout();
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <UserCircleOutline className={styles.avatar} />
        <div className={styles.who}>
          <div className={styles.name} data-testid="my-username">
            {user?.username}
          </div>
          <button type="button" className={styles.uid} onClick={() => user && void copyText(String(user.id))}>
            {t("uid", { id: user?.id ?? "" })} ⧉
          </button>
          <div className={styles.tags}>
            <Tag color="primary" fill="outline">
              VIP {user?.vipLevel ?? 0}
            </Tag>
            <Tag color={KYC_COLORS[kyc]} fill="outline">
              {t(`kyc.${kyc}`)}
            </Tag>
            {user?.guest ? (
              <Tag color="warning" fill="outline">
                {t("guest")}
              </Tag>
            ) : null}
          </div>
        </div>
      </header>

      {SECTIONS.map((section) => (
        <section key={section.key} className={styles.card} aria-label={t(`sections.${section.key}`)}>
          <h2 className={styles.sectionTitle}>{t(`sections.${section.key}`)}</h2>
          <Grid columns={4} gap={4}>
            {section.entries.map((e) => (
              <Grid.Item key={e.path} onClick={() => navigate(e.path)}>
                <div className={styles.entry}>
                  <span className={styles.icon}>{e.icon}</span>
                  <span className={styles.label}>{t(`routes:${e.titleKey}`)}</span>
                </div>
              </Grid.Item>
            ))}
          </Grid>
        </section>
      ))}

      <section className={styles.card} aria-label={t("sections.security")}>
        <h2 className={styles.sectionTitle}>{t("sections.security")}</h2>
        <List>
          <List.Item prefix={<UserContactOutline />} onClick={() => navigate("/gerenziliao")}>
            {t("routes:personalData")}
          </List.Item>
          <List.Item
            prefix={<CheckShieldOutline />}
            extra={t(`kyc.${kyc}`)}
            onClick={() => navigate(kyc === "none" || kyc === "rejected" ? "/shenfenRenzheng" : "/renzhengResult")}
          >
            {t("routes:identityVerification")}
          </List.Item>
          <List.Item prefix={<CheckShieldOutline />} onClick={() => navigate("/shenfenRenzhengAd")}>
            {t("routes:advancedVerification")}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => navigate("/changePassword")}>
            {t("routes:changeLoginPassword")}
          </List.Item>
          <List.Item
            prefix={<KeyOutline />}
            extra={user?.hasWithdrawalPassword ? t("set") : t("notSet")}
            onClick={() => navigate("/changeWithdrawalPassword")}
          >
            {t("routes:changeWithdrawalPassword")}
          </List.Item>
          <List.Item
            prefix={<CheckShieldOutline />}
            extra={user?.googleAuthBound ? t("bound") : t("notBound")}
            onClick={() => navigate("/googleAuth")}
          >
            {t("routes:googleAuthenticator")}
          </List.Item>
          <List.Item prefix={<ClockCircleOutline />} onClick={() => navigate("/sessions")}>
            {t("routes:mySessions")}
          </List.Item>
        </List>
      </section>

      <section className={styles.card} aria-label={t("sections.help")}>
        <List>
          <List.Item
            prefix={<MessageOutline />}
            extra={unreadSupport > 0 ? <Badge content={unreadSupport} /> : null}
            onClick={() => navigate("/chat")}
          >
            {t("routes:supportChat")}
          </List.Item>
          <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate("/help")}>
            {t("routes:helpCentre")}
          </List.Item>
          <List.Item prefix={<GlobalOutline />} onClick={() => navigate("/languages")}>
            {t("routes:languages")}
          </List.Item>
        </List>
      </section>

      <button type="button" className={styles.logout} onClick={() => void confirmLogout()}>
        {t("logout")}
      </button>
    </div>
  );
}
