// A customer's recent history beside a withdrawal or deposit under review: profile, KYC,
// balances and the latest balance-log entries.

import type { BalanceLogRecord } from "@candor/contract";
import { customerPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Descriptions, Skeleton, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { formatTime, isZero, money, moneyWith } from "../../lib/format";

export function CustomerHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ["customer", userId],
    queryFn: () => get(customerPaths.detail, { id: userId }),
  });
  const log = useQuery({
    queryKey: ["customer-ledger", userId, 1, 10],
    queryFn: () => get(customerPaths.ledger, { id: userId, pageSize: 10 }),
  });
  if (detail.isError) return <QueryError error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  const p = detail.data.profile;
  // Only what the customer holds: a list of every currency at zero hides the one that matters.
  const balances = detail.data.balances.filter((b) => !isZero(b.available) || !isZero(b.frozen));
  return (
    <div>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t("common.customer")}>
          <Link to={`/customers/${p.id}`}>
            {p.username} (#{p.id})
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t("customers.kyc")}>{t(`kycStatus.${p.kycStatus}`, p.kycStatus)}</Descriptions.Item>
        <Descriptions.Item label={t("customers.email")}>
          <span data-testid="customer-email">{p.email ?? "—"}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("customers.phone")}>{p.phone ?? "—"}</Descriptions.Item>
        <Descriptions.Item label={t("customers.registered")}>{formatTime(p.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t("customers.country")}>{p.countryCode ?? "—"}</Descriptions.Item>
        <Descriptions.Item label={t("customers.balances")} span={2}>
          <span data-testid="customer-balances">
            {balances.length === 0
              ? t("common.none")
              : balances
                  .map((b) =>
                    t("customers.balanceLine", {
                      currency: b.currency,
                      available: money(b.available, b.currency),
                      frozen: money(b.frozen, b.currency),
                    }),
                  )
                  .join(" · ")}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t("customers.recentLedger")}
      </Typography.Title>
      <Table<BalanceLogRecord>
        size="small"
        rowKey="id"
        loading={log.isLoading}
        dataSource={log.data?.records ?? []}
        pagination={false}
        columns={[
          { title: t("common.time"), dataIndex: "createdAt", render: formatTime },
          { title: t("customers.kind"), dataIndex: "kind" },
          { title: t("common.amount"), align: "right", render: (_, r) => moneyWith(r.amount, r.currency) },
          { title: t("customers.memo"), dataIndex: "memo" },
        ]}
      />
    </div>
  );
}
