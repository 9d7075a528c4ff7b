// Create or edit an earn product: common terms, the name and risk notice in English and
// Traditional Chinese (other languages an edit keeps as they are), and the type's own fields.
import type { EarnType, OperatorEarnProduct } from "@candor/contract";
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch } from "antd";
import dayjs from "dayjs";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface ProductFormValues {
  type: EarnType;
  nameEn: string;
  nameZh?: string;
  riskEn: string;
  riskZh?: string;
  currency: string;
  termDays: number;
  dailyRate?: string;
  minAmount: string;
  maxAmount: string;
  perCustomerLimit?: string;
  vipLevel: number;
  earlyRedemption: boolean;
  totalAmount?: string;
  saleEndAt?: dayjs.Dayjs;
  borrowerEn?: string;
  policyEn?: string;
  pricePerTh?: string;
  electricityPrice?: string;
  manufacturer?: string;
  model?: string;
  hashrate?: string;
  power?: string;
  strategy?: "grid" | "trend";
  symbol?: string;
}

const amount = /^\d+(\.\d+)?$/;

/** The API body for the form's values, keeping the texts in languages the form does not edit. */
export function productBody(v: ProductFormValues, current: OperatorEarnProduct | null) {
  const texts = current?.texts;
  const lang = (base: Record<string, string> | undefined, en: string, zh?: string) => ({
    ...(base ?? {}),
    "en-us": en,
    ...(zh ? { "zh-cn": zh } : {}),
  });
  const machine = current
    ? {
        manufacturer: current.manufacturer ?? "",
        model: current.model ?? "",
        size: current.size ?? "",
        weight: current.weight ?? "",
        temperature: current.temperature ?? "",
        humidity: current.humidity ?? "",
        network: current.network ?? "",
      }
    : { size: "", weight: "", temperature: "", humidity: "", network: "" };
  return {
    type: v.type,
    name: lang(texts?.name, v.nameEn, v.nameZh),
    description: texts?.description,
    riskNotice: lang(texts?.riskNotice, v.riskEn, v.riskZh),
    currency: v.currency,
    termDays: v.termDays,
    dailyRate: v.type === "arbitrage" || v.type === "debt" ? v.dailyRate : null,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    perCustomerLimit: v.perCustomerLimit || null,
    vipLevel: v.vipLevel,
    earlyRedemption: v.earlyRedemption,
    totalAmount: v.totalAmount || null,
    saleEndAt: v.saleEndAt ? v.saleEndAt.toISOString() : null,
    ...(v.type === "debt"
      ? {
          borrower: lang(texts?.borrower, v.borrowerEn ?? ""),
          defaultPolicy: lang(texts?.defaultPolicy, v.policyEn ?? ""),
        }
      : {}),
    ...(v.type === "mining"
      ? {
          machine: { ...machine, manufacturer: v.manufacturer, model: v.model, hashrate: v.hashrate, power: v.power },
          pricePerTh: v.pricePerTh,
          electricityPrice: v.electricityPrice ?? "0",
        }
      : {}),
    ...(v.type === "quant"
      ? {
          strategy: v.strategy,
          symbol: v.symbol,
          // The seeded strategies' settings unless the product already has its own.
          params:
            current?.strategy === v.strategy && current?.params
              ? current.params
              : v.strategy === "grid"
                ? { rangePct: "0.05", levels: 11 }
                : { interval: "15m", fast: 7, slow: 25 },
        }
      : {}),
  };
}

export function ProductForm(props: {
  open: boolean;
  product: OperatorEarnProduct | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: ProductFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProductFormValues>();
  const type = Form.useWatch("type", form);
  const p = props.product;
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    if (p) {
      form.setFieldsValue({
        type: p.type,
        nameEn: p.texts.name["en-us"],
        nameZh: p.texts.name["zh-cn"],
        riskEn: p.texts.riskNotice["en-us"],
        riskZh: p.texts.riskNotice["zh-cn"],
        currency: p.currency,
        termDays: p.termDays,
        dailyRate: p.dailyRate ?? undefined,
        minAmount: p.minAmount,
        maxAmount: p.maxAmount,
        perCustomerLimit: p.perCustomerLimit ?? undefined,
        vipLevel: p.vipLevel,
        earlyRedemption: p.earlyRedemption,
        totalAmount: p.totalAmount,
        saleEndAt: p.saleEndAt ? dayjs(p.saleEndAt) : undefined,
        borrowerEn: p.texts.borrower?.["en-us"],
        policyEn: p.texts.defaultPolicy?.["en-us"],
        pricePerTh: p.pricePerTh,
        electricityPrice: p.inputs?.electricityPrice,
        manufacturer: p.manufacturer,
        model: p.model,
        hashrate: p.hashrate,
        power: p.power,
        strategy: p.strategy,
        symbol: p.symbol,
      });
    } else {
      form.setFieldsValue({ type: "arbitrage", currency: "USDT", vipLevel: 0, earlyRedemption: false });
    }
  }, [props.open, p, form]);
  const money = [{ pattern: amount, message: t("form.amountRule") }];
  const required = { required: true, message: t("form.required") };
  return (
    <Modal
      open={props.open}
      width={760}
      title={p ? t("earn.editProduct", { id: p.id }) : t("earn.newProduct")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={props.busy}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={props.onSubmit}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="type" label={t("earn.type")} rules={[required]}>
              <Select disabled={p !== null} options={TYPES.map((v) => ({ value: v, label: t(`earn.types.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency" label={t("common.currency")} rules={[required]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="termDays" label={t("earn.termDays")} rules={[required]}>
              <InputNumber min={1} max={3650} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="nameEn" label={t("earn.nameEn")} rules={[required]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t("earn.nameZh")}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="riskEn" label={t("earn.riskEn")} rules={[required]}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Form.Item name="riskZh" label={t("earn.riskZh")}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Row gutter={12}>
          {(type === "arbitrage" || type === "debt") && (
            <Col span={6}>
              <Form.Item name="dailyRate" label={t("earn.dailyRate")} rules={[required, ...money]}>
                <Input placeholder="0.0003" />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item name="minAmount" label={t("earn.minAmount")} rules={[required, ...money]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="maxAmount" label={t("earn.maxAmount")} rules={[required, ...money]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="perCustomerLimit" label={t("earn.perCustomerLimit")} rules={money}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="vipLevel" label={t("earn.vipLevel")}>
              <InputNumber min={0} max={20} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="totalAmount"
              label={t("earn.totalAmount")}
              rules={type === "debt" ? [required, ...money] : money}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="saleEndAt" label={t("earn.saleEndAt")} rules={type === "debt" ? [required] : []}>
              <DatePicker showTime style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          {type === "arbitrage" && (
            <Col span={6}>
              <Form.Item name="earlyRedemption" label={t("earn.earlyRedemption")} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
        {type === "debt" && (
          <>
            <Form.Item name="borrowerEn" label={t("earn.borrower")} rules={[required]}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="policyEn" label={t("earn.defaultPolicy")} rules={[required]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
        {type === "mining" && (
          <Row gutter={12}>
            {(["manufacturer", "model", "hashrate", "power", "pricePerTh", "electricityPrice"] as const).map((f) => (
              <Col span={8} key={f}>
                <Form.Item
                  name={f}
                  label={t(`earn.mining.${f}`)}
                  rules={[required, ...(f === "manufacturer" || f === "model" ? [] : money)]}
                >
                  <Input />
                </Form.Item>
              </Col>
            ))}
          </Row>
        )}
        {type === "quant" && (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="strategy" label={t("earn.strategy")} rules={[required]}>
                <Select options={["grid", "trend"].map((v) => ({ value: v, label: t(`earn.strategies.${v}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="symbol" label={t("earn.symbol")} rules={[required]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        )}
      </Form>
    </Modal>
  );
}

export const TYPES = ["arbitrage", "quant", "mining", "debt"] as const;
