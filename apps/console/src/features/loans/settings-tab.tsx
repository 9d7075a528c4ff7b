// Loans: the loan settings (create, edit, stop offering).
import type { LoanSetInput, LoanType, OperatorLoanSet } from "@candor/contract";
import { loanPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Space, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { useAction } from "../../kit";
import { get, post, put } from "../../lib/api";
import { pct } from "./paths";
import { type SetFormValues, setBody, toggleBody } from "./set-body";
import { SetForm } from "./set-form";

export function SettingsTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<OperatorLoanSet | null | "new">(null);
  const query = useQuery({
    queryKey: ["loan-settings"],
    queryFn: () => get(loanPaths.operatorSettings),
  });
  const save = useAction(
    (v: { body: LoanSetInput; id?: number }) =>
      v.id ? put(loanPaths.operatorSetting, v.body, { id: v.id }) : post(loanPaths.operatorSettings, v.body),
    {
      onSuccess: () => {
        setEditing(null);
        message.success(t("common.saved"));
        void client.invalidateQueries({ queryKey: ["loan-settings"] });
      },
    },
  );
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
