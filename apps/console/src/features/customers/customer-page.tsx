// One customer: profile, balances, live sessions, the read-only ledger history and, for
// finance, an adjustment — always a ledger transfer with a reason the customer sees in
// their balance log, never a balance edit.

import type { BalanceLogRecord } from "@candor/contract";
import { customerPaths, walletPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Popconfirm, Skeleton, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { QueryError } from "../../app/page-state";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post, requestId } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { LimitsCard } from "./limits-card";
import { BalancesTable, CustomerProfile } from "./profile";
import { TradingCard } from "./trading-card";

function Ledger({ id }: { id: number }) {
  const { t } = useTranslation();
  const list = usePagedList({
    key: "customer-ledger",
    scope: [id],
    filters: { currency: "" },
    pageSize: 10,
    fetch: (q) => get(customerPaths.ledger, { ...q, id }),
  });
  return (
    <Card title={t("customers.ledger")}>
      <Input.Search
        aria-label={t("common.currency")}
        placeholder={t("common.currency")}
        allowClear
        style={{ width: 200, marginBottom: 12 }}
        onSearch={(v) => list.setFilter("currency", v.trim().toUpperCase())}
      />
      <PagedTable<BalanceLogRecord>
        list={list}
        size="small"
        columns={[
          { title: t("common.time"), dataIndex: "createdAt", render: formatTime },
          { title: t("customers.kind"), dataIndex: "kind" },
          { title: t("customers.account"), dataIndex: "accountKind" },
          { title: t("common.amount"), render: (_, r) => `${r.amount} ${r.currency}` },
          { title: t("customers.phase"), dataIndex: "phase" },
          { title: t("customers.memo"), dataIndex: "memo" },
        ]}
      />
    </Card>
  );
}

function Adjust({ id }: { id: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ currency: string; amount: string; reason: string }>();
  // One key per intended adjustment: a retried submit never applies twice.
  const [key, setKey] = useState(requestId);
  const [error, setError] = useState<string | null>(null);
  const started = () => {
    form.resetFields();
    setKey(requestId());
    setError(null);
  };
  const adjust = useAction(
    (v: { currency: string; amount: string; reason: string }) =>
      post(walletPaths.operatorAdjust, { userId: id, ...v, clientRequestId: key }),
    {
      success: (r) => t("customers.adjusted", { available: r.available, currency: r.currency }),
      onSuccess: started,
      invalidate: [
        ["customer", id],
        ["customer-ledger", id],
      ],
      onFailure: setError,
    },
  );
  // Above the four-eyes limit: the same adjustment, for a second person's approval.
  const askSecond = useAction(
    (v: { currency: string; amount: string; reason: string }) =>
      post(walletPaths.approvalAdjustment, { userId: id, ...v, clientRequestId: key }),
    { success: t("approvals.requested"), onSuccess: started, onFailure: setError },
  );
  return (
    <Card title={t("customers.adjustTitle")}>
      <Typography.Paragraph type="secondary">{t("customers.adjustHelp")}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="inline" onFinish={(v) => adjust.mutate(v)}>
        <Form.Item name="currency" rules={[{ required: true, message: t("form.required") }]}>
          <Input placeholder={t("common.currency")} aria-label={t("common.currency")} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item
          name="amount"
          rules={[{ required: true, pattern: /^-?\d+(\.\d+)?$/, message: t("form.signedAmountRule") }]}
        >
          <Input placeholder={t("customers.signedAmount")} aria-label={t("customers.signedAmount")} />
        </Form.Item>
        <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t("form.reasonRule") }]}>
          <Input
            placeholder={t("common.reasonForCustomer")}
            aria-label={t("common.reasonForCustomer")}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Popconfirm title={t("customers.adjustConfirm")} onConfirm={() => form.submit()}>
          <Button type="primary" loading={adjust.isPending}>
            {t("customers.adjust")}
          </Button>
        </Popconfirm>
        <Button
          loading={askSecond.isPending}
          onClick={() =>
            form.validateFields().then(
              (v) => askSecond.mutate(v),
              () => undefined,
            )
          }
        >
          {t("approvals.requestApproval")}
        </Button>
      </Form>
    </Card>
  );
}

export function CustomerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ["customer", id],
    queryFn: () => get(customerPaths.detail, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const revoke = useAction((sessionId: number) => post(customerPaths.revokeSession, { userId: id, sessionId }), {
    onSuccess: () => {
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["customer", id] });
    },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  const { profile: p, balances, sessions } = query.data;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={3}>
        <Link to="/customers">{t("nav.customers")}</Link> / {p.username}
      </Typography.Title>
      <Card title={t("customers.profile")}>
        <CustomerProfile profile={p} />
      </Card>
      <Card title={t("customers.balances")}>
        <BalancesTable balances={balances} />
      </Card>
      {can(role, "adjust") && <Adjust id={p.id} />}
      <Card title={t("customers.sessions")}>
        <Table
          size="small"
          rowKey="id"
          dataSource={sessions}
          pagination={false}
          columns={[
            { title: t("customers.device"), dataIndex: "device", ellipsis: true },
            { title: t("customers.lastSeen"), dataIndex: "lastSeenAt", render: formatTime },
            { title: t("customers.expires"), dataIndex: "expiresAt", render: formatTime },
            ...(can(role, "customerSessionRevoke")
              ? [
                  {
                    title: t("common.actions"),
                    render: (_: unknown, s: { id: number }) => (
                      <Popconfirm title={t("customers.revokeConfirm")} onConfirm={() => revoke.mutate(s.id)}>
                        <Button size="small" danger>
                          {t("customers.revoke")}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Ledger id={p.id} />
      <TradingCard id={p.id} />
      <LimitsCard id={p.id} />
    </Space>
  );
}
