// /fuliCenter: the welfare centre. Personal and team tasks with live progress; a finished
// task is claimed once and the reward reaches the balance (ledger, visible in the log).
import type { RewardTask, TaskEvent, TaskScope } from "@candor/contract";
import { Button, ProgressBar, Tabs } from "antd-mobile";
import { type CSSProperties, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { showAmount } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { useClaim, useTasks } from "./api";
import { s } from "./styles";

/** Where a customer goes to do what a personal task asks. */
const GO: Record<TaskEvent, string> = {
  kyc_verified: routes.identityVerification,
  deposit: routes.deposit,
  trade: routes.contract,
  earn_order: routes.arbitrage,
  totp_enabled: routes.googleAuthenticator,
};

function TaskItem({ task }: { task: RewardTask }) {
  const { t } = useTranslation("rewards");
  const navigate = useNavigate();
  const claim = useClaim();
  const percent = Math.round((Math.min(task.progress, task.target) / task.target) * 100);
  const onClaim = () =>
    claim.mutate(task.id, {
      onSuccess: (r) => showToast(t("claimed", { amount: showAmount(r.reward, 2), currency: r.currency }), "success"),
    });
  return (
    <div style={s.task} data-testid={`task-${task.event}`} data-status={task.status}>
      <div style={s.row}>
        <span style={s.taskTitle}>{task.title}</span>
        <span style={s.reward}>
          +{showAmount(task.reward, 2)} {task.currency}
        </span>
      </div>
      <ProgressBar
        percent={percent}
        style={{ "--fill-color": task.status === "open" ? "#3a66d6" : "#52c41a" } as CSSProperties}
      />
      <div style={s.row}>
        <span style={s.muted}>{t("progress", { progress: task.progress, target: task.target })}</span>
        {task.status === "done" ? (
          <Button size="mini" color="danger" loading={claim.isPending} onClick={onClaim}>
            {t("claim")}
          </Button>
        ) : task.status === "claimed" ? (
          <Button size="mini" disabled>
            {t("claimedShort")}
          </Button>
        ) : (
          <Button
            size="mini"
            color="primary"
            fill="outline"
            onClick={() => navigate(task.scope === "team" ? routes.teamInvitation : GO[task.event])}
          >
            {task.scope === "team" ? t("invite") : t("go")}
          </Button>
        )}
      </div>
    </div>
  );
}

function TaskList({ scope }: { scope: TaskScope }) {
  const { t } = useTranslation("rewards");
  const q = useTasks(scope);
  if (q.isPending) return <CenteredLoading />;
  if (q.isError) return <LoadFailed onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <div style={s.muted}>{t("noTasks")}</div>;
  return (
    <div style={s.card}>
      {q.data.map((task) => (
        <TaskItem key={task.id} task={task} />
      ))}
    </div>
  );
}

export default function WelfareScreen() {
  const { t } = useTranslation("rewards");
  const [scope, setScope] = useState<TaskScope>("personal");
  return (
    <div style={s.page}>
      <PageHeader title={t("routes:welfareCentre")} />
      <Tabs activeKey={scope} onChange={(k) => setScope(k === "team" ? "team" : "personal")}>
        <Tabs.Tab key="personal" title={t("personal")} />
        <Tabs.Tab key="team" title={t("team")} />
      </Tabs>
      <div style={s.body}>
        <div style={s.muted}>{scope === "team" ? t("teamHint") : t("personalHint")}</div>
        <TaskList scope={scope} />
      </div>
    </div>
  );
}
