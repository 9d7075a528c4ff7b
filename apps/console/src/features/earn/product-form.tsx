// Create or edit an earn product: common terms, the name and risk notice in the eight
// languages, the daily rate typed in percent, and the type's own fields.
import { type OperatorEarnProduct, PositiveDecimalInput } from "@candor/contract";
import { Col, Form, Input, InputNumber, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { DecimalField, FormModal, LocalizedText, PercentRateField, UtcTimeField } from "../../kit";
import { PRODUCT_TEXTS, type ProductFormValues, productValues, TYPES } from "./product-body";

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
  const required = { required: true, message: t("form.required") };
  const amount = { span: 6, shape: PositiveDecimalInput };
  return (
    <FormModal<ProductFormValues, OperatorEarnProduct>
      open={props.open}
      current={p}
      busy={props.busy}
      onCancel={props.onCancel}
      onSubmit={props.onSubmit}
      form={form}
      title={p ? t("earn.editProduct", { id: p.id }) : t("earn.newProduct")}
      initial={productValues}
      texts={PRODUCT_TEXTS}
      width={960}
    >
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
      <LocalizedText name="name" label={t("form.texts.name")} max={200} />
      <LocalizedText name="risk" label={t("form.texts.risk")} max={4000} rows={2} />
      {(type === "arbitrage" || type === "debt") && (
        <PercentRateField
          name="dailyRatePct"
          label={t("earn.dailyRatePct")}
          required
          span={12}
          shape={PositiveDecimalInput}
        />
      )}
      <DecimalField name="minAmount" label={t("earn.minAmount")} required {...amount} />
      <DecimalField name="maxAmount" label={t("earn.maxAmount")} required {...amount} />
      <DecimalField name="perCustomerLimit" label={t("earn.perCustomerLimit")} {...amount} />
      <Col span={6}>
        <Form.Item name="vipLevel" label={t("earn.vipLevel")}>
          <InputNumber min={0} max={20} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <DecimalField name="totalAmount" label={t("earn.totalAmount")} required={type === "debt"} {...amount} />
      <UtcTimeField name="saleEndAt" label={t("earn.saleEndAt")} required={type === "debt"} />
      {type === "arbitrage" && (
        <Col span={6}>
          <Form.Item name="earlyRedemption" label={t("earn.earlyRedemption")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      )}
      {type === "debt" && (
        <>
          <Col span={24}>
            <Form.Item name="borrowerEn" label={t("earn.borrower")} rules={[required]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="policyEn" label={t("earn.defaultPolicy")} rules={[required]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </>
      )}
      {type === "mining" && (
        <>
          {(["manufacturer", "model"] as const).map((f) => (
            <Col span={8} key={f}>
              <Form.Item name={f} label={t(`earn.mining.${f}`)} rules={[required]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          {(["hashrate", "power", "pricePerTh"] as const).map((f) => (
            <DecimalField key={f} name={f} label={t(`earn.mining.${f}`)} required {...amount} span={8} />
          ))}
          <DecimalField name="electricityPrice" label={t("earn.mining.electricityPrice")} required span={8} />
        </>
      )}
      {type === "quant" && (
        <>
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
        </>
      )}
    </FormModal>
  );
}
