// /my: the personal centre — who I am, and a way into every area of the app.

import type { KycStatus } from "@candor/contract";
import { authPaths, contentPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Badge, Dialog, Grid, List, Switch, Tag } from "antd-mobile";
import {
  BankcardOutline,
  BellOutline,
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
  StopOutline,
  TeamOutline,
  UnorderedListOutline,
  UserCircleOutline,
  UserContactOutline,
} from "antd-mobile-icons";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isBuilt } from "../../app/areas";
import { routes } from "../../app/routes";
import { ContactProofBanner } from "../../components/contact-proof-notice";
import { CopyIcon, DepositIcon, TradeIcon, WithdrawIcon } from "../../components/icons";
import { SegmentedChoice } from "../../components/segmented-choice";
import { api } from "../../lib/api-client";
import { useChatUnread } from "../../lib/chat-unread";
import { copyText } from "../../lib/clipboard";
import { setUpColour, type UpColour, upColour } from "../../lib/price-colours";
import { clearLocalData } from "../../lib/session";
import { confirmsFuturesOpen, setConfirmsFuturesOpen } from "../../lib/trade-prefs";
import { useUserStore } from "../../stores/user";
import styles from "./my.module.css";

type Entry = { path: string; titleKey: string; icon: ReactNode };

const SECTIONS: { key: string; entries: Entry[] }[] = [
  {
    key: "assets",
    entries: [
      { path: routes.deposit, titleKey: "deposit", icon: <DepositIcon /> },
      { path: routes.withdraw, titleKey: "withdraw", icon: <WithdrawIcon /> },
      { path: routes.assetCentre, titleKey: "assetCentre", icon: <PieOutline /> },
      { path: routes.depositWithdrawalRecords, titleKey: "depositWithdrawalRecords", icon: <UnorderedListOutline /> },
      { path: routes.balanceLog, titleKey: "balanceLog", icon: <FileOutline /> },
      { path: routes.settlementInfo, titleKey: "settlementInfo", icon: <BankcardOutline /> },
      { path: routes.exchangeRecords, titleKey: "exchangeRecords", icon: <LoopOutline /> },
    ],
  },
  {
    key: "trade",
    entries: [
      { path: routes.contract, titleKey: "futures", icon: <TradeIcon /> },
      { path: routes.options, titleKey: "options", icon: <ClockCircleOutline /> },
      { path: routes.spot, titleKey: "spot", icon: <ShopbagOutline /> },
      { path: routes.demoTrading, titleKey: "demoTrading", icon: <PlayOutline /> },
    ],
  },
  {
    key: "invest",
    entries: [
      { path: routes.arbitrage, titleKey: "arbitrage", icon: <CalendarOutline /> },
      { path: routes.wealthOrders, titleKey: "wealthOrders", icon: <ContentOutline /> },
      { path: routes.quant, titleKey: "quant", icon: <HistogramOutline /> },
      { path: routes.mining, titleKey: "mining", icon: <SetOutline /> },
      { path: routes.debtClaims, titleKey: "debtClaims", icon: <FileOutline /> },
      { path: routes.loans, titleKey: "loans", icon: <FileOutline /> },
      { path: routes.ieo, titleKey: "ieo", icon: <StarOutline /> },
      { path: routes.contests, titleKey: "contests", icon: <GiftOutline /> },
    ],
  },
  {
    key: "rewards",
    entries: [
      { path: routes.welfareCentre, titleKey: "welfareCentre", icon: <GiftOutline /> },
      { path: routes.vipLevel, titleKey: "vipLevel", icon: <StarOutline /> },
      { path: routes.teamInvitation, titleKey: "teamInvitation", icon: <TeamOutline /> },
      { path: routes.inbox, titleKey: "inbox", icon: <MailOutline /> },
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
    await api.post(authPaths.logout, undefined, { silent: true });
  } catch {
    // the session ends on this device either way
  }
  clearLocalData();
  window.location.hash = `#${routes.home}`;
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
    queryFn: () => api.get(contentPaths.inboxUnread, { silent: true }),
    enabled: Boolean(user),
  }).data?.count;
  const [colour, setColour] = useState<UpColour>(upColour);
  const [confirmFutures, setConfirmFutures] = useState(confirmsFuturesOpen);

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
      <ContactProofBanner />

      {VISIBLE_SECTIONS.map((section) => (
        <section key={section.key} className={styles.card} aria-label={t(`sections.${section.key}`)}>
          <h2 className={styles.sectionTitle}>{t(`sections.${section.key}`)}</h2>
          <Grid columns={4} gap={4}>
            {section.entries.map((e) => (
              <Grid.Item key={e.path} onClick={() => navigate(e.path)}>
                <div className={styles.entry}>
                  <span className={styles.icon}>
                    {e.path === routes.inbox && unreadInbox ? <Badge content={unreadInbox}>{e.icon}</Badge> : e.icon}
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
          <List.Item prefix={<UserContactOutline />} onClick={() => navigate(routes.personalData)}>
            {t("routes:personalData")}
          </List.Item>
          <List.Item
            prefix={<CheckShieldOutline />}
            extra={t(`kyc.${kyc}`)}
            onClick={() =>
              navigate(kyc === "none" || kyc === "rejected" ? routes.identityVerification : routes.verificationResult)
            }
          >
            {t("routes:identityVerification")}
          </List.Item>
          <List.Item prefix={<CheckShieldOutline />} onClick={() => navigate(routes.advancedVerification)}>
            {t("routes:advancedVerification")}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => navigate(routes.changeLoginPassword)}>
            {t("routes:changeLoginPassword")}
          </List.Item>
          <List.Item
            prefix={<KeyOutline />}
            extra={user?.hasWithdrawalPassword ? t("set") : t("notSet")}
            onClick={() => navigate(routes.changeWithdrawalPassword)}
          >
            {t("routes:changeWithdrawalPassword")}
          </List.Item>
          <List.Item
            prefix={<CheckShieldOutline />}
            extra={user?.googleAuthBound ? t("bound") : t("notBound")}
            onClick={() => navigate(routes.googleAuthenticator)}
          >
            {t("routes:googleAuthenticator")}
          </List.Item>
          <List.Item prefix={<ClockCircleOutline />} onClick={() => navigate(routes.mySessions)}>
            {t("routes:mySessions")}
          </List.Item>
          <List.Item prefix={<HistogramOutline />} onClick={() => navigate(routes.myResults)}>
            {t("routes:myResults")}
          </List.Item>
          <List.Item prefix={<StopOutline />} onClick={() => navigate(routes.limits)}>
            {t("routes:limits")}
          </List.Item>
          <List.Item prefix={<FileOutline />} onClick={() => navigate(routes.dataRights)}>
            {t("routes:dataRights")}
          </List.Item>
          <List.Item prefix={<BellOutline />} onClick={() => navigate(routes.alerts)}>
            {t("routes:alerts")}
          </List.Item>
        </List>
      </section>

      <section className={styles.card} aria-label={t("sections.help")}>
        <List>
          <List.Item
            prefix={<MessageOutline />}
            extra={unreadSupport > 0 ? <Badge content={unreadSupport} /> : null}
            onClick={() => navigate(routes.supportChat)}
          >
            {t("routes:supportChat")}
          </List.Item>
          {isBuilt(routes.helpCentre) ? (
            <List.Item prefix={<QuestionCircleOutline />} onClick={() => navigate(routes.helpCentre)}>
              {t("routes:helpCentre")}
            </List.Item>
          ) : null}
          <List.Item prefix={<CheckShieldOutline />} onClick={() => navigate(routes.proofOfReserves)}>
            {t("routes:proofOfReserves")}
          </List.Item>
        </List>
      </section>

      <section className={styles.card} aria-label={t("sections.settings")}>
        <h2 className={styles.sectionTitle}>{t("sections.settings")}</h2>
        <List>
          <List.Item prefix={<GlobalOutline />} onClick={() => navigate(routes.languages)}>
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
          <List.Item
            prefix={<CheckShieldOutline />}
            extra={
              <Switch
                aria-label={t("confirmFutures.label")}
                checked={confirmFutures}
                onChange={(on) => {
                  setConfirmsFuturesOpen(on);
                  setConfirmFutures(on);
                }}
              />
            }
          >
            {t("confirmFutures.label")}
          </List.Item>
        </List>
      </section>

      <button type="button" className={styles.logout} onClick={() => void confirmLogout()}>
        {t("logout")}
      </button>
    </div>
  );
}
