// Markets (finance, admin): where every symbol's price comes from now — the venues' states,
// the index's age and spread, held jumps, halted symbols with the reason — the feed and
// settlement leadership, and (admin) the venues' weights. Refreshed every 5 s.
import { type MarketHealth, PRICE_VENUES, type SourceWeightBody } from "@candor/contract";
import { marketPaths, settlementPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Descriptions, Input, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { useAction } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

type SymbolHealth = MarketHealth["symbols"][number];
const STATE_COLOURS: Record<string, string> = {
  live: "green",
  stale: "orange",
  outlier: "red",
  excluded: "default",
  down: "red",
};

function seconds(ms: number | null): string {
  return ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`;
}

function Weights({ health }: { health: MarketHealth }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const current = new Map<string, string>();
  for (const s of health.symbols)
    for (const v of s.sources) if (!current.has(v.source)) current.set(v.source, v.weight);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const save = useAction((body: SourceWeightBody) => post(marketPaths.operatorSourceUpdate, body), {
    onSuccess: (w) => {
      message.success(t("markets.saved", { source: w.source, weight: w.weight }));
      void client.invalidateQueries({ queryKey: ["market-health"] });
    },
  });
  return (
    <Card title={t("markets.weights")} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t("markets.weightsIntro")}</Typography.Paragraph>
      <Space wrap size="large">
        {PRICE_VENUES.map((source) => (
          <Space key={source}>
            <span>{source}</span>
            <Input
              aria-label={`${t("markets.weight")} ${source}`}
              style={{ width: 90 }}
              value={edits[source] ?? current.get(source) ?? "1"}
              onChange={(e) => setEdits({ ...edits, [source]: e.target.value })}
            />
            <Button
              size="small"
              loading={save.isPending && save.variables?.source === source}
              onClick={() => save.mutate({ source, weight: edits[source] ?? current.get(source) ?? "1" })}
            >
              {t("markets.save")}
            </Button>
          </Space>
        ))}
      </Space>
    </Card>
  );
}

export function MarketsPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const query = useQuery({
    queryKey: ["market-health"],
    queryFn: () => get(marketPaths.operatorHealth),
    refetchInterval: 5_000,
  });
  const health = query.data;
  // Settlement reads the recorded ticks (issue 32 §3): whether this node leads it, and how far behind it is.
  const settlement = useQuery({
    queryKey: ["settlement-status"],
    queryFn: () => get(settlementPaths.status),
    refetchInterval: 5_000,
  }).data;
  const lag = settlement?.lag;
  return (
    <div>
      <Typography.Title level={3}>{t("markets.title")}</Typography.Title>
      <Typography.Paragraph type="secondary">{t("markets.intro")}</Typography.Paragraph>
      {query.isError ? <QueryError error={query.error} onRetry={() => query.refetch()} /> : null}
      {health ? (
        <Descriptions size="small" column={4} style={{ marginBottom: 16 }} data-testid="market-leaders">
          <Descriptions.Item label={t("markets.node")}>{health.node}</Descriptions.Item>
          <Descriptions.Item label={t("markets.feed")}>{health.feed}</Descriptions.Item>
          <Descriptions.Item label={t("markets.feedLeader")}>
            {health.feedLeader ? t("markets.yes") : t("markets.no")}
          </Descriptions.Item>
          {settlement ? (
            <Descriptions.Item label={t("markets.settlementLeader")}>
              {settlement.leader ? t("markets.yes") : t("markets.no")}
            </Descriptions.Item>
          ) : null}
          {lag ? (
            <Descriptions.Item label={t("markets.settlerLag")}>
              {t("markets.settlerLagValue", { ticks: lag.ticks, ms: Math.round(lag.ms ?? 0) })}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : null}
      <Table<SymbolHealth>
        size="small"
        rowKey="symbol"
        loading={query.isLoading}
        dataSource={health?.symbols ?? []}
        pagination={false}
        locale={{ emptyText: t("markets.empty") }}
        columns={[
          { title: t("markets.symbol"), dataIndex: "symbol" },
          {
            title: t("markets.state"),
            render: (_, r) =>
              r.halted ? (
                <Space direction="vertical" size={0}>
                  <Tag color="red">{t(`markets.halted.${r.halted.reason}`)}</Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t("markets.haltedSince", { time: formatTime(new Date(r.halted.since).toISOString()) })}
                  </Typography.Text>
                </Space>
              ) : (
                <Tag color="green">{t("markets.live")}</Tag>
              ),
          },
          { title: t("markets.indexAge"), render: (_, r) => seconds(r.indexAgeMs) },
          {
            title: t("markets.deviation"),
            render: (_, r) => (r.deviationPct === null ? "—" : `${r.deviationPct} %`),
          },
          {
            title: t("markets.held"),
            render: (_, r) =>
              r.held ? (
                <Tag color="orange">
                  {t("markets.heldValue", { price: r.held.price, time: formatTime(new Date(r.held.at).toISOString()) })}
                </Tag>
              ) : (
                "—"
              ),
          },
          {
            title: t("markets.venues"),
            render: (_, r) => (
              <Space wrap size={4}>
                {r.sources.map((v) => (
                  <Tag key={v.source} color={STATE_COLOURS[v.state]}>
                    {v.source}: {t(`markets.sourceStates.${v.state}`)}
                    {v.price ? ` ${v.price}` : ""}
                    {v.ageMs !== null ? ` (${seconds(v.ageMs)})` : ""}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {health && can(role, "marketsEdit") ? <Weights health={health} /> : null}
    </div>
  );
}
