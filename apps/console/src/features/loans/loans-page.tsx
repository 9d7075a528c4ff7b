// Loans: every customer's loans (credit applications approved or rejected with a reason
// the customer reads), the loan identity checks (passed, or sent back with a reason), and
// the loan settings (create, edit, stop offering). The server decides who may do what; the
// screen hides what the role would be refused.
import type {
  LoanIdentityState,
  LoanStatus,
  LoanType,
  OperatorLoanIdentity,
  OperatorLoanOrder,
  OperatorLoanOrderDetail,
  OperatorLoanSet,
  Page,
} from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Drawer, Select, Space, Table, Tabs, Tag, Timeline, Typography } from "antd";
import { type ReactElement, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText, QueryError, usePaging } from "../../app/page-state";
import { ReasonModal } from "../../app/reason-modal";
import { fetchFileUrl, get, post, put } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { SetForm, type SetFormValues, setBody, toggleBody } from "./set-form";

const P = "/api/operator/loans";
const STATUSES: LoanStatus[] = ["under_review", "passed", "overdue", "rejected", "repaid", "liquidated"];
const STATUS_COLOR: Record<LoanStatus, string> = {
  under_review: "gold",
  passed: "blue",
  overdue: "red",
  rejected: "default",
  repaid: "green",
  liquidated: "volcano",
};
const STATES: LoanIdentityState[] = ["pending", "retry", "passed", "start"];
/** A fraction as a percentage for display ("0.0005" → "0.05 %"); exact enough for reading, never used for money. */
const pct = (v: string | null | undefined) => (v ? `${Number((Number(v) * 100).toPrecision(10))} %` : "—");

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
  const paging = usePaging();
  const [status, setStatus] = useState<LoanStatus | undefined>("under_review");
  const [type, setType] = useState<LoanType | undefined>(undefined);
  const [rejecting, setRejecting] = useState<OperatorLoanOrder | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const review = can(role, "loansReview");
  const query = useQuery({
    queryKey: ["loan-orders", status, type, paging.pageNo, paging.pageSize],
    queryFn: () =>
      get<Page<OperatorLoanOrder>>(`${P}/orders`, { status, type, pageNo: paging.pageNo, pageSize: paging.pageSize }),
  });
  const act = useMutation({
    mutationFn: (v: { id: number; action: "approve" | "reject"; reason?: string }) =>
      post(`${P}/orders/${v.id}/${v.action}`, v.reason ? { reason: v.reason } : {}),
    onSuccess: () => {
      setRejecting(null);
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["loan-orders"] });
      void client.invalidateQueries({ queryKey: ["loan-order"] });
    },
    onError: (err) => message.error(errorText(err)),
  });
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 180 }}
          value={status ?? "all"}
          onChange={(v) => {
            setStatus(v === "all" ? undefined : (v as LoanStatus));
            paging.reset();
          }}
          options={[
            { value: "all", label: t("loans.allStatuses") },
            ...STATUSES.map((s) => ({ value: s, label: t(`loans.statuses.${s}`) })),
          ]}
          aria-label={t("loans.status")}
        />
        <Select
          style={{ width: 160 }}
          value={type ?? "all"}
          onChange={(v) => {
            setType(v === "all" ? undefined : (v as LoanType));
            paging.reset();
          }}
          options={[
            { value: "all", label: t("loans.allTypes") },
            { value: "credit", label: t("loans.types.credit") },
            { value: "pledge", label: t("loans.types.pledge") },
          ]}
          aria-label={t("loans.type")}
        />
      </Space>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<OperatorLoanOrder>
          rowKey="id"
          size="small"
          loading={query.isPending}
          dataSource={query.data?.records}
          pagination={paging.pagination(query.data?.total)}
          locale={{ emptyText: t("loans.noOrders") }}
          scroll={{ x: 1500 }}
          columns={[
            { title: "#", dataIndex: "id", width: 70 },
            { title: t("loans.customer"), dataIndex: "userId", width: 90 },
            { title: t("loans.type"), dataIndex: "type", render: (v: LoanType) => t(`loans.types.${v}`) },
            { title: t("loans.amount"), render: (_, o) => `${o.amount} ${o.currency}` },
            { title: t("loans.days"), dataIndex: "days" },
            { title: t("loans.dailyRate"), dataIndex: "dailyRate", render: pct },
            {
              title: t("loans.collateral"),
              render: (_, o) => (o.collateralCurrency ? `${o.collateralAmount} ${o.collateralCurrency}` : "—"),
            },
            { title: t("loans.ltv"), dataIndex: "ltv", render: pct },
            { title: t("loans.outstanding"), render: (_, o) => `${o.outstanding} ${o.currency}` },
            { title: t("loans.kyc"), dataIndex: "kycLevel" },
            {
              title: t("loans.identityCheck"),
              dataIndex: "identityCheck",
              render: (v: LoanIdentityState) => t(`loans.identityStates.${v}`),
            },
            {
              title: t("loans.status"),
              dataIndex: "status",
              render: (v: LoanStatus) => <Tag color={STATUS_COLOR[v]}>{t(`loans.statuses.${v}`)}</Tag>,
            },
            { title: t("loans.created"), dataIndex: "createdAt", render: formatTime },
            {
              title: t("common.actions"),
              fixed: "right",
              width: 250,
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
      )}
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

function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["loan-order", id],
    queryFn: () => get<OperatorLoanOrderDetail>(`${P}/orders/${id}`),
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

function IdentityTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const paging = usePaging();
  const [state, setState] = useState<LoanIdentityState | undefined>("pending");
  const [retrying, setRetrying] = useState<OperatorLoanIdentity | null>(null);
  const decide = can(role, "loanIdentityReview");
  const query = useQuery({
    queryKey: ["loan-identity", state, paging.pageNo, paging.pageSize],
    queryFn: () =>
      get<Page<OperatorLoanIdentity>>(`${P}/identity-checks`, {
        state,
        pageNo: paging.pageNo,
        pageSize: paging.pageSize,
      }),
  });
  const act = useMutation({
    mutationFn: (v: { userId: number; decision: "passed" | "retry"; reason?: string }) =>
      post(`${P}/identity-checks/${v.userId}/decide`, { decision: v.decision, reason: v.reason }),
    onSuccess: () => {
      setRetrying(null);
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["loan-identity"] });
    },
    onError: (err) => message.error(errorText(err)),
  });
  const showPhoto = async (url: string) => {
    try {
      const src = await fetchFileUrl(url);
      modal.info({
        width: 640,
        title: t("loans.photo"),
        content: <img src={src} alt="" style={{ maxWidth: "100%" }} />,
      });
    } catch (err) {
      message.error(errorText(err));
    }
  };
  return (
    <>
      <Select
        style={{ width: 200, marginBottom: 12 }}
        value={state ?? "all"}
        onChange={(v) => {
          setState(v === "all" ? undefined : (v as LoanIdentityState));
          paging.reset();
        }}
        options={[
          { value: "all", label: t("loans.allStates") },
          ...STATES.map((s) => ({ value: s, label: t(`loans.identityStates.${s}`) })),
        ]}
        aria-label={t("loans.status")}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<OperatorLoanIdentity>
          rowKey="userId"
          size="small"
          loading={query.isPending}
          dataSource={query.data?.records}
          pagination={paging.pagination(query.data?.total)}
          locale={{ emptyText: t("loans.noChecks") }}
          columns={[
            { title: t("loans.customer"), dataIndex: "userId" },
            { title: t("loans.realName"), dataIndex: "realName" },
            { title: t("loans.idNumber"), dataIndex: "idNumber" },
            { title: t("loans.kyc"), dataIndex: "kycLevel" },
            {
              title: t("loans.photo"),
              dataIndex: "photo",
              render: (url: string | null) =>
                url ? (
                  <Button size="small" onClick={() => void showPhoto(url)}>
                    {t("loans.viewPhoto")}
                  </Button>
                ) : (
                  "—"
                ),
            },
            {
              title: t("loans.status"),
              dataIndex: "state",
              render: (v: LoanIdentityState) => t(`loans.identityStates.${v}`),
            },
            { title: t("loans.reason"), dataIndex: "reason", render: (v: string | null) => v ?? "—" },
            { title: t("loans.submitted"), dataIndex: "submittedAt", render: formatTime },
            { title: t("loans.decided"), dataIndex: "decidedAt", render: formatTime },
            {
              title: t("common.actions"),
              render: (_, c) =>
                decide && c.state === "pending" ? (
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      onClick={() =>
                        modal.confirm({
                          title: t("loans.pass"),
                          content: t("loans.passConfirm", { userId: c.userId }),
                          okText: t("loans.pass"),
                          cancelText: t("common.cancel"),
                          onOk: () => act.mutateAsync({ userId: c.userId, decision: "passed" }),
                        })
                      }
                    >
                      {t("loans.pass")}
                    </Button>
                    <Button size="small" danger onClick={() => setRetrying(c)}>
                      {t("loans.askRetry")}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
      <ReasonModal
        open={retrying !== null}
        title={t("loans.retryTitle", { userId: retrying?.userId })}
        busy={act.isPending}
        onCancel={() => setRetrying(null)}
        onSubmit={(reason) => retrying && act.mutate({ userId: retrying.userId, decision: "retry", reason })}
      />
    </>
  );
}

function SettingsTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<OperatorLoanSet | null | "new">(null);
  const query = useQuery({
    queryKey: ["loan-settings"],
    queryFn: () => get<OperatorLoanSet[]>(`${P}/settings`),
  });
  const save = useMutation({
    mutationFn: (v: { body: object; id?: number }) =>
      v.id ? put(`${P}/settings/${v.id}`, v.body) : post(`${P}/settings`, v.body),
    onSuccess: () => {
      setEditing(null);
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["loan-settings"] });
    },
    onError: (err) => message.error(errorText(err)),
  });
  const current = editing === "new" ? null : editing;
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing("new")}>
        {t("loans.newSet")}
      </Button>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table<OperatorLoanSet>
          rowKey="id"
          size="small"
          loading={query.isPending}
          dataSource={query.data}
          pagination={false}
          locale={{ emptyText: t("loans.noSets") }}
          scroll={{ x: 1300 }}
          columns={[
            { title: "#", dataIndex: "id", width: 60 },
            { title: t("loans.type"), dataIndex: "type", render: (v: LoanType) => t(`loans.types.${v}`) },
            { title: t("loans.name"), dataIndex: "name" },
            { title: t("loans.amount"), render: (_, s) => `${s.minAmount} – ${s.maxAmount} ${s.currency}` },
            { title: t("loans.terms"), render: (_, s) => s.days.join(", ") },
            { title: t("loans.dailyRate"), dataIndex: "dailyRate", render: pct },
            { title: t("loans.interestFreeDays"), dataIndex: "interestFreeDays" },
            { title: t("loans.overdueRate"), dataIndex: "overdueRate", render: pct },
            {
              title: t("loans.ltv"),
              render: (_, s) =>
                s.type === "pledge"
                  ? `${pct(s.initialLtv)} / ${pct(s.marginCallLtv)} / ${pct(s.liquidationLtv)} (${(s.collateralCurrencies ?? []).join(", ")})`
                  : "—",
            },
            {
              title: t("loans.enabled"),
              dataIndex: "enabled",
              render: (v: boolean) => (v ? <Tag color="green">{t("loans.enabled")}</Tag> : <Tag>—</Tag>),
            },
            {
              title: t("common.actions"),
              fixed: "right",
              width: 200,
              render: (_, s) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(s)}>
                    {t("loans.edit")}
                  </Button>
                  <Button
                    size="small"
                    danger={s.enabled}
                    onClick={() =>
                      s.enabled
                        ? modal.confirm({
                            title: t("loans.disable"),
                            content: t("loans.disableConfirm", { name: s.name }),
                            okText: t("loans.disable"),
                            cancelText: t("common.cancel"),
                            onOk: () => save.mutateAsync({ id: s.id, body: toggleBody(s, false) }),
                          })
                        : save.mutate({ id: s.id, body: toggleBody(s, true) })
                    }
                  >
                    {s.enabled ? t("loans.disable") : t("loans.enable")}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <SetForm
        open={editing !== null}
        current={current}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v: SetFormValues) => save.mutate({ id: current?.id, body: setBody(v, current) })}
      />
    </>
  );
}
