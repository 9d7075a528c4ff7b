// Trading contests: every contest with its period, entry window, prize pool and split,
// virtual entry funds, eligible symbols and entrants; admins create contests and edit
// them until they start; each contest's entries in rank order with their results and
// the prizes paid (with the ledger transfer). Finance views.
import type { ContestInput } from "@candor/contract";
import { percentOf } from "@candor/domain";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Drawer, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { type ContestFormValues, contestBody } from "./contest-body";
import { ContestForm } from "./contest-form";
import { CONTEST_PATHS, type ContestStatus, type OperatorContest, type OperatorContestEntry } from "./types";

const STATUSES: ContestStatus[] = [1, 0, -2];
const STATUS_COLOR: Record<ContestStatus, string> = { 1: "green", 0: "blue", [-2]: "default", [-3]: "orange" };
/** A fraction as a percentage for display ("0.5" → "50 %"), exact (packages/domain). */
const pct = (v: string | null | undefined) => (v ? `${percentOf(v, 8)} %` : "—");

/** A contest's name in the console's language (English when it has none). */
const nameIn = (c: OperatorContest, lang: string) => c.name[lang] ?? c.name["en-us"] ?? Object.values(c.name)[0] ?? "";

export function ContestsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const editor = can(role, "contestsEdit");
  const client = useQueryClient();
  const list = usePagedList({
    key: "contests",
    filters: { status: undefined as ContestStatus | undefined },
    fetch: (q) => get(CONTEST_PATHS.list, q),
  });
  const { status } = list.filters;
  const [editing, setEditing] = useState<OperatorContest | "new" | null>(null);
  const [entriesOf, setEntriesOf] = useState<OperatorContest | null>(null);
  const save = useAction(
    (v: { body: ContestInput; id?: number }) =>
      v.id ? post(CONTEST_PATHS.update, { id: v.id, contest: v.body }) : post(CONTEST_PATHS.create, v.body),
    {
      onSuccess: () => {
        setEditing(null);
        message.success(t("common.saved"));
        void client.invalidateQueries({ queryKey: ["contests"] });
      },
    },
  );
  const current = editing === "new" ? null : editing;
  return (
    <div>
      <Typography.Title level={3}>{t("contests.title")}</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 180 }}
          value={status ?? "all"}
          onChange={(v) => list.setFilter("status", v === "all" ? undefined : (Number(v) as ContestStatus))}
          options={[
            { value: "all", label: t("contests.allStatuses") },
            ...STATUSES.map((s) => ({ value: String(s), label: t(`contests.statuses.${s}`) })),
          ]}
          aria-label={t("contests.status")}
        />
        {editor ? (
          <Button type="primary" onClick={() => setEditing("new")}>
            {t("contests.newContest")}
          </Button>
        ) : null}
      </Space>
      <PagedTable<OperatorContest>
        list={list}
        size="small"
        locale={{ emptyText: t("contests.noContests") }}
        scroll={{ x: 1500 }}
        columns={[
          { title: "#", dataIndex: "id", width: 60 },
          { title: t("contests.name"), render: (_, c) => nameIn(c, i18n.language) },
          {
            title: t("contests.period"),
            render: (_, c) => `${formatTime(c.startAt)} – ${formatTime(c.endAt)}`,
          },
          {
            title: t("contests.entryWindow"),
            render: (_, c) => `${formatTime(c.entryStart)} – ${formatTime(c.entryEnd)}`,
          },
          { title: t("contests.prize"), render: (_, c) => `${c.prize} USDT` },
          { title: t("contests.prizeSplit"), render: (_, c) => c.prizeSplit.map(pct).join(" / ") },
          { title: t("contests.entryFunds"), render: (_, c) => `${c.entryFunds} ${c.currency}` },
          { title: t("contests.symbols"), render: (_, c) => c.symbols.join(", ") },
          { title: t("contests.entrants"), dataIndex: "entrants", width: 90 },
          {
            title: t("contests.status"),
            dataIndex: "status",
            render: (v: ContestStatus) => <Tag color={STATUS_COLOR[v]}>{t(`contests.statuses.${v}`)}</Tag>,
          },
          { title: t("contests.prizesPaid"), render: (_, c) => `${c.prizesPaid} USDT` },
          {
            title: t("common.actions"),
            fixed: "right",
            width: 180,
            render: (_, c) => (
              <Space>
                <Button size="small" onClick={() => setEntriesOf(c)}>
                  {t("contests.entries")}
                </Button>
                {editor && c.status === 0 ? (
                  <Button size="small" onClick={() => setEditing(c)}>
                    {t("contests.edit")}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <ContestForm
        open={editing !== null}
        current={current}
        busy={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={(v: ContestFormValues) => save.mutate({ id: current?.id, body: contestBody(v, current) })}
      />
      <EntriesDrawer contest={entriesOf} onClose={() => setEntriesOf(null)} />
    </div>
  );
}

function EntriesDrawer({ contest, onClose }: { contest: OperatorContest | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = contest?.id ?? null;
  const list = usePagedList({
    key: "contest-entries",
    scope: [id],
    fetch: (q) => get(CONTEST_PATHS.entries, { ...q, id: id ?? 0 }),
    enabled: id !== null,
    refetchInterval: 10_000,
  });
  return (
    <Drawer
      open={contest !== null}
      onClose={onClose}
      width={1100}
      title={t("contests.entriesTitle", { name: contest ? nameIn(contest, i18n.language) : "" })}
    >
      <PagedTable<OperatorContestEntry>
        list={list}
        rowKey="entryId"
        size="small"
        locale={{ emptyText: t("contests.noEntries") }}
        scroll={{ x: 1000 }}
        columns={[
          { title: t("contests.rank"), dataIndex: "rank", width: 70, render: (v: number | null) => v ?? "—" },
          { title: t("contests.nickname"), dataIndex: "nickname" },
          { title: t("contests.customer"), dataIndex: "userId", width: 90 },
          {
            title: t("contests.status"),
            dataIndex: "status",
            render: (v: ContestStatus) => <Tag color={STATUS_COLOR[v]}>{t(`contests.statuses.${v}`)}</Tag>,
          },
          { title: t("contests.equity"), dataIndex: "equity" },
          { title: t("contests.yieldRate"), dataIndex: "yieldRate", render: pct },
          { title: t("contests.dailyProfit"), dataIndex: "dailyProfit" },
          { title: t("contests.totalProfit"), dataIndex: "totalProfit" },
          { title: t("contests.entryTime"), dataIndex: "entryTime", render: formatTime },
          { title: t("contests.exitTime"), dataIndex: "exitTime", render: formatTime },
          { title: t("contests.prizePaid"), dataIndex: "prizePaid", render: (v: string | null) => v ?? "—" },
          {
            title: t("contests.transfer"),
            dataIndex: "prizeTransferId",
            render: (v: number | null) => (v === null ? "—" : `#${v}`),
          },
        ]}
      />
    </Drawer>
  );
}
