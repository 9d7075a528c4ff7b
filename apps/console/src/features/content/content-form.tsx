// Create or edit a content item: kind (on create), help category, the texts in the eight
// languages (saving with one missing asks first), image, link and its opening mode,
// pinned / ticker, and when it publishes.
import { CONTENT_KINDS, type ContentKind, HELP_CATEGORIES, type OperatorContentItem } from "@candor/contract";
import { Checkbox, Col, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormModal, LocalizedText, UtcTimeField } from "../../kit";
import { CONTENT_TEXTS, type ContentFormValues, contentValues } from "./content-body";

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
  const check = (name: "pinned" | "ticker") => (
    <Col span={4}>
      <Form.Item name={name} valuePropName="checked">
        <Checkbox>{t(`content.${name}`)}</Checkbox>
      </Form.Item>
    </Col>
  );
  return (
    <FormModal<ContentFormValues, OperatorContentItem>
      open={props.open}
      current={item}
      form={form}
      busy={props.busy}
      onCancel={props.onCancel}
      onSubmit={props.onSubmit}
      width={880}
      title={item ? t("content.editItem", { id: item.id }) : t("content.newItem")}
      initial={(current) => contentValues(current, props.kinds[0])}
      texts={kind === "banner" ? ["title"] : CONTENT_TEXTS}
    >
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
        <UtcTimeField name="publishAt" label={t("content.publishAt")} extra={t("content.publishAtHint")} span={8} />
      )}
      <LocalizedText name="title" label={t("form.texts.title")} max={200} />
      {kind !== "banner" && (
        <>
          <LocalizedText name="summary" label={t("form.texts.summary")} max={1000} rows={2} optional />
          <LocalizedText name="body" label={t("form.texts.body")} extra={t("content.bodyHint")} rows={6} optional />
        </>
      )}
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
              <Select options={([1, 2, 4] as const).map((m) => ({ value: m, label: t(`content.linkModes.${m}`) }))} />
            </Form.Item>
          </Col>
        </>
      )}
      {(kind === "announcement" || kind === "news") && check("pinned")}
      {kind === "announcement" && check("ticker")}
    </FormModal>
  );
}
