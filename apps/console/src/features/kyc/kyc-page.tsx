// KYC review: the queue by status (pending first-in first-out), each submission's
// documents (fetched with the staff token: identity images are never public), approve or
// reject with a reason the customer sees.

import type { OperatorKycRecord } from "@candor/contract";
import { kycPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Descriptions, Drawer, Image, Select, Space, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ReasonModal } from "../../app/reason-modal";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { fetchFileUrl, get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

type Status = OperatorKycRecord["status"];
const STATUS_COLOR: Record<Status, string> = { pending: "gold", passed: "green", rejected: "red" };

function PrivateImage({ url, label }: { url: string | null; label: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    fetchFileUrl(url)
      .then((u) => {
        objectUrl = u;
        setSrc(u);
      })
      .catch(() => setFailed(true));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!url) return null;
  return (
    <div>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div>
        {failed ? t("common.loadFailed") : src ? <Image src={src} width={240} alt={label} /> : t("common.loading")}
      </div>
    </div>
  );
}

export function KycPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const role = useSession()?.staff.role;
  const client = useQueryClient();
  const [open, setOpen] = useState<OperatorKycRecord | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const list = usePagedList({
    key: "kyc",
    filters: { status: "pending" as Status, level: undefined as "basic" | "advanced" | undefined },
    fetch: (q) => get(kycPaths.operatorList, q),
  });
  const { status, level } = list.filters;
  const done = (text: string) => {
    message.success(text);
    setOpen(null);
    setRejecting(false);
    void client.invalidateQueries({ queryKey: ["kyc"] });
    void client.invalidateQueries({ queryKey: ["dashboard"] });
  };
  const approve = useAction((id: number) => post(kycPaths.operatorApprove, { id }), {
    onSuccess: () => done(t("kyc.approved")),
  });
  const reject = useAction((v: { id: number; reason: string }) => post(kycPaths.operatorReject, v), {
    onSuccess: () => done(t("kyc.rejected")),
  });

  return (
    <div>
      <Typography.Title level={3}>{t("nav.kyc")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("common.status")}
          value={status}
          style={{ width: 160 }}
          onChange={(v: Status) => list.setFilter("status", v)}
          options={(["pending", "passed", "rejected"] as const).map((s) => ({ value: s, label: t(`kyc.status.${s}`) }))}
        />
        <Select
          aria-label={t("kyc.level")}
          allowClear
          placeholder={t("kyc.allLevels")}
          value={level}
          style={{ width: 160 }}
          onChange={(v) => list.setFilter("level", v)}
          options={(["basic", "advanced"] as const).map((l) => ({ value: l, label: t(`kyc.levels.${l}`) }))}
        />
      </Space>
      <PagedTable<OperatorKycRecord>
        list={list}
        columns={[
          { title: "ID", dataIndex: "id", width: 80 },
          { title: t("common.customer"), dataIndex: "username" },
          { title: t("kyc.level"), dataIndex: "level", render: (l: string) => t(`kyc.levels.${l}`) },
          { title: t("kyc.realName"), dataIndex: "realName" },
          { title: t("kyc.country"), dataIndex: "countryCode" },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (s: Status) => <Tag color={STATUS_COLOR[s]}>{t(`kyc.status.${s}`)}</Tag>,
          },
          { title: t("common.submittedAt"), dataIndex: "createdAt", render: formatTime },
          {
            title: t("common.actions"),
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r)}>
                {r.status === "pending" && can(role, "kycReview") ? t("kyc.review") : t("common.view")}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        size={640}
        title={open ? t("kyc.drawerTitle", { id: open.id, user: open.username }) : ""}
        onClose={() => setOpen(null)}
        extra={
          open?.status === "pending" &&
          can(role, "kycReview") && (
            <Space>
              <Button danger onClick={() => setRejecting(true)}>
                {t("common.reject")}
              </Button>
              <Button type="primary" loading={approve.isPending} onClick={() => open && approve.mutate(open.id)}>
                {t("common.approve")}
              </Button>
            </Space>
          )
        }
      >
        {open && (
          <Space direction="vertical" size="large" style={{ width: "100%" }}>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t("common.customer")}>
                {open.username} (#{open.userId})
              </Descriptions.Item>
              <Descriptions.Item label={t("kyc.level")}>{t(`kyc.levels.${open.level}`)}</Descriptions.Item>
              <Descriptions.Item label={t("kyc.documentType")}>
                {open.documentType ? t(`kyc.documents.${open.documentType}`) : "—"}
              </Descriptions.Item>
              <Descriptions.Item label={t("kyc.realName")}>{open.realName ?? "—"}</Descriptions.Item>
              <Descriptions.Item label={t("kyc.documentNumber")}>{open.documentNumber ?? "—"}</Descriptions.Item>
              <Descriptions.Item label={t("kyc.country")}>{open.countryCode ?? "—"}</Descriptions.Item>
              {open.details && (
                <Descriptions.Item label={t("kyc.details")}>
                  <pre style={{ margin: 0, whiteSpace: "pre-wrap" }}>{JSON.stringify(open.details, null, 2)}</pre>
                </Descriptions.Item>
              )}
              {open.rejectReason && (
                <Descriptions.Item label={t("kyc.rejectReason")}>{open.rejectReason}</Descriptions.Item>
              )}
            </Descriptions>
            <Space wrap>
              <PrivateImage url={open.frontImageUrl} label={t("kyc.front")} />
              <PrivateImage url={open.backImageUrl} label={t("kyc.back")} />
            </Space>
          </Space>
        )}
      </Drawer>
      <ReasonModal
        open={rejecting}
        title={t("kyc.rejectTitle")}
        busy={reject.isPending}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => open && reject.mutate({ id: open.id, reason })}
      />
    </div>
  );
}
