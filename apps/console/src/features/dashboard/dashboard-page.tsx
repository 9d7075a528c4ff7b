// Dashboard: the queues at a glance (KYC, withdrawals against the review time limit,
// deposits waiting), today's money movements, the ledger's balance check and, for
// finance, the platform's risk exposure.

import type { DashboardSummary } from "@candor/contract";
import { customerPaths, riskPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { formatTime, hoursSince, money, moneyWith } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

function Exposure() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["risk-exposure"],
    queryFn: () => get(riskPaths.exposure),
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.account}:${r.currency}`}
      loading={query.isLoading}
      dataSource={query.data?.rows ?? []}
      pagination={false}
      columns={[
        { title: t("dashboard.account"), dataIndex: "account", render: (a: string) => t(`dashboard.accounts.${a}`) },
        { title: t("common.currency"), dataIndex: "currency" },
        { title: t("dashboard.balance"), align: "right", render: (_, r) => money(r.balance, r.currency) },
        { title: t("dashboard.openWorstCase"), align: "right", render: (_, r) => money(r.open, r.currency) },
        { title: t("dashboard.limit"), align: "right", render: (_, r) => money(r.limit, r.currency) },
        { title: t("dashboard.headroom"), align: "right", render: (_, r) => money(r.headroom, r.currency) },
        {
          title: t("common.status"),
          dataIndex: "paused",
          render: (paused: boolean) =>
            paused ? <Tag color="red">{t("dashboard.paused")}</Tag> : <Tag color="green">{t("dashboard.open")}</Tag>,
        },
      ]}
    />
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const query = useQuery({
    queryKey: ["dashboard"],
    queryFn: () => get(customerPaths.dashboard),
    refetchInterval: 30_000,
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const d = query.data;
  if (!d) return <Skeleton active />;
  const oldestHours = d.oldestWithdrawalAt ? hoursSince(d.oldestWithdrawalAt) : null;
  const totals = (list: DashboardSummary["today"]["deposits"]) =>
    list.length === 0 ? (
      <Typography.Text type="secondary">{t("common.none")}</Typography.Text>
    ) : (
      list.map((x) => (
        <div key={x.currency}>
          {moneyWith(x.amount, x.currency)}{" "}
          <Typography.Text type="secondary">({t("dashboard.count", { n: x.count })})</Typography.Text>
        </div>
      ))
    );
  return (
    <div>
      <Typography.Title level={3}>{t("nav.dashboard")}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Card>
            {can(role, "chatView") ? (
              <Link to="/chat">
                <Statistic title={t("dashboard.openChats")} value={d.chatsWaiting} data-testid="chats-waiting" />
              </Link>
            ) : (
              <Statistic title={t("dashboard.openChats")} value={d.chatsWaiting} data-testid="chats-waiting" />
            )}
            <Typography.Text type="secondary">{t("dashboard.chatsWaitingHint")}</Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Link to="/kyc">
              <Statistic title={t("dashboard.kycPending")} value={d.kycPending} />
            </Link>
            <Typography.Text type="secondary">
              {t("dashboard.oldest", { time: formatTime(d.oldestKycAt) })}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Link to="/withdrawals">
              <Statistic title={t("dashboard.withdrawalsPending")} value={d.withdrawalsPending} />
            </Link>
            <Typography.Text type={d.withdrawalsOverdue > 0 ? "danger" : "secondary"} data-testid="withdrawal-age">
              {oldestHours === null
                ? t("dashboard.noneWaiting")
                : t("dashboard.oldestAge", { hours: oldestHours, limit: d.reviewHours })}
              {d.withdrawalsOverdue > 0 && ` · ${t("dashboard.overdue", { n: d.withdrawalsOverdue })}`}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Link to="/deposits">
              <Statistic title={t("dashboard.depositsWaiting")} value={d.depositsWaiting} />
            </Link>
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t("dashboard.depositsToday")}>{totals(d.today.deposits)}</Card>
        </Col>
        <Col span={12}>
          <Card title={t("dashboard.withdrawalsToday")}>{totals(d.today.withdrawals)}</Card>
        </Col>
        <Col span={24}>
          <Card title={t("dashboard.ledger")}>
            {d.ledger.balanced ? (
              <Alert type="success" showIcon title={t("dashboard.ledgerBalanced")} data-testid="ledger-status" />
            ) : (
              <Alert type="error" showIcon title={t("dashboard.ledgerUnbalanced")} data-testid="ledger-status" />
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {d.ledger.currencies.map((c) => `${c.currency}: ${money(c.sum, c.currency)}`).join(" · ")}
            </Typography.Paragraph>
          </Card>
        </Col>
        {can(role, "riskView") && (
          <Col span={24}>
            <Card title={t("dashboard.exposure")}>
              <Exposure />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
