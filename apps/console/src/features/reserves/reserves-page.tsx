// Proof of reserves (finance, admin): the latest published proof — its Merkle root, the
// block its reserves were read at, liabilities, reserves and ratio per currency, the
// addresses — and a button that makes a proof now (the daily job makes one each business
// day). Audit-logged like every operator POST.
import type { ProofLatest } from "@candor/contract";
import { reservePaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Empty, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useAction } from "../../kit";
import { ApiError, get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";

const KEY = ["reserves", "latest"];

export function ReservesPage() {
  const { t } = useTranslation();
  const latest = useQuery({
    queryKey: KEY,
    queryFn: async (): Promise<ProofLatest | null> => {
      try {
        return await get(reservePaths.latest);
      } catch (err) {
        if (err instanceof ApiError && err.code === 404) return null;
        throw err;
      }
    },
  });
  const make = useAction(() => post(reservePaths.operatorMake), {
    success: (p) => t("reserves.made", { id: p.id }),
    invalidate: [KEY],
  });
  const p = latest.data;

  return (
    <div>
      <Typography.Title level={3}>{t("reserves.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("reserves.intro")}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" loading={make.isPending} onClick={() => make.mutate()} data-testid="make-proof">
          {t("reserves.make")}
        </Button>
      </Space>
      {latest.isError ? (
        <Alert type="error" showIcon title={t("reserves.loadFailed")} />
      ) : latest.isPending ? null : !p ? (
        <Empty description={t("reserves.none")} />
      ) : (
        <>
          <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }} data-testid="proof-latest">
            <Descriptions.Item label={t("reserves.proof")}>#{p.id}</Descriptions.Item>
            <Descriptions.Item label={t("reserves.madeAt")}>{formatTime(p.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t("reserves.root")}>
              <Typography.Text code copyable>
                {p.root}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t("reserves.customers")}>{p.leaves}</Descriptions.Item>
            <Descriptions.Item label={t("reserves.block")}>
              {p.reserveSource === "chain" && p.network
                ? `${p.block} (${p.network.name}, chain ${p.network.chainId})`
                : t("reserves.noChain")}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="currency"
            size="small"
            pagination={false}
            dataSource={p.totals}
            locale={{ emptyText: t("reserves.noBalances") }}
            columns={[
              { title: t("common.currency"), dataIndex: "currency" },
              { title: t("reserves.liabilities"), dataIndex: "liabilities", align: "right" },
              { title: t("reserves.reserves"), dataIndex: "reserves", align: "right", render: (v) => v ?? "—" },
              { title: t("reserves.ratio"), dataIndex: "ratio", align: "right", render: (v) => v ?? "—" },
            ]}
          />
          {p.addresses.length > 0 && (
            <Table
              style={{ marginTop: 16 }}
              rowKey="address"
              size="small"
              dataSource={p.addresses}
              columns={[
                { title: t("reserves.address"), dataIndex: "address" },
                { title: t("reserves.kind"), dataIndex: "kind" },
                {
                  title: t("reserves.balances"),
                  render: (_, a) => a.balances.map((b) => `${b.amount} ${b.currency}`).join(", "),
                },
              ]}
            />
          )}
        </>
      )}
    </div>
  );
}
