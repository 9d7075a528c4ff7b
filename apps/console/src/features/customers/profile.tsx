// A customer's profile and balances, shown on the customer page and beside a support chat.
import type { CustomerDetail } from "@candor/contract";
import { Descriptions, Table } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../lib/format";

export function CustomerProfile({ profile: p, column = 3 }: { profile: CustomerDetail["profile"]; column?: number }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={column} size="small">
      <Descriptions.Item label="ID">{p.id}</Descriptions.Item>
      <Descriptions.Item label={t("customers.email")}>{p.email ?? "—"}</Descriptions.Item>
      <Descriptions.Item label={t("customers.phone")}>{p.phone ?? "—"}</Descriptions.Item>
      <Descriptions.Item label={t("customers.country")}>{p.countryCode ?? "—"}</Descriptions.Item>
      <Descriptions.Item label={t("customers.kyc")}>{t(`kycStatus.${p.kycStatus}`, p.kycStatus)}</Descriptions.Item>
      <Descriptions.Item label={t("customers.vip")}>{p.vipLevel}</Descriptions.Item>
      <Descriptions.Item label={t("customers.registered")}>{formatTime(p.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

export function BalancesTable({ balances }: { balances: CustomerDetail["balances"] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="currency"
      dataSource={balances}
      pagination={false}
      columns={[
        { title: t("common.currency"), dataIndex: "currency" },
        { title: t("customers.available"), dataIndex: "available" },
        { title: t("customers.frozen"), dataIndex: "frozen" },
      ]}
    />
  );
}
