// The form fields the console's forms share: a text in English and Traditional Chinese, a
// decimal amount, a date-time in UTC. Each is a column of the form's row.
import { Col, Form, type FormRule, Input } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Parser, zodRule } from "./rules";
import { UTC_PATTERN } from "./utc-time";

interface FieldProps {
  name: string;
  label: string;
  extra?: ReactNode;
  required?: boolean;
  rules?: FormRule[];
  span?: number;
}

const requiredRule = (required: boolean | undefined, message: string): FormRule[] =>
  required ? [{ required: true, whitespace: true, message }] : [];

/**
 * `${name}En` and `${name}Zh` side by side: English required unless `optional`, Chinese
 * optional (emptying it removes it: kit/localized-text.ts).
 */
export function TextPair({
  name,
  labels,
  max,
  rows,
  optional,
  extra,
  span = 12,
}: {
  name: string;
  labels: { en: string; zh: string };
  max?: number;
  rows?: number;
  optional?: boolean;
  extra?: ReactNode;
  span?: number;
}) {
  const { t } = useTranslation();
  const input = rows ? <Input.TextArea rows={rows} /> : <Input />;
  const maxRule: FormRule[] = max ? [{ max }] : [];
  return (
    <>
      <Col span={span}>
        <Form.Item
          name={`${name}En`}
          label={labels.en}
          extra={extra}
          rules={[...requiredRule(!optional, t("form.required")), ...maxRule]}
        >
          {input}
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name={`${name}Zh`} label={labels.zh} rules={maxRule}>
          {input}
        </Form.Item>
      </Col>
    </>
  );
}

/** A decimal amount typed as text (no float rounding), checked against the contract's shape. */
export function DecimalField({
  name,
  label,
  extra,
  required,
  rules = [],
  span = 8,
  shape,
  message,
  placeholder,
}: FieldProps & { shape?: Parser; message?: string; placeholder?: string }) {
  const { t } = useTranslation();
  const text = message ?? t("form.amountRule");
  const check: FormRule = shape ? zodRule(shape, text) : { pattern: /^\d+(\.\d+)?$/, message: text };
  return (
    <Col span={span}>
      <Form.Item
        name={name}
        label={label}
        extra={extra}
        rules={[...requiredRule(required, t("form.required")), check, ...rules]}
      >
        <Input inputMode="decimal" autoComplete="off" placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/** A date-time typed as "YYYY-MM-DD HH:mm" in UTC (kit/utc-time.ts converts it). */
export function UtcTimeField({
  name,
  label,
  extra,
  required,
  rules = [],
  span = 6,
  dependencies,
}: FieldProps & { dependencies?: string[] }) {
  const { t } = useTranslation();
  return (
    <Col span={span}>
      <Form.Item
        name={name}
        label={label}
        extra={extra ?? t("form.utcTimeHint")}
        dependencies={dependencies}
        normalize={(v: string | undefined) => v?.replace("T", " ")}
        rules={[
          ...requiredRule(required, t("form.required")),
          { pattern: UTC_PATTERN, message: t("form.utcTimeRule") },
          ...rules,
        ]}
      >
        <Input placeholder="2026-12-01 00:00" autoComplete="off" />
      </Form.Item>
    </Col>
  );
}
