// Verification result (/renzhengResult): where basic and advanced verification stand,
// with the reason and a retry for a rejection.
import type { KycState, KycStatus } from "@candor/contract";
import { Button, Card, Result } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { useKycStatus } from "./api";
import styles from "./kyc.module.css";
import { Loadable, StatusTag } from "./status-view";

type Level = "basic" | "advanced";
const FORM_PATH: Record<Level, string> = { basic: routes.identityVerification, advanced: routes.advancedVerification };
const RESULT_STATUS = { none: "info", pending: "waiting", rejected: "error", passed: "success" } as const;

/** The headline: the step the customer is at (advanced once basic has passed). */
export function headline(state: KycState): { level: Level; status: KycStatus } {
  if (state.basic.status === "passed" && state.advanced.status !== "none")
    return { level: "advanced", status: state.advanced.status };
  return { level: "basic", status: state.basic.status };
}

export default function ResultScreen() {
  const { t } = useTranslation("kyc");
  const status = useKycStatus();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:verificationResult")} />
      <Loadable pending={status.isPending} error={status.isError} onRetry={() => void status.refetch()}>
        {() => (status.data ? <ResultBody state={status.data} /> : null)}
      </Loadable>
    </div>
  );
}

function ResultBody({ state }: { state: KycState }) {
  const { t } = useTranslation("kyc");
  const top = headline(state);
  return (
    <>
      <Result
        status={RESULT_STATUS[top.status]}
        title={t(`headline.${top.level}.${top.status}`)}
        description={t(`headlineText.${top.status}`)}
      />
      <LevelCard level="basic" state={state} />
      <LevelCard level="advanced" state={state} />
    </>
  );
}

function LevelCard({ level, state }: { level: Level; state: KycState }) {
  const { t } = useTranslation("kyc");
  const navigate = useNavigate();
  const s = state[level];
  const locked = level === "advanced" && state.basic.status !== "passed";
  const canSubmit = level === "basic" ? state.canSubmitBasic : state.canSubmitAdvanced;
  return (
    <section aria-label={t(level)} className={styles.levelSection}>
      <Card title={t(level)} extra={<StatusTag status={s.status} />}>
        {level === "basic" && state.basic.documentType ? (
          <Row label={t("documentType")} value={t(state.basic.documentType === "passport" ? "passport" : "idCard")} />
        ) : null}
        {s.submittedAt ? <Row label={t("submittedAt")} value={formatDate(s.submittedAt)} /> : null}
        {s.reviewedAt ? <Row label={t("reviewedAt")} value={formatDate(s.reviewedAt)} /> : null}
        {s.status === "rejected" ? (
          <p className={styles.reason}>{s.rejectReason ? t("reason", { reason: s.rejectReason }) : t("noReason")}</p>
        ) : null}
        <p className={styles.levelText}>{locked ? t("advancedLocked") : t(`levelText.${level}.${s.status}`)}</p>
        {canSubmit ? (
          <Button
            block
            color="primary"
            fill={s.status === "rejected" ? "solid" : "outline"}
            onClick={() => navigate(FORM_PATH[level])}
          >
            {s.status === "rejected" ? t("retry") : t(level === "basic" ? "start" : "startAdvanced")}
          </Button>
        ) : null}
      </Card>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>{label}</span>
      <span className={styles.rowValue}>{value}</span>
    </div>
  );
}
