// Create or edit a loan setting (LoanSetInput): terms, rates, amounts, and for pledge loans
// the collateral currencies and the three LTVs; the name and risk notice in English and
// Traditional Chinese (other languages an edit keeps as they are).
import type { LoanType, OperatorLoanSet } from "@candor/contract";
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

export interface SetFormValues {
  type: LoanType;
  nameEn: string;
  nameZh?: string;
  riskEn?: string;
  riskZh?: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  days: string[];
  dailyRate: string;
  interestFreeDays: number;
  overdueRate: string;
  collateralCurrencies?: string[];
  initialLtv?: string;
  marginCallLtv?: string;
  liquidationLtv?: string;
  enabled: boolean;
}

const decimal = /^\d+(\.\d+)?$/;

/** The API body (LoanSetInput) for the form's values, keeping the texts in languages the form does not edit. */
export function setBody(v: SetFormValues, current: OperatorLoanSet | null) {
  const lang = (base: Record<string, string> | undefined, en?: string, zh?: string) => ({
    ...(base ?? {}),
    ...(en ? { "en-us": en } : {}),
    ...(zh ? { "zh-cn": zh } : {}),
  });
  const pledge = v.type === "pledge";
  return {
    type: v.type,
    name: lang(current?.texts.name, v.nameEn, v.nameZh),
    riskNotice: lang(current?.texts.riskNotice, v.riskEn, v.riskZh),
    currency: v.currency,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    days: v.days.map(Number),
    dailyRate: v.dailyRate,
    interestFreeDays: v.interestFreeDays,
    overdueRate: v.overdueRate,
    ...(pledge
      ? {
          collateralCurrencies: v.collateralCurrencies ?? [],
          initialLtv: v.initialLtv,
          marginCallLtv: v.marginCallLtv,
          liquidationLtv: v.liquidationLtv,
        }
      : {}),
    enabled: v.enabled,
  };
}

/** The body for the same setting with only `enabled` changed. */
export function toggleBody(s: OperatorLoanSet, enabled: boolean) {
  return setBody({ ...valuesOf(s), enabled }, s);
}

function valuesOf(s: OperatorLoanSet): SetFormValues {
  return {
    type: s.type,
    nameEn: s.texts.name["en-us"] ?? s.name,
    nameZh: s.texts.name["zh-cn"],
    riskEn: s.texts.riskNotice["en-us"],
    riskZh: s.texts.riskNotice["zh-cn"],
    currency: s.currency,
    minAmount: s.minAmount,
    maxAmount: s.maxAmount,
    days: s.days.map(String),
    dailyRate: s.dailyRate,
    interestFreeDays: s.interestFreeDays,
    overdueRate: s.overdueRate,
    collateralCurrencies: s.collateralCurrencies,
    initialLtv: s.initialLtv,
    marginCallLtv: s.marginCallLtv,
    liquidationLtv: s.liquidationLtv,
    enabled: s.enabled,
  };
}

const DEFAULTS: Partial<SetFormValues> = {
  type: "pledge",
  currency: "USDT",
  interestFreeDays: 0,
  enabled: true,
  days: ["7", "30"],
  collateralCurrencies: ["BTC", "ETH"],
};

export function SetForm({
  open,
  current,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  current: OperatorLoanSet | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: SetFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetFormValues>();
  const type = Form.useWatch("type", form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(current ? valuesOf(current) : DEFAULTS);
  }, [open, current, form]);
  const amountRule = { pattern: decimal, message: t("loans.amountRule") };
  const fraction = (name: keyof SetFormValues, label: string) => (
    <Col span={8}>
      <Form.Item
        name={name}
        label={label}
        extra={t("loans.fractionHint")}
        rules={[{ required: true, pattern: /^0?\.\d+$/, message: t("loans.fractionHint") }]}
      >
        <Input inputMode="decimal" />
      </Form.Item>
    </Col>
  );
  return (
    <Modal
      open={open}
      width={760}
      title={current ? t("loans.editSet") : t("loans.newSet")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {current ? <p>{t("loans.edited")}</p> : null}
      <Form form={form} layout="vertical" onFinish={onSubmit} preserve={false}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="type" label={t("loans.type")} rules={[{ required: true }]}>
              <Select
                disabled={current !== null}
                options={(["credit", "pledge"] as const).map((v) => ({ value: v, label: t(`loans.types.${v}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency" label={t("loans.currency")} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t("loans.enabled")} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameEn" label={t("loans.nameEn")} rules={[{ required: true, whitespace: true, max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t("loans.nameZh")} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="riskEn" label={t("loans.riskEn")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="riskZh" label={t("loans.riskZh")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="minAmount" label={t("loans.minAmount")} rules={[{ required: true }, amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maxAmount" label={t("loans.maxAmount")} rules={[{ required: true }, amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="days" label={t("loans.terms")} extra={t("loans.termsHint")} rules={[{ required: true }]}>
              <Select mode="tags" tokenSeparators={[",", " "]} open={false} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="dailyRate"
              label={t("loans.dailyRate")}
              extra={t("loans.rateHint")}
              rules={[{ required: true }, amountRule]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="interestFreeDays" label={t("loans.interestFreeDays")} rules={[{ required: true }]}>
              <InputNumber min={0} max={3650} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="overdueRate"
              label={t("loans.overdueRate")}
              extra={t("loans.rateHint")}
              rules={[{ required: true }, amountRule]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          {type === "pledge" ? (
            <>
              <Col span={24}>
                <Form.Item
                  name="collateralCurrencies"
                  label={t("loans.collateralCurrencies")}
                  rules={[{ required: true }]}
                >
                  <Select mode="tags" tokenSeparators={[",", " "]} open={false} />
                </Form.Item>
              </Col>
              {fraction("initialLtv", t("loans.initialLtv"))}
              {fraction("marginCallLtv", t("loans.marginCallLtv"))}
              {fraction("liquidationLtv", t("loans.liquidationLtv"))}
            </>
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}
