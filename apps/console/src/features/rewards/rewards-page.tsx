// Rewards: welfare tasks (create, edit, deactivate; titles in all eight languages) and VIP
// levels (threshold, one-time gift, weekly red envelope). Admin edits; finance may look.

import { LANGS, type OperatorLevel, type OperatorTask, type OperatorTaskInput } from "@candor/contract";
import { rewardPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
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
import { QueryError } from "../../app/page-state";
import { useAction } from "../../kit";
import { get, post, put } from "../../lib/api";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";

const EVENTS = ["kyc_verified", "deposit", "trade", "earn_order", "totp_enabled"] as const;
const amount = /^\d+(\.\d+)?$/;

export function RewardsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Title level={3}>{t("nav.rewards")}</Typography.Title>
      <Tabs
        items={[
          { key: "tasks", label: t("rewards.tasks"), children: <TasksTab /> },
          { key: "levels", label: t("rewards.levels"), children: <LevelsTab /> },
        ]}
      />
    </div>
  );
}

type TaskValues = {
  scope: "personal" | "team";
  event: (typeof EVENTS)[number];
  target: number;
  reward: string;
  active: boolean;
  sort: number;
  /** Every language (the form requires all eight). */
  title: OperatorTaskInput["title"];
};

function TasksTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const manage = can(useSession()?.staff.role, "rewardsEdit");
  const [editing, setEditing] = useState<OperatorTask | "new" | null>(null);
  const [form] = Form.useForm<TaskValues>();
  const query = useQuery({
    queryKey: ["rewards-tasks"],
    queryFn: () => get(rewardPaths.operatorTasks),
  });
  const save = useAction(
    (v: TaskValues) => {
      const body = { ...v, reward: String(v.reward), startsAt: null, endsAt: null };
      return editing && editing !== "new"
        ? put(
            rewardPaths.operatorTask,
            { ...body, startsAt: editing.startsAt, endsAt: editing.endsAt },
            { id: editing.id },
          )
        : post(rewardPaths.operatorTasks, body);
    },
    {
      onSuccess: () => {
        message.success(t("common.saved"));
        setEditing(null);
        void client.invalidateQueries({ queryKey: ["rewards-tasks"] });
      },
    },
  );
  const open = (task: OperatorTask | "new") => {
    setEditing(task);
    form.setFieldsValue(
      task === "new"
        ? { scope: "personal", event: "deposit", target: 1, reward: "1", active: true, sort: 0, title: {} }
        : {
            scope: task.scope,
            event: task.event,
            target: task.target,
            reward: task.reward,
            active: task.active,
            sort: task.sort,
            title: task.title,
          },
    );
  };
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      {manage ? (
        <Button type="primary" onClick={() => open("new")} style={{ marginBottom: 12 }}>
          {t("rewards.newTask")}
        </Button>
      ) : null}
      <Table<OperatorTask>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: "ID", dataIndex: "id", width: 60 },
          { title: t("rewards.scope"), dataIndex: "scope", render: (v: string) => t(`rewards.scopes.${v}`) },
          { title: t("rewards.title"), render: (_, r) => r.title["en-us"] },
          { title: t("rewards.event"), dataIndex: "event", render: (v: string) => t(`rewards.events.${v}`) },
          { title: t("rewards.target"), dataIndex: "target" },
          { title: t("rewards.reward"), render: (_, r) => `${r.reward} ${r.currency}` },
          {
            title: t("rewards.active"),
            dataIndex: "active",
            render: (v: boolean) => <Tag color={v ? "green" : "default"}>{v ? t("rewards.on") : t("rewards.off")}</Tag>,
          },
          ...(manage
            ? [
                {
                  title: t("common.actions"),
                  render: (_: unknown, r: OperatorTask) => <Button onClick={() => open(r)}>{t("common.edit")}</Button>,
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === "new" ? t("rewards.newTask") : t("common.edit")}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate(v))}
        confirmLoading={save.isPending}
        width={640}
      >
        <Form form={form} layout="vertical">
          <Space wrap>
            <Form.Item name="scope" label={t("rewards.scope")} rules={[{ required: true }]}>
              <Select
                style={{ width: 140 }}
                options={["personal", "team"].map((v) => ({ value: v, label: t(`rewards.scopes.${v}`) }))}
              />
            </Form.Item>
            <Form.Item name="event" label={t("rewards.event")} rules={[{ required: true }]}>
              <Select
                style={{ width: 220 }}
                options={EVENTS.map((v) => ({ value: v, label: t(`rewards.events.${v}`) }))}
              />
            </Form.Item>
            <Form.Item name="target" label={t("rewards.target")} rules={[{ required: true }]}>
              <InputNumber min={1} max={100000} precision={0} />
            </Form.Item>
            <Form.Item
              name="reward"
              label={`${t("rewards.reward")} (USDT)`}
              rules={[{ required: true, pattern: amount }]}
            >
              <Input style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="sort" label={t("rewards.sort")}>
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label={t("rewards.active")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          {LANGS.map((lang) => (
            <Form.Item
              key={lang}
              name={["title", lang]}
              label={`${t("rewards.title")} (${lang})`}
              rules={[{ required: true, max: 200 }]}
            >
              <Input />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}

type LevelValues = { level: number; name: string; minAssetsUsdt: string; gift: string; weeklyRedEnvelope: string };

function LevelsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const manage = can(useSession()?.staff.role, "rewardsEdit");
  const [editing, setEditing] = useState<OperatorLevel | null>(null);
  const [form] = Form.useForm<LevelValues>();
  const query = useQuery({
    queryKey: ["rewards-levels"],
    queryFn: () => get(rewardPaths.operatorLevels),
  });
  const save = useAction((v: LevelValues) => post(rewardPaths.operatorLevels, { ...v, benefits: editing?.benefits }), {
    onSuccess: () => {
      message.success(t("common.saved"));
      setEditing(null);
      void client.invalidateQueries({ queryKey: ["rewards-levels"] });
    },
  });
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Table<OperatorLevel>
        rowKey="level"
        loading={query.isPending}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: t("rewards.level"), dataIndex: "name" },
          { title: t("rewards.minAssets"), dataIndex: "minAssetsUsdt" },
          { title: t("rewards.gift"), dataIndex: "gift" },
          { title: t("rewards.envelope"), dataIndex: "weeklyRedEnvelope" },
          ...(manage
            ? [
                {
                  title: t("common.actions"),
                  render: (_: unknown, r: OperatorLevel) => (
                    <Button
                      onClick={() => {
                        setEditing(r);
                        form.setFieldsValue(r);
                      }}
                    >
                      {t("common.edit")}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.name}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((v) => save.mutate({ ...v, level: editing?.level ?? v.level }))}
        confirmLoading={save.isPending}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t("rewards.level")} rules={[{ required: true, max: 40 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="minAssetsUsdt" label={t("rewards.minAssets")} rules={[{ required: true, pattern: amount }]}>
            <Input />
          </Form.Item>
          <Form.Item name="gift" label={t("rewards.gift")} rules={[{ required: true, pattern: amount }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="weeklyRedEnvelope"
            label={t("rewards.envelope")}
            rules={[{ required: true, pattern: amount }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
