// Withdrawals: the review queue and history by status, reviewed against the customer's
// history; approve (pays out), reject with a reason, mark paid (manual payouts) or fail.
// Each is a ledger post or void on the server; a withdrawal the customer cancelled a
// moment before answers 409 and nothing happens twice.

import type { OperatorWithdrawalRecord } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { Button, Descriptions, Drawer, InputNumber, Popconfirm, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, type PostBody, post } from "../../lib/api";
import { formatTime, money, moneyWith } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { CustomerHistory } from "./customer-history";
import { DestinationFields } from "./destination-fields";

const STATUSES = [0, 1, 2, -1, -2] as const;
const STATE_COLOR: Record<string, string> = {
  under_review: "gold",
  paying: "blue",
  failing: "orange",
  paid: "green",
  rejected: "red",
  cancelled: "default",
  failed: "red",
};

/** The review's actions and their endpoints. */
const ACTIONS = {
  approve: walletPaths.operatorWithdrawalApprove,
  reject: walletPaths.operatorWithdrawalReject,
  fail: walletPaths.operatorWithdrawalFail,
  markPaid: walletPaths.operatorWithdrawalMarkPaid,
} as const;
type Action = { [K in keyof typeof ACTIONS]: { path: K; body: PostBody<(typeof ACTIONS)[K]> } }[keyof typeof ACTIONS];

export function WithdrawalsPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const list = usePagedList({
    key: "withdrawals",
    filters: { status: 0 as number, userId: null as number | null },
    fetch: (q) => get(walletPaths.operatorWithdrawalList, q),
  });
  const [open, setOpen] = useState<OperatorWithdrawalRecord | null>(null);
  const [reasonFor, setReasonFor] = useState<"reject" | "fail" | null>(null);
  const action = useAction((v: Action) => post(ACTIONS[v.path], v.body), {
    success: (record) => t("withdrawals.done", { state: t(`withdrawals.states.${record.state}`) }),
    invalidate: [["withdrawals"], ["dashboard"]],
    refreshOnError: true,
    onSuccess: () => {
      setOpen(null);
      setReasonFor(null);
    },
  });
  // Above the four-eyes limit approving alone is refused: a second person approves under Approvals.
  const askSecond = useAction((withdrawalId: number) => post(walletPaths.approvalWithdrawal, { withdrawalId }), {
    success: t("approvals.requested"),
    invalidate: [["approvals"]],
    onSuccess: () => setOpen(null),
  });
  const review = can(role, "walletReview");

  return (
    <div>
      <Typography.Title level={3}>{t("nav.withdrawals")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={list.filters.status}
          style={{ width: 180 }}
          onChange={(v: number) => list.setFilter("status", v)}
          options={STATUSES.map((s) => ({ value: s, label: t(`withdrawals.status.${s}`) }))}
        />
        <InputNumber
          aria-label={t("common.customerId")}
          placeholder={t("common.customerId")}
          min={1}
          style={{ width: 180 }}
          value={list.filters.userId}
          onChange={(v) => list.setFilter("userId", typeof v === "number" ? v : null)}
        />
      </Space>
      <PagedTable<OperatorWithdrawalRecord>
        list={list}
        columns={[
          { title: "ID", dataIndex: "id", width: 80 },
          { title: t("common.customerId"), dataIndex: "userId" },
          { title: t("common.amount"), align: "right", render: (_, r) => moneyWith(r.amount, r.currency) },
          { title: t("withdrawals.receive"), align: "right", render: (_, r) => money(r.receive, r.currency) },
          { title: t("withdrawals.usdt"), align: "right", render: (_, r) => money(r.amountUsdt, "USDT") },
          {
            title: t("common.status"),
            dataIndex: "state",
            render: (s: string, r) => (
              <Space>
                <Tag color={STATE_COLOR[s]}>{t(`withdrawals.states.${s}`)}</Tag>
                {r.flag && <Tag color="red">{t("withdrawals.flagged")}</Tag>}
              </Space>
            ),
          },
          { title: t("common.submittedAt"), dataIndex: "createdAt", render: formatTime },
          { title: t("withdrawals.due"), dataIndex: "reviewDueAt", render: formatTime },
          {
            title: t("common.actions"),
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r)}>
                {r.state === "under_review" && review ? t("withdrawals.review") : t("common.view")}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        size={720}
        title={open ? t("withdrawals.drawerTitle", { id: open.id }) : ""}
        onClose={() => setOpen(null)}
        extra={
          open &&
          review && (
            <Space>
              {open.state === "under_review" && (
                <>
                  <Button danger onClick={() => setReasonFor("reject")}>
                    {t("common.reject")}
                  </Button>
                  <Button loading={askSecond.isPending} onClick={() => askSecond.mutate(open.id)}>
                    {t("approvals.requestApproval")}
                  </Button>
                  <Popconfirm
                    title={t("withdrawals.approveConfirm", {
                      amount: money(open.receive, open.currency),
                      currency: open.currency,
                    })}
                    okText={t("common.confirm")}
                    cancelText={t("common.cancel")}
                    onConfirm={() => action.mutate({ path: "approve", body: { id: open.id } })}
                  >
                    <Button type="primary" loading={action.isPending}>
                      {t("common.approve")}
                    </Button>
                  </Popconfirm>
                </>
              )}
              {open.state === "paying" && (
                <>
                  <Button danger onClick={() => setReasonFor("fail")}>
                    {t("withdrawals.fail")}
                  </Button>
                  <Button
                    type="primary"
                    loading={action.isPending}
                    onClick={() => action.mutate({ path: "markPaid", body: { id: open.id } })}
                  >
                    {t("withdrawals.markPaid")}
                  </Button>
                </>
              )}
            </Space>
          )
        }
      >
        {open && (
          <Space direction="vertical" size="large" style={{ width: "100%" }}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label={t("common.amount")}>{moneyWith(open.amount, open.currency)}</Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.fee")}>{moneyWith(open.fee, open.currency)}</Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.receive")}>
                {moneyWith(open.receive, open.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.usdt")}>{moneyWith(open.amountUsdt, "USDT")}</Descriptions.Item>
              {open.txHash && (
                <Descriptions.Item label={t("withdrawals.txHash")} span={2}>
                  {open.explorerUrl ? (
                    <a href={open.explorerUrl} target="_blank" rel="noreferrer">
                      <code>{open.txHash}</code>
                    </a>
                  ) : (
                    <code>{open.txHash}</code>
                  )}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t("withdrawals.due")}>{formatTime(open.reviewDueAt)}</Descriptions.Item>
              <Descriptions.Item label={t("common.status")}>{t(`withdrawals.states.${open.state}`)}</Descriptions.Item>
              {open.reason && (
                <Descriptions.Item label={t("common.reason")} span={2}>
                  {open.reason}
                </Descriptions.Item>
              )}
              {open.flag && (
                <Descriptions.Item label={t("withdrawals.flagged")} span={2}>
                  {open.flag}
                </Descriptions.Item>
              )}
            </Descriptions>
            <DestinationFields destination={open.destination} />
            <CustomerHistory userId={open.userId} />
          </Space>
        )}
      </Drawer>
      <ReasonModal
        open={reasonFor !== null}
        title={reasonFor === "fail" ? t("withdrawals.failTitle") : t("withdrawals.rejectTitle")}
        busy={action.isPending}
        onCancel={() => setReasonFor(null)}
        onSubmit={(reason) => open && reasonFor && action.mutate({ path: reasonFor, body: { id: open.id, reason } })}
      />
    </div>
  );
}
