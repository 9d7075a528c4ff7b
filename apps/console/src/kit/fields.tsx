// The form fields the console's forms share: a customer-facing text in the eight languages,
// a decimal amount, a rate typed in percent, a date-time in UTC. Each is a column of the
// form's row; every error names its field in words.
import { fractionOfPercent, percentOf, simpleAnnualRate } from "@candor/domain";
import { Badge, Col, DatePicker, Form, type FormRule, Input, Tabs } from "antd";
import type { Dayjs } from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FORM_LANGS, LANG_NAMES, LANG_SUFFIXES } from "./localized-text";
import { type Parser, zodRule } from "./rules";
import { UTC_FORMAT, UTC_PATTERN, utcPickerValue } from "./utc-time";

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
 * One customer-facing text in all eight languages, a tab per language (`${name}En`,
 * `${name}Ko`…): English required unless `optional`, an empty language marked on its tab
 * (publishing with one missing asks first: FormModal's `texts`).
 */
export function LocalizedText({
  name,
  label,
  max,
  rows,
  optional,
  extra,
  span = 24,
}: {
  name: string;
  label: string;
  max?: number;
  rows?: number;
  optional?: boolean;
  extra?: ReactNode;
  span?: number;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = Form.useWatch((v: Record<string, unknown>) => LANG_SUFFIXES.map((s) => v?.[`${name}${s}`]), form);
  const maxRule: FormRule[] = max ? [{ max, message: t("form.tooLong", { field: label, max }) }] : [];
  return (
    <Col span={span}>
      <Tabs
        size="small"
        data-testid={`texts-${name}`}
        items={LANG_SUFFIXES.map((suffix, i) => {
          const lang = FORM_LANGS[suffix];
          const filled = typeof values?.[i] === "string" && (values[i] as string).trim() !== "";
          const fieldLabel = t("form.textIn", { field: label, lang: t(`form.langs.${lang}`) });
          return {
            key: lang,
            forceRender: true,
            label: (
              <span data-lang={lang} data-missing={!filled}>
                {LANG_NAMES[lang]}
                {!filled && (
                  <Badge status={lang === "en-us" && !optional ? "error" : "warning"} style={{ marginLeft: 4 }} />
                )}
              </span>
            ),
            children: (
              <Form.Item
                name={`${name}${suffix}`}
                label={fieldLabel}
                extra={extra}
                rules={[
                  ...requiredRule(lang === "en-us" && !optional, t("form.requiredField", { field: fieldLabel })),
                  ...maxRule,
                ]}
              >
                {rows ? <Input.TextArea rows={rows} /> : <Input />}
              </Form.Item>
            ),
          };
        })}
      />
    </Col>
  );
}

/** A fraction rate (the API's unit) typed in percent, with the yearly figure under it. */
export function PercentRateField({
  name,
  label,
  required,
  span = 8,
  shape,
  per = "day",
}: FieldProps & { shape: Parser; per?: "day" }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const typed = Form.useWatch(name, form) as string | undefined;
  const valid = typeof typed === "string" && /^\d+(\.\d+)?$/.test(typed.trim());
  const yearly = valid ? percentOf(simpleAnnualRate(fractionOfPercent(typed.trim())), 4) : null;
  return (
    <Col span={span}>
      <Form.Item
        name={name}
        label={label}
        extra={
          <span data-testid={`${name}-yearly`}>
            {yearly === null ? t("form.percentHint") : t(`form.yearlyPreview.${per}`, { percent: yearly })}
          </span>
        }
        rules={[
          ...requiredRule(required, t("form.requiredField", { field: label })),
          {
            validator: async (_, value: unknown) => {
              if (value === undefined || value === null || value === "") return;
              const text = String(value).trim();
              if (!/^\d+(\.\d+)?$/.test(text) || !shape.safeParse(fractionOfPercent(text)).success)
                throw new Error(t("form.percentRule", { field: label }));
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix="%" />
      </Form.Item>
    </Col>
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
        rules={[...requiredRule(required, t("form.requiredField", { field: label })), check, ...rules]}
      >
        <Input inputMode="decimal" autoComplete="off" placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/**
 * The console's one date-time picker: the calendar and the typed text are UTC wall-clock
 * time ("YYYY-MM-DD HH:mm", kit/utc-time.ts converts it), whatever the staff member's zone.
 */
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
        getValueProps={(v: string | undefined) => ({ value: utcPickerValue(v) })}
        normalize={(v: Dayjs | string | null | undefined) =>
          v === null || v === undefined ? undefined : typeof v === "string" ? v.replace("T", " ") : v.format(UTC_FORMAT)
        }
        rules={[
          ...requiredRule(required, t("form.requiredField", { field: label })),
          { pattern: UTC_PATTERN, message: t("form.utcTimeRule") },
          ...rules,
        ]}
      >
        <DatePicker
          showTime={{ format: "HH:mm" }}
          format={UTC_FORMAT}
          showNow={false}
          needConfirm={false}
          placeholder="2026-12-01 00:00"
          suffixIcon={<span>UTC</span>}
          style={{ width: "100%" }}
        />
      </Form.Item>
    </Col>
  );
}
