// Staff accounts (admin): create with a role and a first password (the authenticator is
// enrolled at the first login), change role or name, reset the authenticator or the
// password, disable; and every live staff session, revocable.

import type { StaffRecord, StaffRole, StaffSessionRecord, StaffUpdateBody } from "@candor/contract";
import { staffPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError, usePaging } from "../../app/page-state";
import { PagedTable, useAction, usePagedList } from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";

const ROLES: StaffRole[] = ["support", "compliance", "finance", "admin"];

interface EditValues {
  username?: string;
  displayName?: string;
  role: StaffRole;
  password?: string;
  disabled?: boolean;
  resetTotp?: boolean;
}

function StaffForm({ editing, onClose }: { editing: StaffRecord | "new"; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const [error, setError] = useState<string | null>(null);
  const isNew = editing === "new";
  const save = useAction(
    (v: EditValues) => {
      if (isNew) {
        return post(staffPaths.create, {
          username: v.username ?? "",
          displayName: v.displayName,
          role: v.role,
          password: v.password ?? "",
        });
      }
      const body: StaffUpdateBody = { id: editing.id, role: v.role, displayName: v.displayName ?? "" };
      if (v.password) body.password = v.password;
      if (v.disabled !== editing.disabled) body.disabled = v.disabled;
      if (v.resetTotp) body.resetTotp = true;
      if (v.role === editing.role) delete body.role;
      return post(staffPaths.update, body);
    },
    {
      success: t("common.saved"),
      invalidate: [["staff"], ["staff-sessions"]],
      onSuccess: onClose,
      onFailure: setError,
    },
  );
  return (
    <Modal
      open
      title={isNew ? t("staff.create") : t("staff.edit", { name: editing.username })}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={
          isNew
            ? { role: "support" }
            : { role: editing.role, displayName: editing.displayName, disabled: editing.disabled }
        }
        onFinish={(v) => save.mutate(v)}
      >
        {isNew && (
          <Form.Item
            name="username"
            label={t("staff.username")}
            rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9._-]{2,31}$/, message: t("staff.usernameRule") }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="displayName" label={t("staff.displayName")}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="role" label={t("staff.role")} rules={[{ required: true }]}>
          <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        <Form.Item
          name="password"
          label={isNew ? t("staff.password") : t("staff.newPassword")}
          rules={[
            { required: isNew, message: t("form.required") },
            { pattern: /^(?=.*[A-Za-z])(?=.*\d).{10,64}$/, message: t("staff.passwordRule") },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {!isNew && (
          <Space size="large">
            <Form.Item name="disabled" label={t("staff.disabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="resetTotp" label={t("staff.resetTotp")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Modal>
  );
}

function Accounts() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<StaffRecord | "new" | null>(null);
  const list = usePagedList({
    key: "staff",
    filters: { search: "", role: undefined as StaffRole | undefined },
    fetch: (q) => get(staffPaths.list, q),
  });
  const { role } = list.filters;
  return (
    <div>
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t("staff.search")}
          placeholder={t("staff.search")}
          allowClear
          onSearch={(v) => list.setFilter("search", v.trim())}
        />
        <Select
          aria-label={t("staff.role")}
          allowClear
          placeholder={t("staff.allRoles")}
          style={{ width: 160 }}
          value={role}
          onChange={(v) => list.setFilter("role", v)}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <Button type="primary" onClick={() => setEditing("new")}>
          {t("staff.create")}
        </Button>
      </Space>
      <PagedTable<StaffRecord>
        list={list}
        columns={[
          { title: "ID", dataIndex: "id", width: 70 },
          { title: t("staff.username"), dataIndex: "username" },
          { title: t("staff.displayName"), dataIndex: "displayName" },
          { title: t("staff.role"), dataIndex: "role", render: (r: StaffRole) => <Tag>{t(`roles.${r}`)}</Tag> },
          {
            title: t("staff.totp"),
            dataIndex: "totpEnrolled",
            render: (v: boolean, r) => (
              <Space>
                {v ? t("staff.enrolled") : t("staff.notEnrolled")}
                {r.totpLockedUntil && (
                  <Tag color="red" title={t("staff.totpLockedHelp")}>
                    {t("staff.totpLocked", { until: formatTime(r.totpLockedUntil) })}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t("common.status"),
            dataIndex: "disabled",
            render: (v: boolean) =>
              v ? <Tag color="red">{t("staff.disabled")}</Tag> : <Tag color="green">{t("staff.active")}</Tag>,
          },
          { title: t("staff.lastSeen"), dataIndex: "lastSeenAt", render: formatTime },
          {
            title: t("common.actions"),
            render: (_, r) => (
              <Button size="small" onClick={() => setEditing(r)}>
                {t("common.edit")}
              </Button>
            ),
          },
        ]}
      />
      {editing && <StaffForm editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const paging = usePaging();
  const query = useQuery({
    queryKey: ["staff-sessions", paging.pageNo, paging.pageSize],
    queryFn: () =>
      get(staffPaths.sessions, {
        pageNo: paging.pageNo,
        pageSize: paging.pageSize,
      }),
  });
  const revoke = useAction((id: number) => post(staffPaths.revokeSession, { id }), {
    onSuccess: () => {
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["staff-sessions"] });
    },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Table<StaffSessionRecord>
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.records ?? []}
      pagination={paging.pagination(query.data?.total)}
      columns={[
        { title: t("staff.username"), dataIndex: "username" },
        { title: t("staff.role"), dataIndex: "role", render: (r: StaffRole) => t(`roles.${r}`) },
        { title: t("staff.ip"), dataIndex: "ip" },
        { title: t("staff.device"), dataIndex: "device", ellipsis: true },
        { title: t("staff.loginAt"), dataIndex: "createdAt", render: formatTime },
        { title: t("staff.lastSeen"), dataIndex: "lastSeenAt", render: formatTime },
        { title: t("staff.endsAt"), dataIndex: "idleExpiresAt", render: formatTime },
        {
          title: t("common.actions"),
          render: (_, s) =>
            s.current ? (
              <Tag>{t("staff.thisSession")}</Tag>
            ) : (
              <Popconfirm title={t("staff.revokeConfirm")} onConfirm={() => revoke.mutate(s.id)}>
                <Button size="small" danger>
                  {t("staff.revoke")}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={3}>{t("nav.staff")}</Typography.Title>
      <Tabs
        items={[
          { key: "accounts", label: t("staff.accounts"), children: <Accounts /> },
          { key: "sessions", label: t("staff.sessions"), children: <Sessions /> },
        ]}
      />
    </div>
  );
}
