// Four-eyes approvals (finance, admin): staff money movements above the limit wait here
// for a second person, who approves (the server carries them out through the ledger) or
// rejects with a note. The requester cannot approve their own; they may withdraw it.

import type { MoneyApproval, MoneyApprovalStatus } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { Button, Popconfirm, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, type PostBody, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { useSession } from "../../lib/session";

const STATUSES: MoneyApprovalStatus[] = ["pending", "approving", "approved", "rejected", "failed"];
const COLOR: Record<MoneyApprovalStatus, string> = {
  pending: "gold",
  approving: "blue",
  approved: "green",
  rejected: "default",
  failed: "red",
};

/** The decisions and their endpoints. */
const ACTIONS = { approve: walletPaths.approvalApprove, reject: walletPaths.approvalReject } as const;
type Action = { [K in keyof typeof ACTIONS]: { path: K; body: PostBody<(typeof ACTIONS)[K]> } }[keyof typeof ACTIONS];

export function ApprovalsPage() {
  const { t } = useTranslation();
  const me = useSession()?.staff.id;
  const [rejecting, setRejecting] = useState<MoneyApproval | null>(null);

  const list = usePagedList({
    key: "approvals",
    filters: { status: "pending" as MoneyApprovalStatus },
    fetch: (q) => get(walletPaths.approvalList, q),
  });
  const { status } = list.filters;
  const decide = useAction((v: Action) => post(ACTIONS[v.path], v.body), {
    success: (r) => (r.status === "rejected" ? t("approvals.rejected") : t("approvals.approved")),
    onSuccess: () => setRejecting(null),
    invalidate: [["approvals"], ["withdrawals"]],
    refreshOnError: true,
  });

  return (
    <div>
      <Typography.Title level={3}>{t("nav.approvals")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("approvals.help")}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={status}
          style={{ width: 240 }}
          onChange={(v: MoneyApprovalStatus) => list.setFilter("status", v)}
          options={STATUSES.map((s) => ({ value: s, label: t(`approvals.status.${s}`) }))}
        />
      </Space>
      <PagedTable<MoneyApproval>
        list={list}
        columns={[
          { title: "ID", dataIndex: "id", width: 70 },
          {
            title: t("approvals.kind"),
            render: (_, r) =>
              r.kind === "withdrawal"
                ? `${t("approvals.kinds.withdrawal")} #${r.withdrawalId}`
                : t("approvals.kinds.adjustment"),
          },
          { title: t("common.customerId"), dataIndex: "userId" },
          { title: t("common.amount"), render: (_, r) => `${r.amount} ${r.currency}` },
          { title: "USDT", dataIndex: "amountUsdt", render: (v: string | null) => v ?? "—" },
          { title: t("common.reason"), dataIndex: "reason" },
          {
            title: t("approvals.requestedBy"),
            render: (_, r) => `${r.requestedBy} · ${formatTime(r.requestedAt)}`,
          },
          {
            title: t("common.status"),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={COLOR[r.status]}>{t(`approvals.status.${r.status}`)}</Tag>
                {r.decidedBy && (
                  <Typography.Text type="secondary">{`${t("approvals.decidedBy")}: ${r.decidedBy}`}</Typography.Text>
                )}
                {r.decisionNote && <Typography.Text type="secondary">{r.decisionNote}</Typography.Text>}
                {r.failure && <Typography.Text type="danger">{r.failure}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t("common.actions"),
            render: (_, r) =>
              r.status !== "pending" ? null : (
                <Space>
                  {r.requestedById === me ? (
                    <Typography.Text type="secondary">{t("approvals.yours")}</Typography.Text>
                  ) : (
                    <Popconfirm
                      title={t("approvals.approveConfirm", {
                        amount: r.amount,
                        currency: r.currency,
                        userId: r.userId,
                      })}
                      okText={t("common.confirm")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => decide.mutate({ path: "approve", body: { id: r.id } })}
                    >
                      <Button size="small" type="primary" loading={decide.isPending}>
                        {t("common.approve")}
                      </Button>
                    </Popconfirm>
                  )}
                  <Button size="small" danger onClick={() => setRejecting(r)}>
                    {r.requestedById === me ? t("approvals.withdraw") : t("common.reject")}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t("approvals.rejectTitle")}
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(note) => rejecting && decide.mutate({ path: "reject", body: { id: rejecting.id, note } })}
      />
    </div>
  );
}
