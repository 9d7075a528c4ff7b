// IEO: every project with its status, figures, times and seed hash; the admin creates
// projects and edits them before applications open; each project's entries (customer,
// applied, won, amount, status) open in a drawer. The server decides who may do what; the
// screen hides what the role would be refused.
import type { IeoOrderStatus, IeoProjectStatus, OperatorIeoEntry, OperatorIeoProject } from "@candor/contract";
import { ieoPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Drawer, Select, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { type ProjectFormValues, projectBody } from "./project-body";
import { ProjectForm } from "./project-form";

const STATUSES: IeoProjectStatus[] = ["upcoming", "issuing", "drawing", "paying", "completed", "listed"];
const STATUS_COLOR: Record<IeoProjectStatus, string> = {
  upcoming: "default",
  issuing: "blue",
  drawing: "gold",
  paying: "orange",
  completed: "green",
  listed: "cyan",
};
const ORDER_STATUSES: IeoOrderStatus[] = ["applied", "won", "lost", "paid", "expired", "delivered"];
const ORDER_COLOR: Record<IeoOrderStatus, string> = {
  applied: "blue",
  won: "gold",
  lost: "default",
  paid: "green",
  expired: "red",
  delivered: "cyan",
};

export function IeoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const [editing, setEditing] = useState<OperatorIeoProject | "new" | null>(null);
  const [entriesOf, setEntriesOf] = useState<OperatorIeoProject | null>(null);
  const admin = can(role, "ieoEdit");
  const list = usePagedList({
    key: "ieo-projects",
    filters: { status: undefined as IeoProjectStatus | undefined },
    fetch: (q) => get(ieoPaths.operatorList, q),
  });
  const { status } = list.filters;
  const save = useAction(
    (v: { values: ProjectFormValues; current: OperatorIeoProject | null }) =>
      v.current
        ? post(ieoPaths.operatorUpdate, { id: v.current.id, ...projectBody(v.values, v.current) })
        : post(ieoPaths.operatorCreate, projectBody(v.values, null)),
    {
      onSuccess: (_, v) => {
        setEditing(null);
        message.success(v.current ? t("common.saved") : t("ieo.created"));
        void client.invalidateQueries({ queryKey: ["ieo-projects"] });
      },
    },
  );
  const current = editing === "new" ? null : editing;
  return (
    <div>
      <Typography.Title level={3}>{t("ieo.title")}</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 200 }}
          value={status ?? "all"}
          onChange={(v) => list.setFilter("status", v === "all" ? undefined : (v as IeoProjectStatus))}
          options={[
            { value: "all", label: t("ieo.allStatuses") },
            ...STATUSES.map((s) => ({ value: s, label: t(`ieo.statuses.${s}`) })),
          ]}
          aria-label={t("ieo.status")}
        />
        {admin ? (
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("ieo.newProject")}
          </Button>
        ) : null}
      </Space>
      <PagedTable<OperatorIeoProject>
        list={list}
        size="small"
        locale={{ emptyText: t("ieo.noProjects") }}
        scroll={{ x: 1700 }}
        columns={[
          { title: "#", dataIndex: "id", width: 60 },
          { title: t("ieo.name"), dataIndex: "name", width: 180 },
          { title: t("ieo.symbol"), dataIndex: "symbol", width: 90 },
          {
            title: t("ieo.status"),
            dataIndex: "status",
            width: 150,
            render: (v: IeoProjectStatus) => <Tag color={STATUS_COLOR[v]}>{t(`ieo.statuses.${v}`)}</Tag>,
          },
          { title: t("ieo.estimatedPrice"), dataIndex: "estimatedPrice", width: 120 },
          { title: t("ieo.drawPrice"), dataIndex: "drawPrice", width: 100, render: (v: string | null) => v ?? "—" },
          { title: t("ieo.totalQuantity"), dataIndex: "totalQuantity", width: 110 },
          { title: t("ieo.maxPerCustomer"), dataIndex: "maxPerCustomer", width: 110 },
          {
            title: t("ieo.applied"),
            width: 150,
            render: (_, p) => t("ieo.appliedValue", { quantity: p.appliedQuantity, entries: p.entries }),
          },
          { title: t("ieo.paid"), dataIndex: "paidQuantity", width: 80 },
          {
            title: t("ieo.applyWindow"),
            width: 190,
            render: (_, p) => (
              <>
                {formatTime(p.applyStart)}
                <br />
                {formatTime(p.applyEnd)}
              </>
            ),
          },
          { title: t("ieo.drawAt"), dataIndex: "drawAt", width: 170, render: formatTime },
          { title: t("ieo.payEnd"), dataIndex: "payEnd", width: 170, render: formatTime },
          { title: t("ieo.listAt"), dataIndex: "listAt", width: 170, render: formatTime },
          {
            title: t("ieo.seedHash"),
            dataIndex: "seedHash",
            width: 120,
            render: (v: string, p) => (
              <Tooltip title={p.seed ? `${t("ieo.seed")}: ${p.seed}` : v}>
                <Typography.Text code>{v.slice(0, 10)}…</Typography.Text>
              </Tooltip>
            ),
          },
          {
            title: t("common.actions"),
            fixed: "right",
            width: 170,
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => setEntriesOf(p)}>
                  {t("ieo.entries")}
                </Button>
                {admin ? (
                  <Tooltip title={p.status === "upcoming" ? undefined : t("ieo.editOnlyBefore")}>
                    <Button size="small" disabled={p.status !== "upcoming"} onClick={() => setEditing(p)}>
                      {t("ieo.edit")}
                    </Button>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ProjectForm
        open={editing !== null}
        current={current}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(values) => save.mutate({ values, current })}
      />
      <EntriesDrawer project={entriesOf} onClose={() => setEntriesOf(null)} />
    </div>
  );
}

function EntriesDrawer({ project, onClose }: { project: OperatorIeoProject | null; onClose: () => void }) {
  const { t } = useTranslation();
  const list = usePagedList({
    key: "ieo-entries",
    scope: [project?.id],
    filters: { status: undefined as IeoOrderStatus | undefined },
    // Runs only with a project (enabled).
    fetch: (q) => get(ieoPaths.operatorEntries, { ...q, id: project?.id ?? 0 }),
    enabled: project !== null,
  });
  const { status } = list.filters;
  return (
    <Drawer
      open={project !== null}
      onClose={onClose}
      width={980}
      title={project ? t("ieo.entriesOf", { name: project.name, symbol: project.symbol }) : ""}
      destroyOnHidden
    >
      <Select
        style={{ width: 180, marginBottom: 12 }}
        value={status ?? "all"}
        onChange={(v) => list.setFilter("status", v === "all" ? undefined : (v as IeoOrderStatus))}
        options={[
          { value: "all", label: t("ieo.allStatuses") },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`ieo.orderStatuses.${s}`) })),
        ]}
        aria-label={t("ieo.status")}
      />
      <PagedTable<OperatorIeoEntry>
        list={list}
        size="small"
        locale={{ emptyText: t("ieo.noEntries") }}
        scroll={{ x: 1000 }}
        columns={[
          { title: t("ieo.order"), dataIndex: "id", width: 80 },
          { title: t("ieo.customer"), dataIndex: "userId", width: 90 },
          { title: t("ieo.quantity"), dataIndex: "quantity" },
          { title: t("ieo.wonQuantity"), dataIndex: "wonQuantity" },
          { title: t("ieo.amount"), dataIndex: "amount" },
          {
            title: t("ieo.status"),
            dataIndex: "status",
            render: (v: IeoOrderStatus) => <Tag color={ORDER_COLOR[v]}>{t(`ieo.orderStatuses.${v}`)}</Tag>,
          },
          { title: t("ieo.createdAt"), dataIndex: "createdAt", render: formatTime },
          { title: t("ieo.paidAt"), dataIndex: "paidAt", render: formatTime },
          { title: t("ieo.deliveredAt"), dataIndex: "deliveredAt", render: formatTime },
        ]}
      />
    </Drawer>
  );
}
