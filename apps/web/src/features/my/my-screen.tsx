// /my: the personal centre — who I am, and a way into every area of the app.
import type { InboxUnread, KycStatus } from "@candor/contract";
import { useQuery } from "@tanstack/react-query";
import { Badge, Dialog, Grid, List, Tag } from "antd-mobile";
import {
  BankcardOutline,
  CalendarOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  LoopOutline,
  MailOutline,
  MessageOutline,
  PieOutline,
  PlayOutline,
  QuestionCircleOutline,
  SetOutline,
  ShopbagOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UserCircleOutline,
  UserContactOutline,
} from "antd-mobile-icons";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isBuilt } from "../../app/areas";
import { CopyIcon, DepositIcon, TradeIcon, WithdrawIcon } from "../../components/icons";
import { SegmentedChoice } from "../../components/segmented-choice";
import { api } from "../../lib/api-client";
import { useChatUnread } from "../../lib/chat-unread";
import { copyText } from "../../lib/clipboard";
import { setUpColour, type UpColour, upColour } from "../../lib/price-colours";
import { clearLocalData } from "../../lib/session";
import { useUserStore } from "../../stores/user";
import styles from "./my.module.css";

type Entry = { path: string; titleKey: string; icon: ReactNode };

const SECTIONS: { key: string; entries: Entry[] }[] = [
  {
    key: "assets",
    entries: [
      { path: "/chongzhi", titleKey: "deposit", icon: <DepositIcon /> },
      { path: "/tixian", titleKey: "withdraw", icon: <WithdrawIcon /> },
      { path: "/zichanCenter", titleKey: "assetCentre", icon: <PieOutline /> },
      { path: "/chongzhitixianRecord", titleKey: "depositWithdrawalRecords", icon: <UnorderedListOutline /> },
      { path: "/zhangbianRecord", titleKey: "balanceLog", icon: <FileOutline /> },
      { path: "/jiesuanInfo", titleKey: "settlementInfo", icon: <BankcardOutline /> },
      { path: "/shanduiOrder", titleKey: "exchangeRecords", icon: <LoopOutline /> },
    ],
  },
  {
    key: "trade",
    entries: [
      { path: "/heyue", titleKey: "futures", icon: <TradeIcon /> },
      { path: "/options", titleKey: "options", icon: <ClockCircleOutline /> },
      { path: "/spot", titleKey: "spot", icon: <ShopbagOutline /> },
      { path: "/demotrading", titleKey: "demoTrading", icon: <PlayOutline /> },
    ],
  },
  {
    key: "invest",
    entries: [
      { path: "/taolilicai", titleKey: "arbitrage", icon: <CalendarOutline /> },
      { path: "/taoliOrder", titleKey: "wealthOrders", icon: <ContentOutline /> },
      { path: "/quant", titleKey: "quant", icon: <HistogramOutline /> },
      { path: "/kuangchi", titleKey: "mining", icon: <SetOutline /> },
      { path: "/zhaiquan", titleKey: "debtClaims", icon: <FileOutline /> },
      { path: "/jiedai", titleKey: "loans", icon: <FileOutline /> },
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

/** Only entries whose area is built (app/areas.ts); a section left empty is not shown. */
const VISIBLE_SECTIONS = SECTIONS.map((s) => ({ ...s, entries: s.entries.filter((e) => isBuilt(e.path)) })).filter(
  (s) => s.entries.length > 0,
);

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
  // The inbox's unread count (same query as the inbox screen's badge).
  const unreadInbox = useQuery({
    queryKey: ["content", "unread"],
    queryFn: () => api.get<InboxUnread>("/api/content/appNotice/unread", { silent: true }),
    enabled: Boolean(user),
  }).data?.count;
  const [colour, setColour] = useState<UpColour>(upColour);

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
          <button
            type="button"
            className={styles.uid}
            aria-label={t("copyUid", { id: user?.id ?? "" })}
            onClick={() => user && void copyText(String(user.id))}
          >
            {t("uid", { id: user?.id ?? "" })} <CopyIcon />
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

      {VISIBLE_SECTIONS.map((section) => (
        <section key={section.key} className={styles.card} aria-label={t(`sections.${section.key}`)}>
          <h2 className={styles.sectionTitle}>{t(`sections.${section.key}`)}</h2>
          <Grid columns={4} gap={4}>
            {section.entries.map((e) => (
              <Grid.Item key={e.path} onClick={() => navigate(e.path)}>
                <div className={styles.entry}>
                  <span className={styles.icon}>
                    {e.path === "/inbox" && unreadInbox ? <Badge content={unreadInbox}>{e.icon}</Badge> : e.icon}
                  </span>
                  <span className={styles.label}>
                    {t(e.titleKey === "futures" ? "futures" : `routes:${e.titleKey}`)}
                  </span>
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
          {isBuilt("/help") ? (
            <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate("/help")}>
              {t("routes:helpCentre")}
            </List.Item>
          ) : null}
        </List>
      </section>

      <section className={styles.card} aria-label={t("sections.settings")}>
        <h2 className={styles.sectionTitle}>{t("sections.settings")}</h2>
        <List>
          <List.Item prefix={<GlobalOutline />} onClick={() => navigate("/languages")}>
            {t("routes:languages")}
          </List.Item>
          <List.Item
            prefix={<HistogramOutline />}
            description={
              <SegmentedChoice<UpColour>
                label={t("upColour.label")}
                value={colour}
                onChange={(c) => {
                  setUpColour(c);
                  setColour(c);
                }}
                options={[
                  { value: "green", label: t("upColour.green") },
                  { value: "red", label: t("upColour.red") },
                ]}
              />
            }
          >
            {t("upColour.label")}
          </List.Item>
        </List>
      </section>

      <button type="button" className={styles.logout} onClick={() => void confirmLogout()}>
        {t("logout")}
      </button>
    </div>
  );
}
