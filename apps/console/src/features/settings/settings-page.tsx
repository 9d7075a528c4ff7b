// Settings within the deployment's caps (the server validates every value): withdrawal
// review time and limits, currencies (minimums, fees, switches), the exposure limit and
// option periods and payouts, which products take new orders from which countries, and
// symbol spreads. Finance sees them; only an admin changes them. Later areas
// (earn, loans, IEO, contests, rewards, content) add their own screens as they land.

import type { OperatorOptionSetting, WalletCurrency, WalletSettings } from "@candor/contract";
import { optionPaths, riskPaths, walletPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Skeleton, Switch, Table, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { ProductsTab } from "./products-tab";
import { SpreadsTab } from "./spreads-tab";
import { useSave } from "./use-save";

function Wallet({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["wallet-settings"],
    queryFn: () => get(walletPaths.operatorSettings),
  });
  const { mutation, error } = useSave(walletPaths.operatorSettingsUpdate, ["wallet-settings"]);
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  return (
    <Card>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        layout="vertical"
        disabled={!editable}
        initialValues={query.data}
        onFinish={(v: WalletSettings) =>
          mutation.mutate({
            reviewHours: v.reviewHours,
            unverifiedDailyLimitUsdt: v.unverifiedDailyLimitUsdt,
            sandboxConfirmSeconds: v.sandboxConfirmSeconds,
          })
        }
        style={{ maxWidth: 420 }}
      >
        <Form.Item name="reviewHours" label={t("settings.reviewHours")} rules={[{ required: true }]}>
          <InputNumber min={1} max={720} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="unverifiedDailyLimitUsdt" label={t("settings.unverifiedLimit")} rules={[{ required: true }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="sandboxConfirmSeconds" label={t("settings.sandboxSeconds")}>
          <InputNumber min={0} max={60} style={{ width: "100%" }} />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("common.save")}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function Currencies({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<WalletCurrency | null>(null);
  const query = useQuery({
    queryKey: ["currencies"],
    queryFn: () => get(walletPaths.currencies),
  });
  const { mutation, error, clearError } = useSave(walletPaths.operatorCurrencyUpdate, ["currencies"], () =>
    setEditing(null),
  );
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <>
      <Table<WalletCurrency>
        rowKey="currency"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: t("common.currency"), dataIndex: "currency" },
          { title: t("settings.minDeposit"), dataIndex: "minDeposit" },
          { title: t("settings.minWithdrawal"), dataIndex: "minWithdrawal" },
          { title: t("settings.withdrawalFee"), dataIndex: "withdrawalFee" },
          { title: t("settings.depositEnabled"), dataIndex: "depositEnabled", render: (v: boolean) => (v ? "✓" : "—") },
          {
            title: t("settings.withdrawalEnabled"),
            dataIndex: "withdrawalEnabled",
            render: (v: boolean) => (v ? "✓" : "—"),
          },
          ...(editable
            ? [
                {
                  title: t("common.actions"),
                  render: (_: unknown, c: WalletCurrency) => (
                    <Button
                      size="small"
                      onClick={() => {
                        clearError();
                        setEditing(c);
                      }}
                    >
                      {t("common.edit")}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <Modal open title={editing.currency} footer={null} onCancel={() => setEditing(null)}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
          <Form
            layout="vertical"
            initialValues={editing}
            onFinish={(v: WalletCurrency) =>
              mutation.mutate({
                currency: editing.currency,
                minDeposit: v.minDeposit,
                minWithdrawal: v.minWithdrawal,
                withdrawalFee: v.withdrawalFee,
                depositEnabled: v.depositEnabled,
                withdrawalEnabled: v.withdrawalEnabled,
              })
            }
          >
            <Form.Item name="minDeposit" label={t("settings.minDeposit")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="minWithdrawal" label={t("settings.minWithdrawal")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="withdrawalFee" label={t("settings.withdrawalFee")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="depositEnabled" label={t("settings.depositEnabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="withdrawalEnabled" label={t("settings.withdrawalEnabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t("common.save")}
            </Button>
          </Form>
        </Modal>
      )}
    </>
  );
}

function Risk({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["risk-exposure"],
    queryFn: () => get(riskPaths.exposure),
  });
  const { mutation, error } = useSave(riskPaths.limits, ["risk-exposure"]);
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  return (
    <Card>
      <Typography.Paragraph type="secondary">{t("settings.riskHelp")}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        layout="inline"
        disabled={!editable}
        initialValues={{ defaultUsdt: query.data.limits.defaultUsdt }}
        onFinish={(v: { defaultUsdt: string }) => mutation.mutate(v)}
      >
        <Form.Item name="defaultUsdt" label={t("settings.defaultLimit")} rules={[{ required: true }]}>
          <Input inputMode="decimal" />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("common.save")}
          </Button>
        )}
      </Form>
    </Card>
  );
}

function Options() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<OperatorOptionSetting | null>(null);
  const query = useQuery({
    queryKey: ["option-settings"],
    queryFn: () => get(optionPaths.operatorSettings),
  });
  const { mutation, error, clearError } = useSave(optionPaths.operatorSave, ["option-settings"], () =>
    setEditing(null),
  );
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <>
      <Table<OperatorOptionSetting>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t("settings.symbol"), dataIndex: "symbol" },
          { title: t("settings.period"), dataIndex: "periodSeconds" },
          { title: t("settings.payoutRate"), dataIndex: "payoutRate" },
          { title: t("settings.minAmount"), dataIndex: "minAmount" },
          { title: t("settings.maxAmount"), dataIndex: "maxAmount" },
          { title: t("settings.enabled"), dataIndex: "enabled", render: (v: boolean) => (v ? "✓" : "—") },
          {
            title: t("common.actions"),
            render: (_, o) => (
              <Button
                size="small"
                onClick={() => {
                  clearError();
                  setEditing(o);
                }}
              >
                {t("common.edit")}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <Modal
          open
          title={`${editing.symbol} · ${editing.periodSeconds}s`}
          footer={null}
          onCancel={() => setEditing(null)}
        >
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
          <Form
            layout="vertical"
            initialValues={editing}
            onFinish={(v: OperatorOptionSetting) =>
              mutation.mutate({
                id: editing.id,
                symbol: editing.symbol,
                periodSeconds: editing.periodSeconds,
                payoutRate: v.payoutRate,
                minAmount: v.minAmount,
                maxAmount: v.maxAmount,
                enabled: v.enabled,
                sortOrder: editing.sortOrder,
              })
            }
          >
            <Form.Item name="payoutRate" label={t("settings.payoutRate")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="minAmount" label={t("settings.minAmount")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="maxAmount" label={t("settings.maxAmount")} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="enabled" label={t("settings.enabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t("common.save")}
            </Button>
          </Form>
        </Modal>
      )}
    </>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const editable = can(role, "settingsEdit");
  return (
    <div>
      <Typography.Title level={3}>{t("nav.settings")}</Typography.Title>
      {!editable && <Alert type="info" showIcon title={t("settings.readOnly")} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          { key: "wallet", label: t("settings.wallet"), children: <Wallet editable={editable} /> },
          { key: "currencies", label: t("settings.currencies"), children: <Currencies editable={editable} /> },
          { key: "risk", label: t("settings.risk"), children: <Risk editable={editable} /> },
          { key: "products", label: t("settings.products"), children: <ProductsTab editable={editable} /> },
          { key: "spreads", label: t("settings.spreads"), children: <SpreadsTab editable={editable} /> },
          ...(editable ? [{ key: "options", label: t("settings.options"), children: <Options /> }] : []),
        ]}
      />
    </div>
  );
}
