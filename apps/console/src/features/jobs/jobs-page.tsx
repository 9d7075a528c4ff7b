// Failed jobs (finance, admin): the dead-letter list of background jobs — those that failed
// their last attempt — newest first, the ones that return money to customers flagged as
// alerts, each with its last error and a button that runs it again (audit-logged).
import type { DeadJob } from "@candor/contract";
import { jobPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Checkbox, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";

export function JobsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const list = usePagedList({
    key: "dead-jobs",
    filters: { onlyAlerts: false },
    fetch: ({ onlyAlerts, ...page }) => get(jobPaths.deadList, { ...page, alert: onlyAlerts ? "true" : undefined }),
  });
  const { onlyAlerts } = list.filters;
  const query = list.query;
  const rerun = useAction((id: number) => post(jobPaths.rerun, { id }), {
    onSuccess: (job) => {
      if (job.status === "done") message.success(t("jobs.rerunDone"));
      else if (job.status === "failed") message.error(t("jobs.rerunFailed", { error: job.lastError ?? "" }));
      else message.warning(t("jobs.rerunPending", { error: job.lastError ?? "" }));
      void client.invalidateQueries({ queryKey: ["dead-jobs"] });
    },
  });
  const nameOf = (name: string) => {
    const names = t("jobs.names", { returnObjects: true }) as Record<string, string>;
    return names[name] ? `${names[name]} (${name})` : name;
  };
  const alerts = query.data?.alerts ?? 0;

  return (
    <div>
      <Typography.Title level={3}>{t("jobs.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("jobs.intro")}</Typography.Paragraph>
      {alerts > 0 && (
        <Alert
          style={{ marginBottom: 16 }}
          type="error"
          showIcon
          role="alert"
          data-testid="jobs-alerts"
          title={t("jobs.alertsBanner", { count: alerts })}
        />
      )}
      <Space style={{ marginBottom: 16 }}>
        <Checkbox checked={onlyAlerts} onChange={(e) => list.setFilter("onlyAlerts", e.target.checked)}>
          {t("jobs.onlyAlerts")}
        </Checkbox>
      </Space>
      <PagedTable<DeadJob>
        list={list}
        locale={{ emptyText: t("jobs.empty") }}
        columns={[
          { title: "#", dataIndex: "id", width: 70 },
          {
            title: t("jobs.job"),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>
                  {r.alert && <Tag color="red">{t("jobs.alert")}</Tag>}
                  {nameOf(r.name)}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t("jobs.key")}: {r.key}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t("jobs.error"),
            dataIndex: "lastError",
            render: (v: string | null) => (
              <Typography.Paragraph style={{ maxWidth: 420, marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>
                {v ?? "—"}
              </Typography.Paragraph>
            ),
          },
          { title: t("jobs.attempts"), render: (_, r) => `${r.attempts} / ${r.maxAttempts}` },
          {
            title: t("jobs.failedAt"),
            dataIndex: "failedAt",
            render: (v: string | null) => (v ? formatTime(v) : "—"),
          },
          { title: t("jobs.reruns"), dataIndex: "reruns" },
          {
            title: t("common.actions"),
            render: (_, r) => (
              <Button
                size="small"
                type="primary"
                loading={rerun.isPending && rerun.variables === r.id}
                onClick={() =>
                  modal.confirm({
                    title: t("jobs.rerunTitle", { key: r.key }),
                    content: t("jobs.rerunText"),
                    okText: t("jobs.rerun"),
                    onOk: () => rerun.mutateAsync(r.id).catch(() => undefined),
                  })
                }
              >
                {t("jobs.rerun")}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
