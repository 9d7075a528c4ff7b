// Audit log (admin): every staff action with who, when, what (in words, the recorded key
// beside it) on which target, and before/after, newest first; the button recomputes the
// hash chain on the server.

import type { AuditRecord } from "@candor/contract";
import { staffPaths } from "@candor/contract/paths";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Input, InputNumber, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/page-state";
import { PagedTable, usePagedList } from "../../kit";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { actionWords, targetWords } from "./action-words";

const json = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v, null, 2));

export function AuditPage() {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  const list = usePagedList({
    key: "audit",
    filters: { action: "", staffId: null as number | null },
    fetch: (q) => get(staffPaths.auditList, q),
  });
  const { staffId } = list.filters;
  const verify = useMutation({ mutationFn: () => get(staffPaths.auditVerify) });

  return (
    <div>
      <Typography.Title level={3}>{t("nav.audit")}</Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          aria-label={t("audit.action")}
          placeholder={t("audit.action")}
          allowClear
          onSearch={(v) => list.setFilter("action", v.trim())}
        />
        <InputNumber
          aria-label={t("audit.staffId")}
          placeholder={t("audit.staffId")}
          min={1}
          value={staffId}
          onChange={(v) => list.setFilter("staffId", typeof v === "number" ? v : null)}
        />
        <Button onClick={() => verify.mutate()} loading={verify.isPending}>
          {t("audit.verify")}
        </Button>
      </Space>
      {verify.data && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          data-testid="audit-verification"
          type={verify.data.valid ? "success" : "error"}
          title={
            verify.data.valid
              ? t("audit.valid", { n: verify.data.checked })
              : t("audit.broken", { id: verify.data.brokenAtId, reason: verify.data.reason })
          }
        />
      )}
      {verify.isError && <Alert style={{ marginBottom: 16 }} type="error" showIcon title={errorText(verify.error)} />}
      <PagedTable<AuditRecord>
        list={list}
        expandable={{
          expandedRowRender: (r) => (
            <Space align="start" size="large">
              <div>
                <Typography.Text strong>{t("audit.before")}</Typography.Text>
                <pre style={{ maxWidth: 520, whiteSpace: "pre-wrap" }}>{json(r.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t("audit.after")}</Typography.Text>
                <pre style={{ maxWidth: 520, whiteSpace: "pre-wrap" }}>{json(r.after)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t("audit.hash")}</Typography.Text>
                <pre style={{ fontSize: 11 }}>{r.hash}</pre>
              </div>
            </Space>
          ),
        }}
        columns={[
          { title: "#", dataIndex: "id", width: 70 },
          { title: t("common.time"), dataIndex: "createdAt", render: formatTime },
          { title: t("audit.who"), render: (_, r) => `${r.username} (${t(`roles.${r.role}`, r.role)})` },
          {
            title: t("audit.action"),
            dataIndex: "action",
            render: (action: string) => (
              <div data-testid="audit-action">
                {actionWords(action, t, exists)}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {action}
                  </Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: t("audit.target"),
            render: (_, r) => (
              <span data-testid="audit-target">{targetWords(r.targetType, r.targetId, t, exists)}</span>
            ),
          },
          { title: t("audit.ip"), dataIndex: "ip" },
        ]}
      />
    </div>
  );
}
