// Loans: every customer's loans (credit applications approved or rejected with a reason
// the customer reads), the loan identity checks (passed, or sent back with a reason), and
// the loan settings (create, edit, stop offering). The server decides who may do what; the
// screen hides what the role would be refused.
import type { LoanStatus, LoanType, OperatorLoanOrder } from "@candor/contract";
import { loanPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Drawer, Select, Space, Tabs, Tag, Timeline, Typography } from "antd";
import { type ReactElement, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryError } from "../../app/page-state";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime, moneyWith } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { IdentityTab } from "./identity-tab";
import { pct } from "./paths";
import { SettingsTab } from "./settings-tab";

const STATUSES: LoanStatus[] = ["under_review", "passed", "overdue", "rejected", "repaid", "liquidated"];
const STATUS_COLOR: Record<LoanStatus, string> = {
  under_review: "gold",
  passed: "blue",
  overdue: "red",
  rejected: "default",
  repaid: "green",
  liquidated: "volcano",
};

export function LoansPage() {
  const { t } = useTranslation();
  const role = useSession()?.staff.role;
  const items = [
    can(role, "loansView") && { key: "orders", label: t("loans.applications"), children: <OrdersTab /> },
    can(role, "loanIdentityView") && { key: "identity", label: t("loans.identity"), children: <IdentityTab /> },
    can(role, "loanSettings") && { key: "settings", label: t("loans.settings"), children: <SettingsTab /> },
  ].filter((x): x is { key: string; label: string; children: ReactElement } => Boolean(x));
  return (
    <div>
      <Typography.Title level={3}>{t("nav.loans")}</Typography.Title>
      <Tabs items={items} />
    </div>
  );
}

function OrdersTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const [rejecting, setRejecting] = useState<OperatorLoanOrder | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const review = can(role, "loansReview");
  const list = usePagedList({
    key: "loan-orders",
    filters: { status: "under_review" as LoanStatus | undefined, type: undefined as LoanType | undefined },
    fetch: (q) => get(loanPaths.operatorOrders, q),
    // New applications appear without a reload (the console has no socket outside chat).
    refetchInterval: 15_000,
  });
  const { status, type } = list.filters;
  const act = useAction(
    (v: { id: number; action: "approve" } | { id: number; action: "reject"; reason: string }) =>
      v.action === "approve"
        ? post(loanPaths.operatorApprove, undefined, { id: v.id })
        : post(loanPaths.operatorReject, { reason: v.reason }, { id: v.id }),
    {
      onSuccess: () => {
        setRejecting(null);
        message.success(t("common.saved"));
        void client.invalidateQueries({ queryKey: ["loan-orders"] });
        void client.invalidateQueries({ queryKey: ["loan-order"] });
      },
    },
  );
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 180 }}
          value={status ?? "all"}
          onChange={(v) => list.setFilter("status", v === "all" ? undefined : (v as LoanStatus))}
          options={[
            { value: "all", label: t("loans.allStatuses") },
            ...STATUSES.map((s) => ({ value: s, label: t(`loans.statuses.${s}`) })),
          ]}
          aria-label={t("loans.status")}
        />
        <Select
          style={{ width: 160 }}
          value={type ?? "all"}
          onChange={(v) => list.setFilter("type", v === "all" ? undefined : (v as LoanType))}
          options={[
            { value: "all", label: t("loans.allTypes") },
            { value: "credit", label: t("loans.types.credit") },
            { value: "pledge", label: t("loans.types.pledge") },
          ]}
          aria-label={t("loans.type")}
        />
      </Space>
      <PagedTable<OperatorLoanOrder>
        list={list}
        size="small"
        locale={{ emptyText: t("loans.noOrders") }}
        // The key columns fit 1280 px without sideways scroll; the rest opens under the row.
        expandable={{ expandedRowRender: (o) => <OrderMore order={o} /> }}
        columns={[
          { title: "#", dataIndex: "id", width: 60 },
          {
            title: t("loans.customer"),
            render: (_, o) => (
              <div data-testid="loan-customer">
                <Link to={`/customers/${o.userId}`}>{o.username}</Link>{" "}
                <Typography.Text type="secondary">#{o.userId}</Typography.Text>
                {/* A customer who signed up by e-mail has it as their username: shown once. */}
                {o.email && o.email !== o.username ? (
                  <div>
                    <Typography.Text type="secondary">{o.email}</Typography.Text>
                  </div>
                ) : null}
              </div>
            ),
          },
          { title: t("loans.type"), dataIndex: "type", render: (v: LoanType) => t(`loans.types.${v}`) },
          {
            title: t("loans.amount"),
            align: "right",
            render: (_, o) => <span style={{ whiteSpace: "nowrap" }}>{moneyWith(o.amount, o.currency)}</span>,
          },
          { title: t("loans.days"), dataIndex: "days", width: 60 },
          { title: t("loans.dailyRate"), dataIndex: "dailyRate", render: pct },
          {
            title: t("loans.status"),
            dataIndex: "status",
            render: (v: LoanStatus) => <Tag color={STATUS_COLOR[v]}>{t(`loans.statuses.${v}`)}</Tag>,
          },
          { title: t("loans.created"), dataIndex: "createdAt", render: formatTime, width: 110 },
          {
            title: t("common.actions"),
            render: (_, o) => (
              <Space>
                <Button size="small" onClick={() => setDetailId(o.id)}>
                  {t("loans.history")}
                </Button>
                {review && o.status === "under_review" ? (
                  <>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        modal.confirm({
                          title: t("loans.approve"),
                          content: t("loans.approveConfirm", { id: o.id, amount: o.amount, currency: o.currency }),
                          okText: t("loans.approve"),
                          cancelText: t("common.cancel"),
                          onOk: () => act.mutateAsync({ id: o.id, action: "approve" }),
                        })
                      }
                    >
                      {t("loans.approve")}
                    </Button>
                    <Button size="small" danger onClick={() => setRejecting(o)}>
                      {t("loans.reject")}
                    </Button>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t("loans.rejectTitle", { id: rejecting?.id })}
        busy={act.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && act.mutate({ id: rejecting.id, action: "reject", reason })}
      />
      <OrderDrawer id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}

/** What the list leaves out to fit the screen: collateral, LTV, outstanding, the customer's standing. */
function OrderMore({ order: o }: { order: OperatorLoanOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3}>
      <Descriptions.Item label={t("loans.collateral")}>
        {o.collateralCurrency ? moneyWith(o.collateralAmount, o.collateralCurrency) : "—"}
      </Descriptions.Item>
      <Descriptions.Item label={t("loans.ltv")}>{pct(o.ltv)}</Descriptions.Item>
      <Descriptions.Item label={t("loans.outstanding")}>{moneyWith(o.outstanding, o.currency)}</Descriptions.Item>
      <Descriptions.Item label={t("loans.kyc")}>{o.kycLevel}</Descriptions.Item>
      <Descriptions.Item label={t("loans.identityCheck")}>
        {t(`loans.identityStates.${o.identityCheck}`)}
      </Descriptions.Item>
    </Descriptions>
  );
}

function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["loan-order", id],
    queryFn: () => get(loanPaths.operatorOrder, undefined, { id: id ?? 0 }), // runs only with an id (enabled),
    enabled: id !== null,
  });
  const o = query.data;
  return (
    <Drawer open={id !== null} onClose={onClose} width={480} title={`${t("loans.history")} #${id ?? ""}`}>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {o ? (
        <>
          <p>
            {o.set.name} · {o.amount} {o.currency} · {t(`loans.statuses.${o.status}`)}
          </p>
          <Timeline
            items={o.history.map((h) => ({
              children: (
                <div>
                  <strong>{t(`loans.statuses.${h.status}`)}</strong> · {h.event} · {formatTime(h.at)}
                  {h.reason ? (
                    <div>
                      {t("loans.reason")}: {h.reason}
                    </div>
                  ) : null}
                </div>
              ),
            }))}
          />
          {o.evidence.map((e) => (
            <p key={`${e.kind}-${e.ts}`}>
              {e.kind} · {e.symbol} {e.price} (bid {e.bid}, ask {e.ask}) · {t("loans.ltv")} {pct(e.ltv)} ·{" "}
              {formatTime(new Date(e.ts).toISOString())}
            </p>
          ))}
        </>
      ) : null}
    </Drawer>
  );
}
