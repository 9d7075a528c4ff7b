// Deposits: bank-transfer reconciliation. A waiting deposit is confirmed with the amount
// that actually arrived and the receipt's reference (credited through the ledger; one
// receipt credits one deposit) or rejected with a reason. The amount is typed from the
// receipt, never filled in with the amount the customer announced. A deposit whose
// provider receipt did not match is held for review: the list and the dialog say why.

import type { OperatorDepositRecord } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, type PostBody, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

const STATUSES = [0, 1, -1] as const;
const COLOR: Record<number, string> = { 0: "gold", 1: "green", [-1]: "red" };

/** The review's actions and their endpoints. */
const ACTIONS = {
  confirm: walletPaths.operatorDepositConfirm,
  reject: walletPaths.operatorDepositReject,
} as const;
type Action = { [K in keyof typeof ACTIONS]: { path: K; body: PostBody<(typeof ACTIONS)[K]> } }[keyof typeof ACTIONS];

export function DepositsPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const list = usePagedList({
    key: "deposits",
    filters: { status: 0 as number, userId: null as number | null },
    fetch: (q) => get(walletPaths.operatorDepositList, q),
  });
  const [confirming, setConfirming] = useState<OperatorDepositRecord | null>(null);
  const [rejecting, setRejecting] = useState<OperatorDepositRecord | null>(null);
  const [form] = Form.useForm<{ receivedAmount: string; reference: string }>();
  const action = useAction((v: Action) => post(ACTIONS[v.path], v.body), {
    success: t("common.saved"),
    invalidate: [["deposits"], ["dashboard"]],
    onSuccess: () => {
      setConfirming(null);
      setRejecting(null);
    },
  });
  const review = can(role, "walletReview");

  return (
    <div>
      <Typography.Title level={3}>{t("nav.deposits")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={list.filters.status}
          style={{ width: 180 }}
          onChange={(v: number) => list.setFilter("status", v)}
          options={STATUSES.map((s) => ({ value: s, label: t(`deposits.status.${s}`) }))}
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
      <PagedTable<OperatorDepositRecord>
        list={list}
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
              <Space direction="vertical" size={2}>
                <Space>
                  <Tag color={COLOR[s]}>{t(`deposits.status.${s}`)}</Tag>
                  {r.flag && <Tag color="red">{t(s === 0 ? "deposits.held" : "deposits.flagged")}</Tag>}
                </Space>
                {r.flag && s === 0 && <Typography.Text type="danger">{r.flag}</Typography.Text>}
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
                      form.resetFields();
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
      <Modal
        open={confirming !== null}
        title={t("deposits.confirmTitle", { id: confirming?.id })}
        okText={t("common.confirm")}
        cancelText={t("common.cancel")}
        confirmLoading={action.isPending}
        onCancel={() => setConfirming(null)}
        onOk={() => form.submit()}
      >
        {confirming?.flag && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t("deposits.held")}
            description={t("deposits.heldWhy", { flag: confirming.flag })}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => confirming && action.mutate({ path: "confirm", body: { id: confirming.id, ...v } })}
        >
          <Form.Item
            name="receivedAmount"
            label={t("deposits.receivedLabel", { currency: confirming?.currency })}
            extra={t("deposits.receivedHelp", { amount: confirming?.requestedAmount, currency: confirming?.currency })}
            rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: t("form.amountRule") }]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="reference"
            label={t("deposits.reference")}
            extra={t("deposits.referenceHelp")}
            rules={[{ required: true, whitespace: true, max: 200, message: t("deposits.referenceRule") }]}
          >
            <Input autoComplete="off" />
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
