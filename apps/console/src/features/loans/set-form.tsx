// Create or edit a loan setting (LoanSetInput): terms, rates (typed in percent), amounts,
// and for pledge loans the collateral currencies and the three LTVs; the name and risk
// notice in the eight languages.
import { LoanSetInput, type OperatorLoanSet } from "@candor/contract";
import { Col, Form, Input, InputNumber, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { DecimalField, FormModal, LocalizedText, PercentRateField, zodEachRule } from "../../kit";
import { SET_TEXTS, type SetFormValues, setValues } from "./set-body";

const LTVS = ["initialLtv", "marginCallLtv", "liquidationLtv"] as const;

export function SetForm(props: {
  open: boolean;
  current: OperatorLoanSet | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: SetFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetFormValues>();
  const type = Form.useWatch("type", form);
  const shape = LoanSetInput.shape;
  const amount = { required: true, message: t("loans.amountRule") };
  return (
    <FormModal<SetFormValues, OperatorLoanSet>
      {...props}
      form={form}
      title={props.current ? t("loans.editSet") : t("loans.newSet")}
      initial={setValues}
      texts={SET_TEXTS}
      width={900}
      intro={props.current ? <p>{t("loans.edited")}</p> : null}
    >
      <Col span={8}>
        <Form.Item name="type" label={t("loans.type")} rules={[{ required: true }]}>
          <Select
            disabled={props.current !== null}
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
      <LocalizedText name="name" label={t("form.texts.name")} max={200} />
      <LocalizedText name="risk" label={t("form.texts.risk")} max={4000} rows={3} optional />
      <DecimalField name="minAmount" label={t("loans.minAmount")} {...amount} shape={shape.minAmount} />
      <DecimalField name="maxAmount" label={t("loans.maxAmount")} {...amount} shape={shape.maxAmount} />
      <Col span={8}>
        <Form.Item
          name="days"
          label={t("loans.terms")}
          extra={t("loans.termsHint")}
          rules={[{ required: true }, zodEachRule(shape.days.element, t("loans.termsHint"))]}
        >
          <Select mode="tags" tokenSeparators={[",", " "]} open={false} />
        </Form.Item>
      </Col>
      <PercentRateField name="dailyRatePct" label={t("loans.dailyRatePct")} required shape={shape.dailyRate} />
      <Col span={8}>
        <Form.Item name="interestFreeDays" label={t("loans.interestFreeDays")} rules={[{ required: true }]}>
          <InputNumber min={0} max={3650} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <PercentRateField name="overdueRatePct" label={t("loans.overdueRatePct")} required shape={shape.overdueRate} />
      {type === "pledge" ? (
        <>
          <Col span={24}>
            <Form.Item name="collateralCurrencies" label={t("loans.collateralCurrencies")} rules={[{ required: true }]}>
              <Select mode="tags" tokenSeparators={[",", " "]} open={false} />
            </Form.Item>
          </Col>
          {LTVS.map((name) => (
            <DecimalField
              key={name}
              name={name}
              label={t(`loans.${name}`)}
              extra={t("loans.fractionHint")}
              required
              message={t("loans.fractionHint")}
              shape={shape[name].unwrap()}
            />
          ))}
        </>
      ) : null}
    </FormModal>
  );
}
