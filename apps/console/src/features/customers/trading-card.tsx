// A customer's trading records in the console (read-only): futures positions, options
// and spot orders, real money only.

import type { OptionOrder, Page, PositionRecord, SpotOrder } from "@candor/contract";
import { customerPaths } from "@candor/contract/paths";
import { Card, Tabs } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { PagedTable, usePagedList } from "../../kit";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";

function Records<T extends { id: number }>({
  id,
  path,
  columns,
}: {
  id: number;
  path: "positions" | "options" | "spotOrders";
  columns: ColumnsType<T>;
}) {
  const list = usePagedList({
    key: "customer-trading",
    scope: [path, id],
    pageSize: 10,
    // One table for the three lists: the caller pairs each path with its rows' columns (T).
    fetch: (q) => get(customerPaths[path], { ...q, id }) as Promise<unknown> as Promise<Page<T>>,
  });
  return <PagedTable<T> list={list} size="small" columns={columns} />;
}

export function TradingCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const positions: ColumnsType<PositionRecord> = [
    { title: t("trading.symbol"), dataIndex: "symbol" },
    { title: t("trading.direction"), dataIndex: "direction" },
    { title: t("trading.margin"), dataIndex: "margin" },
    { title: t("trading.leverage"), dataIndex: "leverage" },
    { title: t("trading.openPrice"), dataIndex: "openPrice" },
    { title: t("trading.pnl"), dataIndex: "pnl" },
    { title: t("common.status"), dataIndex: "status" },
    { title: t("trading.openedAt"), dataIndex: "openedAt", render: formatTime },
  ];
  const options: ColumnsType<OptionOrder> = [
    { title: t("trading.symbol"), dataIndex: "symbol" },
    { title: t("trading.direction"), dataIndex: "direction" },
    { title: t("common.amount"), dataIndex: "amount" },
    { title: t("trading.openPrice"), dataIndex: "openPrice" },
    { title: t("trading.closePrice"), dataIndex: "closePrice" },
    { title: t("trading.result"), dataIndex: "result" },
    { title: t("trading.payout"), dataIndex: "payout" },
    { title: t("trading.expiresAt"), dataIndex: "expiresAt", render: formatTime },
  ];
  const spot: ColumnsType<SpotOrder> = [
    { title: t("trading.symbol"), dataIndex: "symbol" },
    { title: t("trading.side"), dataIndex: "side" },
    { title: t("trading.type"), dataIndex: "type" },
    { title: t("trading.price"), dataIndex: "price" },
    { title: t("trading.quantity"), dataIndex: "quantity" },
    { title: t("common.status"), dataIndex: "status" },
    { title: t("common.time"), dataIndex: "createdAt", render: formatTime },
  ];
  return (
    <Card title={t("trading.title")}>
      <Tabs
        items={[
          {
            key: "positions",
            label: t("trading.positions"),
            children: <Records id={id} path="positions" columns={positions} />,
          },
          {
            key: "options",
            label: t("trading.options"),
            children: <Records id={id} path="options" columns={options} />,
          },
          { key: "spot", label: t("trading.spot"), children: <Records id={id} path="spotOrders" columns={spot} /> },
        ]}
      />
    </Card>
  );
}
