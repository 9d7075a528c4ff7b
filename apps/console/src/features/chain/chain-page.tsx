// The chain (finance, admin): the on-chain deposit watcher as this node sees it (head,
// processed block, lag, failures and the last error, deep-reorganisation flags), the recent
// sweeps of deposit addresses to the hot wallet, and the chain deposits held uncredited
// because the customer closed their account, and (on demand) the reconciliation of the
// deposit addresses against the records. Without CHAIN_EVM_* it says no chain is configured
// and shows nothing else.
import type { ChainHeldDeposit, ChainSweep } from "@candor/contract";
import { walletPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { ChainReconciliationSection } from "./reconciliation";

const REFRESH_MS = 10_000;

function Hash({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <Typography.Text code copyable={{ text: value }}>
      {`${value.slice(0, 10)}…${value.slice(-6)}`}
    </Typography.Text>
  );
}

const SWEEP_COLOURS: Record<ChainSweep["status"], string> = {
  gas_sent: "processing",
  sent: "processing",
  done: "success",
  failed: "error",
};

export function ChainPage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ["chain", "status"],
    queryFn: () => get(walletPaths.operatorChainStatus),
    refetchInterval: REFRESH_MS,
  });
  const configured = status.data?.configured === true;
  const sweeps = useQuery({
    queryKey: ["chain", "sweeps"],
    queryFn: () => get(walletPaths.operatorChainSweeps),
    enabled: configured,
    refetchInterval: REFRESH_MS,
  });
  const held = useQuery({
    queryKey: ["chain", "held"],
    queryFn: () => get(walletPaths.operatorChainHeld),
    enabled: configured,
    refetchInterval: REFRESH_MS,
  });
  const s = status.data;

  return (
    <div>
      <Typography.Title level={3}>{t("chain.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("chain.intro")}</Typography.Paragraph>
      {status.isError ? (
        <Alert type="error" showIcon title={t("chain.loadFailed")} />
      ) : !s ? null : !s.configured ? (
        <Alert type="info" showIcon title={t("chain.notConfigured")} data-testid="chain-none" />
      ) : (
        <>
          <Typography.Title level={4}>{t("chain.status")}</Typography.Title>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="chain-status">
            <Descriptions.Item label={t("chain.network")}>
              {t("chain.networkValue", { network: s.network, chainId: s.chainId })}
            </Descriptions.Item>
            <Descriptions.Item label={t("chain.confirmations")}>{s.requiredConfirmations}</Descriptions.Item>
            <Descriptions.Item label={t("chain.head")}>{s.head ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={t("chain.processed")}>{s.processedBlock ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={t("chain.lag")}>
              {s.lag === null ? "—" : t("chain.lagBlocks", { n: s.lag })}
            </Descriptions.Item>
            <Descriptions.Item label={t("chain.stored")}>{s.storedBlock ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={t("chain.leading")}>
              {s.leading ? t("chain.yes") : t("chain.no")}
            </Descriptions.Item>
            <Descriptions.Item label={t("chain.lastRound")}>{formatTime(s.lastRoundAt)}</Descriptions.Item>
            <Descriptions.Item label={t("chain.health")} span={2}>
              {s.failures === 0 ? (
                <Tag color="success">{t("chain.healthy")}</Tag>
              ) : (
                <Tag color="error">
                  {t("chain.failing", {
                    n: s.failures,
                    since: formatTime(s.failingSince),
                    next: formatTime(s.nextRoundAt),
                  })}
                </Tag>
              )}
            </Descriptions.Item>
            {s.lastError && (
              <Descriptions.Item label={t("chain.lastError")} span={2}>
                <Typography.Text type="danger">{s.lastError}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>

          <Typography.Title level={4}>{t("chain.reorgs")}</Typography.Title>
          <Typography.Paragraph type="secondary">{t("chain.reorgsHelp")}</Typography.Paragraph>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={s.reorgFlags}
            locale={{ emptyText: t("chain.noReorgs") }}
            style={{ marginBottom: 24 }}
            columns={[
              { title: t("chain.deposit"), dataIndex: "depositId" },
              { title: t("chain.block"), dataIndex: "blockNumber" },
              { title: t("chain.oldHash"), dataIndex: "oldBlockHash", render: (v: string) => <Hash value={v} /> },
              {
                title: t("chain.newHash"),
                dataIndex: "newBlockHash",
                render: (v: string | null) => <Hash value={v} />,
              },
              { title: t("chain.detectedAt"), dataIndex: "detectedAt", render: (v: string) => formatTime(v) },
            ]}
          />

          <Typography.Title level={4}>{t("chain.sweeps")}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            loading={sweeps.isPending}
            dataSource={sweeps.data ?? []}
            locale={{ emptyText: t("chain.noSweeps") }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            style={{ marginBottom: 24 }}
            data-testid="chain-sweeps"
            columns={[
              { title: t("common.time"), dataIndex: "createdAt", render: (v: string) => formatTime(v) },
              { title: t("common.customerId"), dataIndex: "userId" },
              { title: t("chain.address"), dataIndex: "address", render: (v: string) => <Hash value={v} /> },
              {
                title: t("common.amount"),
                align: "right",
                render: (_, r: ChainSweep) => `${r.amount} ${r.currency}`,
              },
              {
                title: t("common.status"),
                dataIndex: "status",
                // A failed sweep says why (e.g. the signer's daily cap on gas top-ups), in the row.
                render: (v: ChainSweep["status"], r: ChainSweep) => (
                  <>
                    <Tag color={SWEEP_COLOURS[v]}>{t(`chain.sweepStatus.${v}`)}</Tag>
                    {v === "failed" && r.reason ? (
                      <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                        {r.reason}
                      </Typography.Text>
                    ) : null}
                  </>
                ),
              },
              { title: t("chain.tx"), dataIndex: "txHash", render: (v: string | null) => <Hash value={v} /> },
              { title: t("chain.gasTx"), dataIndex: "gasTxHash", render: (v: string | null) => <Hash value={v} /> },
            ]}
          />

          <ChainReconciliationSection />

          <Typography.Title level={4}>{t("chain.held")}</Typography.Title>
          <Typography.Paragraph type="secondary">{t("chain.heldHelp")}</Typography.Paragraph>
          <Table
            rowKey="id"
            size="small"
            loading={held.isPending}
            dataSource={held.data ?? []}
            locale={{ emptyText: t("chain.noHeld") }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            data-testid="chain-held"
            columns={[
              { title: t("common.time"), dataIndex: "createdAt", render: (v: string) => formatTime(v) },
              { title: t("common.customerId"), dataIndex: "userId" },
              {
                title: t("common.amount"),
                align: "right",
                render: (_, d: ChainHeldDeposit) => `${d.amount} ${d.currency}`,
              },
              { title: t("chain.tx"), dataIndex: "txHash", render: (v: string) => <Hash value={v} /> },
              { title: t("chain.block"), dataIndex: "blockNumber" },
              {
                title: t("chain.confirmations"),
                render: (_, d: ChainHeldDeposit) =>
                  t("chain.confirmationsOf", { n: d.confirmations, of: d.requiredConfirmations }),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
