// Customers: search by id, username, e-mail or phone; each opens the customer view.
import type { CustomerRecord, Page } from "@candor/contract";
import { useQuery } from "@tanstack/react-query";
import { Input, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryError, usePaging } from "../../app/page-state";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";

export function CustomersPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [search, setSearch] = useState("");
  const query = useQuery({
    queryKey: ["customers", search, paging.pageNo, paging.pageSize],
    queryFn: () =>
      get<Page<CustomerRecord>>("/api/operator/customers/list", {
        search,
        pageNo: paging.pageNo,
        pageSize: paging.pageSize,
      }),
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
        onSearch={(v) => {
          setSearch(v.trim());
          paging.reset();
        }}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table<CustomerRecord>
          rowKey="id"
          loading={query.isLoading}
          dataSource={query.data?.records ?? []}
          pagination={paging.pagination(query.data?.total)}
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
      )}
    </div>
  );
}
