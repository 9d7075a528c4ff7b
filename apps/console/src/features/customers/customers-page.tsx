// Customers: search by id, username, e-mail or phone; each opens the customer view.

import type { CustomerRecord } from "@candor/contract";
import { customerPaths } from "@candor/contract/paths";
import { Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable, usePagedList } from "../../kit";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";

export function CustomersPage() {
  const { t } = useTranslation();
  const list = usePagedList({
    key: "customers",
    filters: { search: "" },
    fetch: (q) => get(customerPaths.list, q),
  });
  return (
    <div>
      <Typography.Title level={3}>{t("nav.customers")}</Typography.Title>
      <Input.Search
        aria-label={t("customers.search")}
        placeholder={t("customers.search")}
        allowClear
        enterButton
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(v) => list.setFilter("search", v.trim())}
      />
      <PagedTable<CustomerRecord>
        list={list}
        columns={[
          {
            title: "ID",
            dataIndex: "id",
            width: 80,
            render: (id: number) => <Link to={`/customers/${id}`}>{id}</Link>,
          },
          {
            title: t("customers.username"),
            dataIndex: "username",
            render: (u: string, r) => <Link to={`/customers/${r.id}`}>{u}</Link>,
          },
          { title: t("customers.email"), dataIndex: "email", render: (v: string | null) => v ?? "—" },
          { title: t("customers.phone"), dataIndex: "phone", render: (v: string | null) => v ?? "—" },
          { title: t("customers.country"), dataIndex: "countryCode", render: (v: string | null) => v ?? "—" },
          { title: t("customers.kyc"), dataIndex: "kycStatus", render: (s: string) => t(`kycStatus.${s}`, s) },
          { title: t("customers.vip"), dataIndex: "vipLevel" },
          { title: t("customers.registered"), dataIndex: "createdAt", render: formatTime },
        ]}
      />
    </div>
  );
}
