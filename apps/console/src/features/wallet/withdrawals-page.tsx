// Withdrawals: the review queue and history by status, reviewed against the customer's
// history; approve (pays out), reject with a reason, mark paid (manual payouts) or fail.
// Each is a ledger post or void on the server; a withdrawal the customer cancelled a
// moment before answers 409 and nothing happens twice.
import type { OperatorWithdrawalRecord, Page } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Descriptions,
  Drawer,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, QueryError, usePaging } from "../../app/page-state";
import { ReasonModal } from "../../app/reason-modal";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { CustomerHistory } from "./customer-history";

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

export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const paging = usePaging();
  const [status, setStatus] = useState<number>(0);
  const [userId, setUserId] = useState<number | null>(null);
  const [open, setOpen] = useState<OperatorWithdrawalRecord | null>(null);
  const [reasonFor, setReasonFor] = useState<"reject" | "fail" | null>(null);

  const query = useQuery({
    queryKey: ["withdrawals", status, userId, paging.pageNo, paging.pageSize],
    queryFn: () =>
      get<Page<OperatorWithdrawalRecord>>("/api/operator/wallet/withdrawal/list", {
        status,
        userId,
        pageNo: paging.pageNo,
        pageSize: paging.pageSize,
      }),
  });
  const action = useMutation({
    mutationFn: (v: { path: string; body: object }) =>
      post<OperatorWithdrawalRecord>(`/api/operator/wallet/withdrawal/${v.path}`, v.body),
    onSuccess: (record) => {
      message.success(t("withdrawals.done", { state: t(`withdrawals.states.${record.state}`) }));
      setOpen(null);
      setReasonFor(null);
      void client.invalidateQueries({ queryKey: ["withdrawals"] });
      void client.invalidateQueries({ queryKey: ["dashboard"] });
    },
    onError: (err) => {
      message.error(errorText(err));
      void client.invalidateQueries({ queryKey: ["withdrawals"] });
    },
  });
  const review = can(role, "walletReview");

  return (
    <div>
      <Typography.Title level={3}>{t("nav.withdrawals")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={status}
          style={{ width: 180 }}
          onChange={(v: number) => {
            setStatus(v);
            paging.reset();
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`withdrawals.status.${s}`) }))}
        />
        <InputNumber
          aria-label={t("common.customerId")}
          placeholder={t("common.customerId")}
          min={1}
          style={{ width: 180 }}
          value={userId}
          onChange={(v) => {
            setUserId(typeof v === "number" ? v : null);
            paging.reset();
          }}
        />
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<OperatorWithdrawalRecord>
          rowKey="id"
          loading={query.isLoading}
          dataSource={query.data?.records ?? []}
          pagination={paging.pagination(query.data?.total)}
          columns={[
            { title: "ID", dataIndex: "id", width: 80 },
            { title: t("common.customerId"), dataIndex: "userId" },
            { title: t("common.amount"), render: (_, r) => `${r.amount} ${r.currency}` },
            { title: t("withdrawals.receive"), dataIndex: "receive" },
            { title: t("withdrawals.usdt"), dataIndex: "amountUsdt" },
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
      )}
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
                  <Popconfirm
                    title={t("withdrawals.approveConfirm", { amount: open.receive, currency: open.currency })}
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
              <Descriptions.Item label={t("common.amount")}>
                {open.amount} {open.currency}
              </Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.fee")}>{open.fee}</Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.receive")}>{open.receive}</Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.usdt")}>{open.amountUsdt}</Descriptions.Item>
              <Descriptions.Item label={t("withdrawals.destination")} span={2}>
                <code>{JSON.stringify(open.destination)}</code>
              </Descriptions.Item>
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
