// Deposits: bank-transfer reconciliation. A waiting deposit is confirmed with the amount
// that actually arrived (credited through the ledger) or rejected with a reason.
import type { OperatorDepositRecord, Page } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, QueryError, usePaging } from "../../app/page-state";
import { ReasonModal } from "../../app/reason-modal";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

const STATUSES = [0, 1, -1] as const;
const COLOR: Record<number, string> = { 0: "gold", 1: "green", [-1]: "red" };

export function DepositsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const paging = usePaging();
  const [status, setStatus] = useState<number>(0);
  const [userId, setUserId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<OperatorDepositRecord | null>(null);
  const [rejecting, setRejecting] = useState<OperatorDepositRecord | null>(null);
  const [form] = Form.useForm<{ receivedAmount: string }>();

  const query = useQuery({
    queryKey: ["deposits", status, userId, paging.pageNo, paging.pageSize],
    queryFn: () =>
      get<Page<OperatorDepositRecord>>("/api/operator/wallet/deposit/list", {
        status,
        userId,
        pageNo: paging.pageNo,
        pageSize: paging.pageSize,
      }),
  });
  const action = useMutation({
    mutationFn: (v: { path: "confirm" | "reject"; body: object }) =>
      post<OperatorDepositRecord>(`/api/operator/wallet/deposit/${v.path}`, v.body),
    onSuccess: () => {
      message.success(t("common.saved"));
      setConfirming(null);
      setRejecting(null);
      void client.invalidateQueries({ queryKey: ["deposits"] });
      void client.invalidateQueries({ queryKey: ["dashboard"] });
    },
    onError: (err) => message.error(errorText(err)),
  });
  const review = can(role, "walletReview");

  return (
    <div>
      <Typography.Title level={3}>{t("nav.deposits")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={status}
          style={{ width: 180 }}
          onChange={(v: number) => {
            setStatus(v);
            paging.reset();
          }}
          options={STATUSES.map((s) => ({ value: s, label: t(`deposits.status.${s}`) }))}
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
        <Table<OperatorDepositRecord>
          rowKey="id"
          loading={query.isLoading}
          dataSource={query.data?.records ?? []}
          pagination={paging.pagination(query.data?.total)}
          columns={[
            { title: "ID", dataIndex: "id", width: 80 },
            { title: t("common.customerId"), dataIndex: "userId" },
            { title: t("deposits.method"), dataIndex: "method", render: (m: string) => t(`deposits.methods.${m}`) },
            { title: t("deposits.requested"), render: (_, r) => `${r.requestedAmount} ${r.currency}` },
            { title: t("deposits.received"), dataIndex: "receivedAmount", render: (v: string | null) => v ?? "—" },
            {
              title: t("common.status"),
              dataIndex: "status",
              render: (s: number, r) => (
                <Space>
                  <Tag color={COLOR[s]}>{t(`deposits.status.${s}`)}</Tag>
                  {r.flag && <Tag color="red">{t("deposits.flagged")}</Tag>}
                </Space>
              ),
            },
            { title: t("common.submittedAt"), dataIndex: "createdAt", render: formatTime },
            {
              title: t("common.actions"),
              render: (_, r) =>
                r.status === 0 && review ? (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => {
                        form.setFieldsValue({ receivedAmount: r.requestedAmount });
                        setConfirming(r);
                      }}
                    >
                      {t("deposits.confirm")}
                    </Button>
                    <Button size="small" danger onClick={() => setRejecting(r)}>
                      {t("common.reject")}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        open={confirming !== null}
        title={t("deposits.confirmTitle", { id: confirming?.id })}
        okText={t("common.confirm")}
        cancelText={t("common.cancel")}
        confirmLoading={action.isPending}
        onCancel={() => setConfirming(null)}
        onOk={() => form.submit()}
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => confirming && action.mutate({ path: "confirm", body: { id: confirming.id, ...v } })}
        >
          <Form.Item
            name="receivedAmount"
            label={t("deposits.receivedLabel", { currency: confirming?.currency })}
            rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: t("form.amountRule") }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Form>
      </Modal>
      <ReasonModal
        open={rejecting !== null}
        title={t("deposits.rejectTitle")}
        busy={action.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && action.mutate({ path: "reject", body: { id: rejecting.id, reason } })}
      />
    </div>
  );
}
