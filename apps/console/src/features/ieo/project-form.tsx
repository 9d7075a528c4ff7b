// Create or edit an IEO project (IeoProjectInput): name, token symbol, estimated price,
// total quantity, per-customer maximum, the five times in UTC (apply window, draw, payment
// deadline, listing), description and risk text in English and Traditional Chinese (other
// languages an edit keeps as they are).
import { IeoProjectInput, type OperatorIeoProject } from "@candor/contract";
import { Col, Form, Input, InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import { DecimalField, FormModal, LocalizedText, UtcTimeField, utcToIso, zodRule } from "../../kit";
import { PROJECT_TEXTS, type ProjectFormValues, projectValues, TIMES } from "./project-body";

export function ProjectForm(props: {
  open: boolean;
  current: OperatorIeoProject | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: ProjectFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFormValues>();
  const shape = IeoProjectInput.shape;
  const required = { required: true, message: t("ieo.required") };
  /** Each time after the one before it. */
  const ordered = (i: number) => ({
    validator: async (_: unknown, value: string) => {
      const prev = TIMES[i - 1];
      const before = prev ? (form.getFieldValue(prev) as string | undefined) : null;
      if (value && before && !(Date.parse(utcToIso(value)) > Date.parse(utcToIso(before)))) {
        throw new Error(t("ieo.timeOrder"));
      }
    },
  });
  return (
    <FormModal<ProjectFormValues, OperatorIeoProject>
      {...props}
      form={form}
      width={820}
      title={props.current ? t("ieo.editProject") : t("ieo.newProject")}
      initial={projectValues}
      texts={PROJECT_TEXTS}
    >
      <LocalizedText name="name" label={t("form.texts.name")} max={200} />
      <Col span={6}>
        <Form.Item
          name="symbol"
          label={t("ieo.symbol")}
          extra={t("ieo.symbolHint")}
          normalize={(v: string) => v.toUpperCase()}
          rules={[required, zodRule(shape.symbol, t("ieo.symbolRule"))]}
        >
          <Input maxLength={10} />
        </Form.Item>
      </Col>
      <DecimalField
        name="estimatedPrice"
        label={t("ieo.estimatedPrice")}
        span={6}
        required
        shape={shape.estimatedPrice}
        message={t("ieo.priceRule")}
      />
      <Col span={6}>
        <Form.Item
          name="totalQuantity"
          label={t("ieo.totalQuantity")}
          rules={[required, zodRule(shape.totalQuantity, t("ieo.wholeNumber"))]}
        >
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
            zodRule(shape.maxPerCustomer, t("ieo.maxPerCustomerRule")),
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
        <UtcTimeField
          key={name}
          name={name}
          label={t(`ieo.${name}`)}
          span={i < 2 ? 12 : 8}
          required
          dependencies={i > 0 ? [TIMES[i - 1] as string] : []}
          rules={[ordered(i)]}
        />
      ))}
      <Col span={24}>
        <p style={{ marginTop: -8, color: "#595959" }}>{t("ieo.timesHint")}</p>
      </Col>
      <LocalizedText name="description" label={t("form.texts.description")} max={4000} rows={3} />
      <LocalizedText name="risk" label={t("form.texts.riskText")} max={4000} rows={3} />
    </FormModal>
  );
}
