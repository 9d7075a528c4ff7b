// Create or edit a content item: kind (on create), help category, the English and
// Traditional Chinese texts (other languages are kept; the translate dialog edits any
// language), image, link and its opening mode, pinned / ticker, and when it publishes.
import {
  CONTENT_KINDS,
  type ContentKind,
  HELP_CATEGORIES,
  type HelpCategory,
  type OperatorContentItem,
} from "@candor/contract";
import { Checkbox, Col, DatePicker, Form, Input, Modal, Row, Select, Space } from "antd";
import type dayjs from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface ContentFormValues {
  kind: ContentKind;
  category?: HelpCategory;
  titleEn: string;
  titleZh?: string;
  summaryEn?: string;
  summaryZh?: string;
  bodyEn?: string;
  bodyZh?: string;
  imageUrl?: string;
  linkUrl?: string;
  linkMode: 1 | 2 | 4;
  pinned: boolean;
  ticker: boolean;
  publishAt?: dayjs.Dayjs;
}

/** The API body: texts merge per language on the server, so only the two edited languages travel. */
export function contentBody(v: ContentFormValues, creating: boolean) {
  const text = (en?: string, zh?: string) => ({ "en-us": en ?? "", ...(zh ? { "zh-cn": zh } : {}) });
  return {
    ...(creating ? { kind: v.kind } : {}),
    category: v.kind === "help" ? v.category : null,
    title: text(v.titleEn, v.titleZh),
    summary: text(v.summaryEn, v.summaryZh),
    body: text(v.bodyEn, v.bodyZh),
    imageUrl: v.imageUrl?.trim() || null,
    linkUrl: v.linkUrl?.trim() || null,
    linkMode: v.linkMode,
    pinned: v.pinned,
    ticker: v.ticker,
    ...(creating ? { publishAt: v.publishAt ? v.publishAt.toISOString() : null } : {}),
  };
}

export function ContentForm(props: {
  open: boolean;
  item: OperatorContentItem | null;
  kinds: readonly ContentKind[];
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: ContentFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContentFormValues>();
  const kind = Form.useWatch("kind", form);
  const item = props.item;
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (item) {
      form.setFieldsValue({
        kind: item.kind,
        category: item.category ?? undefined,
        titleEn: item.title["en-us"],
        titleZh: item.title["zh-cn"],
        summaryEn: item.summary["en-us"],
        summaryZh: item.summary["zh-cn"],
        bodyEn: item.body["en-us"],
        bodyZh: item.body["zh-cn"],
        imageUrl: item.imageUrl ?? undefined,
        linkUrl: item.linkUrl ?? undefined,
        linkMode: item.linkMode,
        pinned: item.pinned,
        ticker: item.ticker,
      });
    } else {
      form.setFieldsValue({ kind: props.kinds[0], linkMode: 1, pinned: false, ticker: false });
    }
  }, [props.open, item, form, props.kinds]);
  return (
    <Modal
      open={props.open}
      width={880}
      title={item ? t("content.editItem", { id: item.id }) : t("content.newItem")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={props.busy}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={props.onSubmit}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="kind" label={t("content.kind")} rules={[{ required: true }]}>
              <Select
                disabled={item !== null}
                options={CONTENT_KINDS.filter((k) => item || props.kinds.includes(k)).map((k) => ({
                  value: k,
                  label: t(`content.kinds.${k}`),
                }))}
              />
            </Form.Item>
          </Col>
          {kind === "help" && (
            <Col span={8}>
              <Form.Item name="category" label={t("content.category")} rules={[{ required: true }]}>
                <Select options={HELP_CATEGORIES.map((c) => ({ value: c, label: t(`content.categories.${c}`) }))} />
              </Form.Item>
            </Col>
          )}
          {!item && (
            <Col span={8}>
              <Form.Item name="publishAt" label={t("content.publishAt")} extra={t("content.publishAtHint")}>
                <DatePicker showTime style={{ width: "100%" }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="titleEn" label={t("content.titleEn")} rules={[{ required: true, max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="titleZh" label={t("content.titleZh")} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        {kind !== "banner" && (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="summaryEn" label={t("content.summaryEn")} rules={[{ max: 1000 }]}>
                  <Input.TextArea rows={2} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="summaryZh" label={t("content.summaryZh")} rules={[{ max: 1000 }]}>
                  <Input.TextArea rows={2} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="bodyEn" label={t("content.bodyEn")} extra={t("content.bodyHint")}>
                  <Input.TextArea rows={6} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="bodyZh" label={t("content.bodyZh")}>
                  <Input.TextArea rows={6} />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="imageUrl" label={t("content.imageUrl")}>
              <Input placeholder="https://… or /uploads/…" />
            </Form.Item>
          </Col>
          {kind === "banner" && (
            <>
              <Col span={8}>
                <Form.Item name="linkUrl" label={t("content.linkUrl")}>
                  <Input placeholder="https://…" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="linkMode" label={t("content.linkMode")}>
                  <Select
                    options={([1, 2, 4] as const).map((m) => ({ value: m, label: t(`content.linkModes.${m}`) }))}
                  />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
        {kind === "announcement" && (
          <Space>
            <Form.Item name="pinned" valuePropName="checked">
              <Checkbox>{t("content.pinned")}</Checkbox>
            </Form.Item>
            <Form.Item name="ticker" valuePropName="checked">
              <Checkbox>{t("content.ticker")}</Checkbox>
            </Form.Item>
          </Space>
        )}
        {kind === "news" && (
          <Form.Item name="pinned" valuePropName="checked">
            <Checkbox>{t("content.pinned")}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
