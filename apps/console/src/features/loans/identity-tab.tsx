// Loans: the customers' loan identity checks, passed or sent back with a reason.
import type { LoanIdentityState, OperatorLoanIdentity } from "@candor/contract";
import { loanPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/page-state";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { fetchFileUrl, get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

const STATES: LoanIdentityState[] = ["pending", "retry", "passed", "start"];

export function IdentityTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const [retrying, setRetrying] = useState<OperatorLoanIdentity | null>(null);
  const decide = can(role, "loanIdentityReview");
  const list = usePagedList({
    key: "loan-identity",
    filters: { state: "pending" as LoanIdentityState | undefined },
    fetch: (q) => get(loanPaths.operatorIdentityChecks, q),
  });
  const { state } = list.filters;
  const act = useAction(
    (v: { userId: number; decision: "passed" | "retry"; reason?: string }) =>
      post(loanPaths.operatorIdentityDecide, { decision: v.decision, reason: v.reason }, { userId: v.userId }),
    {
      onSuccess: () => {
        setRetrying(null);
        message.success(t("common.saved"));
        void client.invalidateQueries({ queryKey: ["loan-identity"] });
      },
    },
  );
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
        onChange={(v) => list.setFilter("state", v === "all" ? undefined : (v as LoanIdentityState))}
        options={[
          { value: "all", label: t("loans.allStates") },
          ...STATES.map((s) => ({ value: s, label: t(`loans.identityStates.${s}`) })),
        ]}
        aria-label={t("loans.status")}
      />
      <PagedTable<OperatorLoanIdentity>
        list={list}
        rowKey="userId"
        size="small"
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
