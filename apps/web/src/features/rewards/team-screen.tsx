// /tuanduiYaoqing: team invitation. Invite code, link and QR code (copy with the Success/Fail
// toast), team stats, and one line per rebate on invited customers' trading fees.

import type { RebateRecord } from "@candor/contract";
import { rewardPaths } from "@candor/contract/paths";
import { percentOf } from "@candor/domain";
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { copyText } from "../../lib/clipboard";
import { formatDate, localizeNumber, showAmount } from "../../lib/format";
import { useTeam } from "./api";
import { QrImage } from "./qr-image";
import { s } from "./styles";

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div>
      <div style={s.statValue} data-testid={testId}>
        {value}
      </div>
      <div style={s.muted}>{label}</div>
    </div>
  );
}

function RebateLine({ r }: { r: RebateRecord }) {
  const { t } = useTranslation("rewards");
  return (
    <div style={s.rebate} data-testid="rebate">
      <div style={s.row}>
        <span>
          {r.invitee} · {t(`source.${r.source}`)}
        </span>
        <strong style={s.reward}>
          +{showAmount(r.amount, 8)} {r.currency}
        </strong>
      </div>
      <div style={s.row}>
        <span style={s.muted}>
          {t("feeLine", { fee: showAmount(r.fee, 8), currency: r.currency, share: localizeNumber(percentOf(r.share)) })}
        </span>
        <time style={s.muted}>{formatDate(r.createdAt, "dateTime")}</time>
      </div>
      <div style={s.muted}>{t("tradeRef", { ref: r.tradeRef })}</div>
    </div>
  );
}

export default function TeamScreen() {
  const { t } = useTranslation("rewards");
  const q = useTeam();
  const header = <PageHeader title={t("routes:teamInvitation")} />;
  if (q.isPending) {
    return (
      <div style={s.page}>
        {header}
        <CenteredLoading />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div style={s.page}>
        {header}
        <LoadFailed onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const team = q.data;
  const sharePercent = localizeNumber(percentOf(team.rebateShare));
  return (
    <div style={s.page}>
      {header}
      <div style={s.body}>
        <div style={{ ...s.card, ...s.qrBox }}>
          <QrImage text={team.inviteLink} label={t("qrLabel")} style={s.qr} />
          <div style={s.muted}>{t("inviteCode")}</div>
          <div style={s.code} data-testid="invite-code">
            {team.inviteCode}
          </div>
          <div style={s.link} data-testid="invite-link">
            {team.inviteLink}
          </div>
          <div style={{ ...s.row, width: "100%" }}>
            <Button block size="small" onClick={() => void copyText(team.inviteCode)}>
              {t("copyCode")}
            </Button>
            <Button block size="small" color="primary" onClick={() => void copyText(team.inviteLink)}>
              {t("copyLink")}
            </Button>
          </div>
        </div>
        <div style={s.card}>
          <div style={s.stats}>
            <Stat label={t("teamSize")} value={team.teamSize} testId="team-size" />
            <Stat label={t("newToday")} value={team.newToday} testId="team-new-today" />
            <Stat label={t("depositors")} value={team.depositors} testId="team-depositors" />
          </div>
          <div style={{ ...s.stats, marginTop: 12 }}>
            <Stat label={t("teamIncome")} value={showAmount(team.teamIncome, 2)} testId="team-income" />
            <Stat label={t("traders")} value={team.traders} testId="team-traders" />
            {team.levels.map((l) => (
              <Stat
                key={l.level}
                label={t("levelCount", { level: l.level })}
                value={l.count}
                testId={`team-level-${l.level}`}
              />
            ))}
          </div>
        </div>
        <div style={s.card}>
          <div style={s.sectionTitle}>{t("rebates")}</div>
          <div style={s.muted}>{team.rebatesEnabled ? t("rebatesHint", { share: sharePercent }) : t("rebatesOff")}</div>
          <PagedList<RebateRecord>
            path={rewardPaths.rebates}
            keyOf={(r) => r.id}
            renderItem={(r) => <RebateLine r={r} />}
            emptyText={t("noRebates")}
            emptyHint={t("noRebatesHint")}
            ariaLabel={t("rebates")}
          />
        </div>
      </div>
    </div>
  );
}
