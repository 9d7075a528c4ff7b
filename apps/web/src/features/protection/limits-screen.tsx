// Limits and time-out (/limits): deposit and loss limits over rolling windows, the reality
// check, time-out and self-exclusion (issue 34 §2). A lower limit applies at once; raising
// or removing one waits 24 hours and is listed with the time it takes effect. A time-out or
// self-exclusion asks for confirmation: it cannot be undone early.
import type { ExclusionBody, LimitFieldName, UserLimits } from "@candor/contract";
import { LIMIT_FIELD_NAMES, REALITY_CHECK_CHOICES } from "@candor/contract/consumer-protection";
import { Button, Dialog, DotLoading, Input, Selector } from "antd-mobile";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate, plainAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { useExclude, useLimits, useSetLimits } from "./api";
import styles from "./protection.module.css";

type Drafts = Record<LimitFieldName, string>;
const AMOUNT = /^\d{0,12}(\.\d{0,8})?$/;

const draftsOf = (limits: UserLimits): Drafts =>
  Object.fromEntries(LIMIT_FIELD_NAMES.map((f) => [f, limits[f] ?? ""])) as Drafts;

/** The fields whose draft differs from the limit in force: "" = remove the limit. */
export function changedLimits(limits: UserLimits, drafts: Drafts): Partial<Record<LimitFieldName, string | null>> {
  const out: Partial<Record<LimitFieldName, string | null>> = {};
  for (const f of LIMIT_FIELD_NAMES) {
    const draft = drafts[f].trim();
    const next = draft === "" ? null : draft;
    if (next !== (limits[f] ?? null)) out[f] = next;
  }
  return out;
}

export default function LimitsScreen() {
  const { t } = useTranslation("protection");
  const limits = useLimits();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:limits")} />
      {limits.isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : limits.isError ? (
        <EmptyState kind="error" title={t("loadFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void limits.refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : (
        <LimitsForm limits={limits.data} />
      )}
    </div>
  );
}

function LimitsForm({ limits }: { limits: UserLimits }) {
  const { t } = useTranslation("protection");
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(limits));
  useEffect(() => setDrafts(draftsOf(limits)), [limits]);
  const save = useSetLimits();
  const changes = changedLimits(limits, drafts);
  const dirty = Object.keys(changes).length > 0;

  const submit = async () => {
    try {
      const result = await save.mutateAsync(changes);
      showToast(result.pending.length > 0 ? t("savedWithPending") : t("saved"), "success");
    } catch {
      // The API client showed why.
    }
  };

  const field = (f: LimitFieldName) => (
    <div key={f} className={styles.field}>
      <span className={styles.label}>{t(`field.${f}`)}</span>
      <Input
        className={styles.input}
        inputMode="decimal"
        placeholder={t("noLimit")}
        value={drafts[f]}
        aria-label={t(`field.${f}`)}
        onChange={(v) => {
          if (AMOUNT.test(v)) setDrafts((d) => ({ ...d, [f]: v }));
        }}
      />
      <span className={styles.unit}>USDT</span>
    </div>
  );

  return (
    <>
      {limits.exclusion ? <ActiveExclusion exclusion={limits.exclusion} /> : null}
      <p className={styles.intro}>{t("intro")}</p>
      <section className={styles.card} aria-label={t("depositLimits")}>
        <h2 className={styles.title}>{t("depositLimits")}</h2>
        {(["depositDay", "depositWeek", "depositMonth"] as const).map(field)}
      </section>
      <section className={styles.card} aria-label={t("lossLimits")}>
        <h2 className={styles.title}>{t("lossLimits")}</h2>
        <p className={styles.note}>{t("lossHint")}</p>
        {(["lossDay", "lossWeek", "lossMonth"] as const).map(field)}
      </section>
      {limits.pending.length > 0 ? (
        <section className={styles.card} aria-label={t("pendingTitle")}>
          <h2 className={styles.title}>{t("pendingTitle")}</h2>
          <ul className={styles.pending}>
            {limits.pending.map((p) => (
              <li key={p.field}>
                {t("pendingItem", {
                  field: t(`field.${p.field}`),
                  value: p.value === null ? t("noLimit") : `${plainAmount(p.value)} USDT`,
                  at: formatDate(p.effectiveAt, "dateTime"),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className={styles.actions}>
        <Button block color="primary" disabled={!dirty} loading={save.isPending} onClick={() => void submit()}>
          {t("save")}
        </Button>
      </div>
      <RealityCheckChoice limits={limits} />
      <ExclusionChoice />
    </>
  );
}

function ActiveExclusion({ exclusion }: { exclusion: NonNullable<UserLimits["exclusion"]> }) {
  const { t } = useTranslation("protection");
  return (
    <div className={styles.banner} role="status">
      <strong>{t(exclusion.kind === "timeout" ? "activeTimeout" : "activeSelfExclusion")}</strong>
      <span>{t("activeUntil", { until: formatDate(exclusion.until, "dateTime") })}</span>
      <span>{t("activeOpen")}</span>
    </div>
  );
}

function RealityCheckChoice({ limits }: { limits: UserLimits }) {
  const { t } = useTranslation("protection");
  const save = useSetLimits();
  const options = [
    { label: t("off"), value: 0 },
    ...REALITY_CHECK_CHOICES.map((m) => ({ label: t("minutes", { count: m }), value: m })),
  ];
  return (
    <section className={styles.card} aria-label={t("realityCheck")}>
      <h2 className={styles.title}>{t("realityCheck")}</h2>
      <p className={styles.note}>{t("realityCheckHint")}</p>
      <Selector
        columns={3}
        options={options}
        value={[limits.realityCheckMinutes ?? 0]}
        onChange={(v) => {
          const next = v[0];
          if (next === undefined) return;
          save
            .mutateAsync({ realityCheckMinutes: next === 0 ? null : (next as 15 | 30 | 60 | 120) })
            .then(() => showToast(t("saved"), "success"))
            .catch(() => undefined);
        }}
      />
    </section>
  );
}

const TIMEOUTS = ["24h", "7d", "6w"] as const;
const EXCLUSIONS = ["6m", "1y", "2y", "5y"] as const;

function ExclusionChoice() {
  const { t } = useTranslation("protection");
  const exclude = useExclude();
  const take = async (body: ExclusionBody) => {
    const ok = await Dialog.confirm({
      title: t(body.kind === "timeout" ? "confirmTimeoutTitle" : "confirmExclusionTitle", {
        period: t(`period.${body.period}`),
      }),
      content: t("confirmText"),
      confirmText: t("confirm"),
      cancelText: t("common:cancel"),
    });
    if (!ok) return;
    try {
      await exclude.mutateAsync(body);
      showToast(t("excluded"), "success");
    } catch {
      // The API client showed why.
    }
  };
  return (
    <>
      <section className={styles.card} aria-label={t("timeout")}>
        <h2 className={styles.title}>{t("timeout")}</h2>
        <p className={styles.note}>{t("timeoutHint")}</p>
        <div className={styles.choices}>
          {TIMEOUTS.map((period) => (
            <Button key={period} size="small" fill="outline" onClick={() => void take({ kind: "timeout", period })}>
              {t(`period.${period}`)}
            </Button>
          ))}
        </div>
      </section>
      <section className={styles.card} aria-label={t("selfExclusion")}>
        <h2 className={styles.title}>{t("selfExclusion")}</h2>
        <p className={styles.note}>{t("selfExclusionHint")}</p>
        <div className={styles.choices}>
          {EXCLUSIONS.map((period) => (
            <Button
              key={period}
              size="small"
              color="danger"
              fill="outline"
              onClick={() => void take({ kind: "self_exclusion", period })}
            >
              {t(`period.${period}`)}
            </Button>
          ))}
        </div>
      </section>
    </>
  );
}
