// Earn: products (create, edit, open / pause / end), debt claims (repayments, default with
// recovery, calling off a raise), the mining formula's network reward, and every customer's
// orders. The server decides who may do what; the screen hides what the role would be refused.
import type { EarnType, OperatorEarnOrder, OperatorEarnProduct } from "@candor/contract";
import { earnPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post, put, requestId } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { type ProductFormValues, productBody, TYPES } from "./product-body";
import { ProductForm } from "./product-form";

const STATUS_COLOR: Record<string, string> = {
  open: "green",
  upcoming: "blue",
  paused: "gold",
  sold_out: "purple",
  ended: "default",
};
type DebtAction = { product: OperatorEarnProduct; kind: "repayment" | "default" };

export function EarnPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  // The product list is the administrator's (the server refuses it to the others): the tab
  // shows only to a role that may open it (test/permissions.test.ts).
  return (
    <div>
      <Typography.Title level={3}>{t("nav.earn")}</Typography.Title>
      <Tabs
        items={[
          ...(can(role, "earnProducts")
            ? [{ key: "products", label: t("earn.products"), children: <ProductsTab /> }]
            : []),
          { key: "orders", label: t("earn.orders"), children: <OrdersTab /> },
        ]}
      />
    </div>
  );
}

function ProductsTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const [type, setType] = useState<EarnType | undefined>(undefined);
  const [editing, setEditing] = useState<OperatorEarnProduct | null | "new">(null);
  const [debt, setDebt] = useState<DebtAction | null>(null);
  const [debtForm] = Form.useForm<{ kind: "interest" | "principal"; amount: string; note: string }>();
  const manage = can(role, "earnProducts");
  const query = useQuery({
    queryKey: ["earn-products", type],
    queryFn: () => get(earnPaths.operatorProducts, { type }),
    enabled: manage,
  });
  const done = () => {
    message.success(t("common.saved"));
    void client.invalidateQueries({ queryKey: ["earn-products"] });
    void client.invalidateQueries({ queryKey: ["earn-orders"] });
  };
  const save = useAction(
    (v: ProductFormValues) => {
      const current = editing === "new" ? null : editing;
      const body = productBody(v, current);
      return current
        ? put(earnPaths.operatorProduct, body, { id: current.id })
        : post(earnPaths.operatorProducts, body);
    },
    {
      onSuccess: () => {
        setEditing(null);
        done();
      },
    },
  );
  const act = useAction((call: () => Promise<unknown>) => call(), {
    onSuccess: () => {
      setDebt(null);
      done();
    },
  });
  if (!manage) return <Typography.Paragraph>{t("earn.productsAdminOnly")}</Typography.Paragraph>;
  const status = (p: OperatorEarnProduct, s: "open" | "paused" | "ended") =>
    act.mutate(() => post(earnPaths.operatorProductStatus, { status: s }, { id: p.id }));
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("earn.type")}
          allowClear
          placeholder={t("earn.allTypes")}
          style={{ width: 200 }}
          value={type}
          onChange={(v?: EarnType) => setType(v)}
          options={TYPES.map((v) => ({ value: v, label: t(`earn.types.${v}`) }))}
        />
        <Button type="primary" onClick={() => setEditing("new")}>
          {t("earn.newProduct")}
        </Button>
        <MiningReward />
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<OperatorEarnProduct>
          rowKey="id"
          loading={query.isLoading}
          dataSource={query.data ?? []}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: t("earn.noProducts") }}
          columns={[
            { title: "ID", dataIndex: "id", width: 60 },
            { title: t("earn.type"), dataIndex: "type", render: (v: string) => t(`earn.types.${v}`) },
            { title: t("earn.name"), dataIndex: "name" },
            {
              title: t("earn.dailyRate"),
              dataIndex: "dailyRate",
              render: (v: string | null) => v ?? t("earn.notFixed"),
            },
            { title: t("earn.termDays"), dataIndex: "termDays" },
            { title: t("earn.limits"), render: (_, p) => `${p.minAmount} – ${p.maxAmount} ${p.currency}` },
            { title: t("earn.sold"), render: (_, p) => `${p.soldAmount}${p.totalAmount ? ` / ${p.totalAmount}` : ""}` },
            {
              title: t("common.status"),
              render: (_, p) => (
                <Space>
                  <Tag color={STATUS_COLOR[p.status]}>{t(`earn.status.${p.status}`)}</Tag>
                  {p.debtState && <Tag>{t(`earn.debtState.${p.debtState}`)}</Tag>}
                </Space>
              ),
            },
            {
              title: t("common.actions"),
              render: (_, p) => (
                <Space wrap>
                  <Button size="small" onClick={() => setEditing(p)}>
                    {t("common.edit")}
                  </Button>
                  {p.operatorStatus !== "open" && (
                    <Button size="small" onClick={() => status(p, "open")}>
                      {t("earn.open")}
                    </Button>
                  )}
                  {p.operatorStatus === "open" && (
                    <Button size="small" onClick={() => status(p, "paused")}>
                      {t("earn.pause")}
                    </Button>
                  )}
                  {p.operatorStatus !== "ended" && (
                    <Button size="small" danger onClick={() => status(p, "ended")}>
                      {t("earn.end")}
                    </Button>
                  )}
                  {p.type === "debt" &&
                    (p.debtState === "running" || p.debtState === "overdue") &&
                    can(role, "earnDebt") && (
                      <>
                        <Button size="small" onClick={() => setDebt({ product: p, kind: "repayment" })}>
                          {t("earn.recordRepayment")}
                        </Button>
                        <Button size="small" danger onClick={() => setDebt({ product: p, kind: "default" })}>
                          {t("earn.recordDefault")}
                        </Button>
                      </>
                    )}
                  {p.type === "debt" && p.debtState === "raising" && can(role, "earnDebt") && (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t("earn.cancelRaise"),
                          content: t("earn.cancelRaiseText"),
                          onOk: () => act.mutate(() => post(earnPaths.operatorDebtCancel, undefined, { id: p.id })),
                        })
                      }
                    >
                      {t("earn.cancelRaise")}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <ProductForm
        open={editing !== null}
        product={editing === "new" ? null : editing}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v) => save.mutate(v)}
      />
      <Modal
        open={debt !== null}
        title={debt ? t(debt.kind === "repayment" ? "earn.recordRepayment" : "earn.recordDefault") : ""}
        okText={t("common.confirm")}
        cancelText={t("common.cancel")}
        confirmLoading={act.isPending}
        onCancel={() => setDebt(null)}
        onOk={() => debtForm.submit()}
        afterOpenChange={(open) => open && debtForm.resetFields()}
      >
        <Typography.Paragraph>{debt && t(`earn.${debt.kind}Help`)}</Typography.Paragraph>
        <Form
          form={debtForm}
          layout="vertical"
          initialValues={{ kind: "interest" }}
          onFinish={(v) =>
            debt &&
            act.mutate(() =>
              debt.kind === "repayment"
                ? post(
                    earnPaths.operatorDebtRepayment,
                    { kind: v.kind, amount: v.amount, note: v.note, clientRequestId: requestId() },
                    { id: debt.product.id },
                  )
                : post(
                    earnPaths.operatorDebtDefault,
                    { recoveredAmount: v.amount, note: v.note, clientRequestId: requestId() },
                    { id: debt.product.id },
                  ),
            )
          }
        >
          {debt?.kind === "repayment" && (
            <Form.Item name="kind" label={t("earn.repaymentKind")}>
              <Select options={["interest", "principal"].map((k) => ({ value: k, label: t(`earn.repayment.${k}`) }))} />
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t(debt?.kind === "default" ? "earn.recovered" : "common.amount")}
            rules={[{ required: true, pattern: /^\d+(\.\d+)?$/, message: t("form.amountRule") }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="note"
            label={t("earn.note")}
            rules={[{ required: debt?.kind === "default", max: 500, message: t("form.reasonRule") }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function MiningReward() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["earn-mining"],
    queryFn: () => get(earnPaths.operatorMiningSettings),
  });
  const [value, setValue] = useState<string>("");
  const save = useAction(() => post(earnPaths.operatorMiningSettings, { rewardPerThDay: value }), {
    onSuccess: () => {
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["earn-mining"] });
      void client.invalidateQueries({ queryKey: ["earn-products"] });
    },
  });
  return (
    <Space.Compact>
      <Input
        aria-label={t("earn.rewardPerThDay")}
        addonBefore={t("earn.rewardPerThDay")}
        style={{ width: 360 }}
        placeholder={query.data?.rewardPerThDay}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button disabled={!/^\d+(\.\d+)?$/.test(value)} loading={save.isPending} onClick={() => save.mutate()}>
        {t("common.save")}
      </Button>
    </Space.Compact>
  );
}

function OrdersTab() {
  const { t } = useTranslation();
  const list = usePagedList({
    key: "earn-orders",
    filters: { type: undefined as EarnType | undefined, userId: null as number | null },
    fetch: (q) => get(earnPaths.operatorOrders, q),
  });
  const { type, userId } = list.filters;
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("earn.type")}
          allowClear
          placeholder={t("earn.allTypes")}
          style={{ width: 200 }}
          value={type}
          onChange={(v?: EarnType) => list.setFilter("type", v)}
          options={TYPES.map((v) => ({ value: v, label: t(`earn.types.${v}`) }))}
        />
        <InputNumber
          aria-label={t("common.customerId")}
          placeholder={t("common.customerId")}
          min={1}
          style={{ width: 180 }}
          value={userId}
          onChange={(v) => {
            list.setFilter("userId", typeof v === "number" ? v : null);
          }}
        />
      </Space>
      <PagedTable<OperatorEarnOrder>
        list={list}
        locale={{ emptyText: t("earn.noOrders") }}
        columns={[
          { title: "ID", dataIndex: "id", width: 70 },
          { title: t("common.customerId"), dataIndex: "userId" },
          { title: t("earn.name"), dataIndex: "productName" },
          { title: t("common.amount"), render: (_, o) => `${o.amount} ${o.currency}` },
          { title: t("earn.totalIncome"), dataIndex: "totalIncome" },
          {
            title: t("common.status"),
            render: (_, o) =>
              t(`earn.orderStatus.${o.status}`) + (o.endReason ? ` · ${t(`earn.endReason.${o.endReason}`)}` : ""),
          },
          { title: t("earn.startAt"), dataIndex: "startAt", render: formatTime },
          { title: t("earn.endAt"), dataIndex: "endAt", render: formatTime },
        ]}
      />
    </>
  );
}
