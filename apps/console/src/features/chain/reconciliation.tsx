// Reconciliation of the deposit addresses (finance, admin): on demand, since it reads every
// address's balance from the chain. Lists only the addresses whose balance at one confirmed
// block differs from what the records explain; nothing is credited from here.
import type { ChainReconciliationRow } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { get } from "../../lib/api";

export function ChainReconciliationSection() {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ["chain", "reconciliation"],
    queryFn: () => get(walletPaths.operatorChainReconciliation),
    enabled: false,
    retry: false,
  });
  const r = check.data;
  return (
    <>
      <Typography.Title level={4}>{t("chain.reconciliation")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("chain.reconciliationHelp")}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => check.refetch()} loading={check.isFetching} data-testid="chain-reconcile">
          {t("chain.reconcile")}
        </Button>
        {r && r.block !== null ? (
          <Typography.Text type="secondary">
            {t("chain.reconciledAt", { block: r.block, n: r.checkedAddresses })}
          </Typography.Text>
        ) : null}
      </Space>
      {check.isError ? <Alert type="error" showIcon title={t("chain.loadFailed")} /> : null}
      {r ? (
        <Table
          rowKey={(d: ChainReconciliationRow) => `${d.address}:${d.currency}`}
          size="small"
          dataSource={r.differences}
          locale={{ emptyText: t("chain.noDifferences") }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          style={{ marginBottom: 24 }}
          data-testid="chain-reconciliation"
          columns={[
            { title: t("common.customerId"), dataIndex: "userId" },
            {
              title: t("chain.address"),
              dataIndex: "address",
              render: (v: string) => (
                <Typography.Text code copyable={{ text: v }}>{`${v.slice(0, 10)}…${v.slice(-6)}`}</Typography.Text>
              ),
            },
            {
              title: t("chain.onChain"),
              align: "right",
              render: (_, d: ChainReconciliationRow) => `${d.onChain} ${d.currency}`,
            },
            {
              title: t("chain.recorded"),
              align: "right",
              render: (_, d: ChainReconciliationRow) => `${d.expected} ${d.currency}`,
            },
            {
              title: t("chain.difference"),
              align: "right",
              render: (_, d: ChainReconciliationRow) => (
                <Typography.Text type={d.difference.startsWith("-") ? "danger" : "warning"} strong>
                  {d.difference.startsWith("-") ? d.difference : `+${d.difference}`} {d.currency}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}
