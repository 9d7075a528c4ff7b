// /vipLevel: my level (it follows total assets, up and down), progress to the next level,
// my Monday red envelopes, and the rules: every level's threshold and benefits.
import type { RedEnvelope, VipGift, VipLevel } from "@candor/contract";
import { barPercent } from "@candor/domain";
import { Button, ProgressBar } from "antd-mobile";
import { GiftOutline } from "antd-mobile-icons";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { formatDate, showAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { useClaimGift, useLevels, useMyVip, useOpenEnvelope } from "./api";
import { s } from "./styles";

function Envelope({ envelope }: { envelope: RedEnvelope }) {
  const { t } = useTranslation("rewards");
  const open = useOpenEnvelope();
  return (
    <div style={s.envelope} data-testid="envelope" data-status={envelope.status}>
      <GiftOutline style={s.envelopeIcon} />
      <div style={{ flex: 1 }}>
        <div>{t("envelopeOf", { level: envelope.level })}</div>
        <div style={s.muted}>
          {envelope.status === "unopened"
            ? t("openBefore", { time: formatDate(envelope.expiresAt, "dateTime") })
            : envelope.status === "opened"
              ? `${showAmount(envelope.amount, 2)} ${envelope.currency} · ${formatDate(envelope.openedAt, "dateTime")}`
              : t("expired")}
        </div>
      </div>
      {envelope.status === "unopened" ? (
        <Button
          size="mini"
          color="danger"
          loading={open.isPending}
          onClick={() =>
            open.mutate(envelope.id, {
              onSuccess: (r) =>
                showToast(t("opened", { amount: showAmount(r.amount, 2), currency: r.currency }), "success"),
            })
          }
        >
          {t("open")}
        </Button>
      ) : null}
    </div>
  );
}

function Gift({ gift }: { gift: VipGift }) {
  const { t } = useTranslation("rewards");
  const claim = useClaimGift();
  return (
    <div style={s.envelope} data-testid="gift" data-claimed={gift.claimedAt ? "yes" : "no"}>
      <GiftOutline style={s.envelopeIcon} />
      <div style={{ flex: 1 }}>
        <div>{t("giftOf", { level: gift.level })}</div>
        <div style={s.muted}>
          {showAmount(gift.amount, 2)} {gift.currency}
          {gift.claimedAt ? ` · ${t("claimedOn", { time: formatDate(gift.claimedAt, "dateTime") })}` : ""}
        </div>
      </div>
      {gift.claimedAt ? null : (
        <Button
          size="mini"
          color="danger"
          loading={claim.isPending}
          onClick={() =>
            claim.mutate(gift.level, {
              onSuccess: (r) =>
                showToast(t("opened", { amount: showAmount(r.amount, 2), currency: r.currency }), "success"),
            })
          }
        >
          {t("claim")}
        </Button>
      )}
    </div>
  );
}

function LevelRules({ levels, current }: { levels: VipLevel[]; current: number }) {
  const { t } = useTranslation("rewards");
  return (
    <div style={s.card}>
      <div style={s.sectionTitle}>{t("rules")}</div>
      <div style={s.muted}>{t("rulesHint")}</div>
      {levels.map((l) => (
        <div key={l.level} style={l.level === current ? { ...s.levelRow, ...s.current } : s.levelRow}>
          <div style={s.row}>
            <strong>{l.name}</strong>
            <span style={s.muted}>{t("threshold", { amount: showAmount(l.minAssetsUsdt, 0) })}</span>
          </div>
          {l.level > 0 ? (
            <ul style={{ margin: "4px 0 0", paddingLeft: 18, fontSize: 13 }}>
              <li>{t("giftOnce", { amount: showAmount(l.gift, 2), currency: l.currency })}</li>
              <li>{t("weekly", { amount: showAmount(l.weeklyRedEnvelope, 2), currency: l.currency })}</li>
              {l.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : (
            <div style={s.muted}>{t("levelZero")}</div>
          )}
        </div>
      ))}
    </div>
  );
}

export default function VipScreen() {
  const { t } = useTranslation("rewards");
  const vip = useMyVip();
  const levels = useLevels();
  if (vip.isPending || levels.isPending) {
    return (
      <div style={s.page}>
        <PageHeader title={t("routes:vipLevel")} />
        <CenteredLoading />
      </div>
    );
  }
  if (vip.isError || levels.isError) {
    return (
      <div style={s.page}>
        <PageHeader title={t("routes:vipLevel")} />
        <LoadFailed
          onRetry={() => {
            void vip.refetch();
            void levels.refetch();
          }}
        />
      </div>
    );
  }
  const me = vip.data;
  return (
    <div style={s.page}>
      <PageHeader title={t("routes:vipLevel")} />
      <div style={s.body}>
        <div style={s.hero} data-testid="vip-hero">
          <div style={s.heroMuted}>{t("currentLevel")}</div>
          <div style={s.heroTitle}>{me.name}</div>
          <div style={s.heroMuted}>{t("totalAssets", { amount: showAmount(me.totalAssetsUsdt, 2) })}</div>
          <div style={{ marginTop: 12 }}>
            <ProgressBar
              percent={Math.round(barPercent(me.progress, 1))}
              style={{ "--track-color": "rgba(255,255,255,0.3)", "--fill-color": "#ffd666" } as CSSProperties}
            />
          </div>
          <div style={{ ...s.heroMuted, marginTop: 6 }}>
            {me.nextLevel === null
              ? t("topLevel")
              : t("toNext", { amount: showAmount(me.missingUsdt, 2), level: me.nextLevel })}
          </div>
        </div>
        {me.gifts.length > 0 ? (
          <div style={s.card}>
            <div style={s.sectionTitle}>{t("gifts")}</div>
            {me.gifts.map((g) => (
              <Gift key={g.level} gift={g} />
            ))}
          </div>
        ) : null}
        <div style={s.card}>
          <div style={s.sectionTitle}>{t("envelopes")}</div>
          <div style={s.muted}>{t("envelopesHint")}</div>
          {me.envelopes.length === 0 ? (
            <div style={{ ...s.muted, padding: "12px 0" }}>{t("noEnvelopes")}</div>
          ) : (
            me.envelopes.map((e) => <Envelope key={e.id} envelope={e} />)
          )}
        </div>
        <LevelRules levels={levels.data} current={me.level} />
      </div>
    </div>
  );
}
