// Create or edit an IEO project (IeoProjectInput): name, token symbol, estimated price,
// total quantity, per-customer maximum, the five times (apply window, draw, payment
// deadline, listing), description and risk text in English and Traditional Chinese (other
// languages an edit keeps as they are).
import type { OperatorIeoProject } from "@candor/contract";
import { Col, Form, Input, InputNumber, Modal, Row } from "antd";
import dayjs from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface ProjectFormValues {
  nameEn: string;
  nameZh?: string;
  symbol: string;
  estimatedPrice: string;
  totalQuantity: number;
  maxPerCustomer: number;
  applyStart: string;
  applyEnd: string;
  drawAt: string;
  payEnd: string;
  listAt: string;
  descriptionEn: string;
  descriptionZh?: string;
  riskEn: string;
  riskZh?: string;
}

const TIMES = ["applyStart", "applyEnd", "drawAt", "payEnd", "listAt"] as const;
/** <input type="datetime-local"> value in the browser's zone. */
const LOCAL = "YYYY-MM-DDTHH:mm";
const toLocal = (iso: string) => dayjs(iso).format(LOCAL);

/** The API body (IeoProjectInput) for the form's values, keeping the texts in languages the form does not edit. */
export function projectBody(v: ProjectFormValues, current: OperatorIeoProject | null) {
  const lang = (base: Record<string, string> | undefined, en?: string, zh?: string) => ({
    ...(base ?? {}),
    ...(en?.trim() ? { "en-us": en.trim() } : {}),
    ...(zh?.trim() ? { "zh-cn": zh.trim() } : {}),
  });
  return {
    name: lang(current?.texts.name, v.nameEn, v.nameZh),
    symbol: v.symbol.trim().toUpperCase(),
    estimatedPrice: v.estimatedPrice.trim(),
    totalQuantity: v.totalQuantity,
    maxPerCustomer: v.maxPerCustomer,
    applyStart: dayjs(v.applyStart).toISOString(),
    applyEnd: dayjs(v.applyEnd).toISOString(),
    drawAt: dayjs(v.drawAt).toISOString(),
    payEnd: dayjs(v.payEnd).toISOString(),
    listAt: dayjs(v.listAt).toISOString(),
    description: lang(current?.texts.description, v.descriptionEn, v.descriptionZh),
    riskText: lang(current?.texts.riskText, v.riskEn, v.riskZh),
  };
}

function valuesOf(p: OperatorIeoProject): ProjectFormValues {
  return {
    nameEn: p.texts.name["en-us"] ?? p.name,
    nameZh: p.texts.name["zh-cn"],
    symbol: p.symbol,
    estimatedPrice: p.estimatedPrice,
    totalQuantity: p.totalQuantity,
    maxPerCustomer: p.maxPerCustomer,
    applyStart: toLocal(p.applyStart),
    applyEnd: toLocal(p.applyEnd),
    drawAt: toLocal(p.drawAt),
    payEnd: toLocal(p.payEnd),
    listAt: toLocal(p.listAt),
    descriptionEn: p.texts.description["en-us"] ?? p.description,
    descriptionZh: p.texts.description["zh-cn"],
    riskEn: p.texts.riskText["en-us"] ?? p.riskText,
    riskZh: p.texts.riskText["zh-cn"],
  };
}

/** A new project's times: applications open tomorrow for two days, draw an hour later, two days to pay, list a day after. */
function defaults(): Partial<ProjectFormValues> {
  const start = dayjs().add(1, "day").startOf("hour");
  return {
    totalQuantity: 100_000,
    maxPerCustomer: 1_000,
    applyStart: start.format(LOCAL),
    applyEnd: start.add(2, "day").format(LOCAL),
    drawAt: start.add(2, "day").add(1, "hour").format(LOCAL),
    payEnd: start.add(4, "day").format(LOCAL),
    listAt: start.add(5, "day").format(LOCAL),
  };
}

export function ProjectForm({
  open,
  current,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  current: OperatorIeoProject | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: ProjectFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(current ? valuesOf(current) : defaults());
  }, [open, current, form]);
  const required = { required: true, message: t("ieo.required") };
  const whole = { type: "integer" as const, min: 1, message: t("ieo.wholeNumber") };
  /** Each time after the one before it. */
  const ordered = (i: number) => ({
    validator: async (_: unknown, value: string) => {
      const prev = TIMES[i - 1];
      const before = prev ? (form.getFieldValue(prev) as string | undefined) : null;
      if (value && before && !dayjs(value).isAfter(dayjs(before))) throw new Error(t("ieo.timeOrder"));
    },
  });
  return (
    <Modal
      open={open}
      width={820}
      title={current ? t("ieo.editProject") : t("ieo.newProject")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} preserve={false}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="nameEn" label={t("ieo.nameEn")} rules={[required, { whitespace: true, max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t("ieo.nameZh")} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="symbol"
              label={t("ieo.symbol")}
              extra={t("ieo.symbolHint")}
              normalize={(v: string) => v.toUpperCase()}
              rules={[required, { pattern: /^[A-Z][A-Z0-9]{1,9}$/, message: t("ieo.symbolRule") }]}
            >
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="estimatedPrice"
              label={t("ieo.estimatedPrice")}
              rules={[
                required,
                { pattern: /^\d+(\.\d{1,6})?$/, message: t("ieo.priceRule") },
                {
                  validator: async (_, v: string) => {
                    if (v && Number(v) <= 0) throw new Error(t("ieo.positive"));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="totalQuantity" label={t("ieo.totalQuantity")} rules={[required, whole]}>
              <InputNumber min={1} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="maxPerCustomer"
              label={t("ieo.maxPerCustomer")}
              dependencies={["totalQuantity"]}
              rules={[
                required,
                whole,
                { type: "integer", max: 100_000, message: t("ieo.maxPerCustomerRule") },
                {
                  validator: async (_, v: number) => {
                    const total = form.getFieldValue("totalQuantity") as number | undefined;
                    if (v && total && v > total) throw new Error(t("ieo.maxAboveTotal"));
                  },
                },
              ]}
            >
              <InputNumber min={1} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          {TIMES.map((name, i) => (
            <Col span={i < 2 ? 12 : 8} key={name}>
              <Form.Item
                name={name}
                label={t(`ieo.${name}`)}
                dependencies={i > 0 ? [TIMES[i - 1] as (typeof TIMES)[number]] : []}
                rules={[required, ordered(i)]}
              >
                <Input type="datetime-local" />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <p style={{ marginTop: -8, color: "#595959" }}>{t("ieo.timesHint")}</p>
          </Col>
          <Col span={12}>
            <Form.Item name="descriptionEn" label={t("ieo.descriptionEn")} rules={[required, { max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="descriptionZh" label={t("ieo.descriptionZh")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="riskEn" label={t("ieo.riskEn")} rules={[required, { max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="riskZh" label={t("ieo.riskZh")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
