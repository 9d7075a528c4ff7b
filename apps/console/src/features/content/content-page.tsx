// Content: news, announcements, home banners and help articles — write, translate into
// the eight languages, schedule, retract. Support staff write help articles; the rest is
// the administrator's (the server decides; the screen hides what would be refused).
import { type ContentKind, LANGS, type Lang, type OperatorContentItem } from "@candor/contract";
import { contentPaths } from "@candor/contract/paths";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Row, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  LANG_NAMES,
  missingLangs,
  optionalUtcToIso,
  PagedTable,
  textFields,
  UtcTimeField,
  useAction,
  usePagedList,
} from "../../kit";
import { get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { can } from "../../lib/permissions";
import { useSession } from "../../lib/session";
import { CONTENT_TEXTS, type ContentFormValues, contentBody } from "./content-body";
import { ContentForm } from "./content-form";

const STATE_COLOR: Record<string, string> = {
  draft: "default",
  scheduled: "blue",
  published: "green",
  retracted: "red",
};
type Dialog =
  | { kind: "edit"; item: OperatorContentItem | null }
  | { kind: "translate"; item: OperatorContentItem }
  | { kind: "schedule"; item: OperatorContentItem };

export function ContentPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const role = useSession()?.staff.role;
  const admin = can(role, "contentAdmin");
  const writable: ContentKind[] = admin ? ["announcement", "news", "banner", "help"] : ["help"];
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [translateForm] = Form.useForm<{ lang: Lang; title?: string; summary?: string; body?: string }>();
  const [scheduleForm] = Form.useForm<{ publishAt?: string }>();
  const list = usePagedList({
    key: "content-items",
    filters: { kind: undefined as ContentKind | undefined },
    fetch: (q) => get(contentPaths.operatorItems, q),
  });
  const { kind } = list.filters;
  // Each change is its own typed request (create, update, translate, schedule, retract).
  const act = useAction((send: () => Promise<OperatorContentItem>) => send(), {
    onSuccess: () => {
      setDialog(null);
      message.success(t("common.saved"));
      void client.invalidateQueries({ queryKey: ["content-items"] });
    },
  });
  const mayEdit = (item: OperatorContentItem) => writable.includes(item.kind);
  const openTranslate = (item: OperatorContentItem, lang: Lang = (item.missingLangs[0] as Lang) ?? "ko") => {
    setDialog({ kind: "translate", item });
    translateForm.setFieldsValue({
      lang,
      title: item.title[lang],
      summary: item.summary[lang],
      body: item.body[lang],
    });
  };
  const editing = dialog?.kind === "edit" ? dialog : null;
  return (
    <div>
      <Typography.Title level={3}>{t("nav.content")}</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Select
          aria-label={t("content.kind")}
          allowClear
          placeholder={t("content.allKinds")}
          style={{ width: 200 }}
          value={kind}
          onChange={(v?: ContentKind) => list.setFilter("kind", v)}
          options={(["announcement", "news", "banner", "help"] as const).map((k) => ({
            value: k,
            label: t(`content.kinds.${k}`),
          }))}
        />
        <Button type="primary" onClick={() => setDialog({ kind: "edit", item: null })}>
          {t("content.newItem")}
        </Button>
        {!admin && <Typography.Text type="secondary">{t("content.supportHint")}</Typography.Text>}
      </Space>
      <PagedTable<OperatorContentItem>
        list={list}
        locale={{ emptyText: t("content.empty") }}
        columns={[
          { title: "ID", dataIndex: "id", width: 60 },
          { title: t("content.kind"), dataIndex: "kind", render: (v: string) => t(`content.kinds.${v}`) },
          {
            title: t("content.title"),
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                <span>{i.title["en-us"]}</span>
                {i.title["zh-cn"] && <Typography.Text type="secondary">{i.title["zh-cn"]}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t("common.status"),
            render: (_, i) => (
              <Space wrap>
                <Tag color={STATE_COLOR[i.state]}>{t(`content.states.${i.state}`)}</Tag>
                {i.pinned && <Tag color="red">{t("content.pinned")}</Tag>}
                {i.ticker && <Tag>{t("content.ticker")}</Tag>}
              </Space>
            ),
          },
          { title: t("content.publishAt"), dataIndex: "publishAt", render: (v: string | null) => formatTime(v) },
          {
            title: t("content.languages"),
            render: (_, i) =>
              i.missingLangs.length === 0 ? (
                <Tag color="green">{t("content.allLanguages")}</Tag>
              ) : (
                <Tag color="gold">{t("content.missing", { n: i.missingLangs.length })}</Tag>
              ),
          },
          {
            title: t("common.actions"),
            render: (_, i) =>
              mayEdit(i) ? (
                <Space wrap>
                  <Button size="small" onClick={() => setDialog({ kind: "edit", item: i })}>
                    {t("common.edit")}
                  </Button>
                  <Button size="small" onClick={() => openTranslate(i)}>
                    {t("content.translate")}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      setDialog({ kind: "schedule", item: i });
                      scheduleForm.resetFields();
                    }}
                  >
                    {t("content.schedule")}
                  </Button>
                  {i.state !== "retracted" && i.state !== "draft" && (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t("content.retract"),
                          content: t("content.retractText"),
                          onOk: () => act.mutateAsync(() => post(contentPaths.operatorRetract, { id: i.id })),
                        })
                      }
                    >
                      {t("content.retract")}
                    </Button>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      <ContentForm
        open={editing !== null}
        item={editing?.item ?? null}
        kinds={writable}
        busy={act.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(v: ContentFormValues) => {
          const item = editing?.item ?? null;
          act.mutate(() =>
            item
              ? post(contentPaths.operatorUpdate, { ...contentBody(v, false), id: item.id })
              : post(contentPaths.operatorCreate, contentBody(v, true)),
          );
        }}
      />
      <Modal
        open={dialog?.kind === "translate"}
        width={760}
        title={dialog?.kind === "translate" ? t("content.translateItem", { id: dialog.item.id }) : ""}
        okText={t("common.save")}
        cancelText={t("common.cancel")}
        confirmLoading={act.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => translateForm.submit()}
      >
        <Form
          form={translateForm}
          layout="vertical"
          onFinish={(v) =>
            dialog?.kind === "translate" &&
            act.mutate(() =>
              post(contentPaths.operatorTranslate, {
                id: dialog.item.id,
                lang: v.lang,
                title: v.title ?? "",
                summary: v.summary ?? "",
                body: v.body ?? "",
              }),
            )
          }
        >
          {dialog?.kind === "translate" && (
            <Typography.Paragraph type="secondary">
              {t("content.english")}: {dialog.item.title["en-us"]}
            </Typography.Paragraph>
          )}
          <Form.Item name="lang" label={t("content.language")} rules={[{ required: true }]}>
            <Select
              options={LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))}
              onChange={(lang: Lang) => dialog?.kind === "translate" && openTranslate(dialog.item, lang)}
            />
          </Form.Item>
          <Form.Item name="title" label={t("content.title")} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="summary" label={t("content.summary")} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="body" label={t("content.body")} extra={t("content.bodyHint")}>
            <Input.TextArea rows={6} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog?.kind === "schedule"}
        title={dialog?.kind === "schedule" ? t("content.scheduleItem", { id: dialog.item.id }) : ""}
        okText={t("content.scheduleOk")}
        cancelText={t("common.cancel")}
        confirmLoading={act.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => scheduleForm.submit()}
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button
              onClick={() =>
                dialog?.kind === "schedule" &&
                act.mutate(() => post(contentPaths.operatorSchedule, { id: dialog.item.id, publishAt: null }))
              }
            >
              {t("content.toDraft")}
            </Button>
            <OkBtn />
          </>
        )}
      >
        {dialog?.kind === "schedule" && <MissingLangs item={dialog.item} />}
        <Form
          form={scheduleForm}
          layout="vertical"
          onFinish={(v) =>
            dialog?.kind === "schedule" &&
            act.mutate(() =>
              post(contentPaths.operatorSchedule, {
                id: dialog.item.id,
                publishAt: optionalUtcToIso(v.publishAt) ?? new Date().toISOString(),
              }),
            )
          }
        >
          <Row>
            <UtcTimeField
              name="publishAt"
              label={t("content.publishAt")}
              extra={`${t("content.scheduleHint")} · ${t("form.utcTimeHint")}`}
              span={24}
            />
          </Row>
        </Form>
      </Modal>
    </div>
  );
}

/** Publishing an item with a language missing: say which, before the operator confirms. */
function MissingLangs({ item }: { item: OperatorContentItem }) {
  const { t } = useTranslation();
  const values = {
    ...textFields("title", item.title),
    ...textFields("summary", item.summary),
    ...textFields("body", item.body),
  };
  const missing = missingLangs(values, item.kind === "banner" ? ["title"] : CONTENT_TEXTS);
  if (missing.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="missing-langs"
      title={t("form.missingLangsTitle")}
      description={t("form.missingLangs", { langs: missing.map((l) => LANG_NAMES[l]).join(", ") })}
    />
  );
}
