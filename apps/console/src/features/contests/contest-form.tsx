// Create or edit a contest (ContestInput): name and rules in English and Traditional
// Chinese (other languages an edit keeps as they are), the contest period and entry
// window (UTC), the prize pool in real USDT and its split by rank, the virtual entry
// funds (CUSDT) and the eligible symbols.
import { Col, Form, Input, Modal, Row, Select } from "antd";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { OperatorContest, Texts } from "./types";

dayjs.extend(utc);

export interface ContestFormValues {
  nameEn: string;
  nameZh?: string;
  rulesEn?: string;
  rulesZh?: string;
  startAt: string;
  endAt: string;
  entryStart: string;
  entryEnd: string;
  prize: string;
  prizeSplit: string[];
  entryFunds: string;
  symbols: string[];
}

const decimal = /^\d+(\.\d+)?$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const TIME_FORMAT = "YYYY-MM-DD HH:mm";

/** "2026-11-24 08:00" (UTC) → ISO-8601. */
export const toIso = (v: string) => dayjs.utc(v).toISOString();
/** ISO-8601 → "2026-11-24 08:00" (UTC). */
export const fromIso = (iso: string) => dayjs.utc(iso).format(TIME_FORMAT);

/** The API body (ContestInput), keeping texts in languages the form does not edit. */
export function contestBody(v: ContestFormValues, current: OperatorContest | null) {
  const lang = (base: Texts | undefined, en?: string, zh?: string) => {
    const out: Texts = { ...(base ?? {}) };
    if (en?.trim()) out["en-us"] = en.trim();
    if (zh !== undefined) {
      if (zh.trim()) out["zh-cn"] = zh.trim();
      else delete out["zh-cn"];
    }
    return out;
  };
  const rules = lang(current?.rules, v.rulesEn, v.rulesZh);
  return {
    name: lang(current?.name, v.nameEn, v.nameZh),
    ...(rules["en-us"] ? { rules } : {}),
    startAt: toIso(v.startAt),
    endAt: toIso(v.endAt),
    entryStart: toIso(v.entryStart),
    entryEnd: toIso(v.entryEnd),
    prize: v.prize.trim(),
    prizeSplit: v.prizeSplit.map((s) => s.trim()),
    entryFunds: v.entryFunds.trim(),
    symbols: v.symbols.map((s) => s.trim().toUpperCase()),
  };
}

function valuesOf(c: OperatorContest): ContestFormValues {
  return {
    nameEn: c.name["en-us"] ?? "",
    nameZh: c.name["zh-cn"],
    rulesEn: c.rules["en-us"],
    rulesZh: c.rules["zh-cn"],
    startAt: fromIso(c.startAt),
    endAt: fromIso(c.endAt),
    entryStart: fromIso(c.entryStart),
    entryEnd: fromIso(c.entryEnd),
    prize: c.prize,
    prizeSplit: c.prizeSplit,
    entryFunds: c.entryFunds,
    symbols: c.symbols,
  };
}

function defaults(): Partial<ContestFormValues> {
  const day = dayjs.utc().add(1, "day").startOf("day");
  return {
    entryStart: dayjs.utc().startOf("hour").format(TIME_FORMAT),
    entryEnd: day.add(6, "day").format(TIME_FORMAT),
    startAt: day.format(TIME_FORMAT),
    endAt: day.add(7, "day").format(TIME_FORMAT),
    entryFunds: "10000",
    prizeSplit: ["0.5", "0.3", "0.2"],
    symbols: ["BTCUSDT", "ETHUSDT"],
  };
}

export function ContestForm({
  open,
  current,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  current: OperatorContest | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: ContestFormValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContestFormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(current ? valuesOf(current) : defaults());
  }, [open, current, form]);
  const amountRule = { pattern: decimal, message: t("contests.amountRule") };
  const time = (name: keyof ContestFormValues, label: string) => (
    <Col span={6}>
      <Form.Item
        name={name}
        label={label}
        extra={t("contests.timeHint")}
        rules={[{ required: true, pattern: TIME, message: t("contests.timeRule") }]}
      >
        <Input placeholder="2026-12-01 00:00" />
      </Form.Item>
    </Col>
  );
  return (
    <Modal
      open={open}
      width={860}
      title={current ? t("contests.editContest") : t("contests.newContest")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>{t("contests.editOnlyBefore")}</p>
      <Form form={form} layout="vertical" onFinish={onSubmit} preserve={false}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="nameEn"
              label={t("contests.nameEn")}
              rules={[{ required: true, whitespace: true, max: 200 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t("contests.nameZh")} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="rulesEn" label={t("contests.rulesEn")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="rulesZh" label={t("contests.rulesZh")} rules={[{ max: 4000 }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </Col>
          {time("entryStart", t("contests.entryStart"))}
          {time("entryEnd", t("contests.entryEnd"))}
          {time("startAt", t("contests.startAt"))}
          {time("endAt", t("contests.endAt"))}
          <Col span={8}>
            <Form.Item
              name="prize"
              label={t("contests.prize")}
              extra={t("contests.prizeHint")}
              rules={[{ required: true }, amountRule]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="entryFunds"
              label={t("contests.entryFunds")}
              extra={t("contests.entryFundsHint")}
              rules={[{ required: true }, amountRule]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="prizeSplit"
              label={t("contests.prizeSplit")}
              extra={t("contests.prizeSplitHint")}
              rules={[
                { required: true },
                {
                  validator: (_, parts: string[] | undefined) =>
                    parts &&
                    parts.length > 0 &&
                    parts.every((p) => /^0?\.\d+$|^1(\.0+)?$/.test(p.trim())) &&
                    parts.reduce((s, p) => s + Number(p), 0) <= 1 + 1e-12
                      ? Promise.resolve()
                      : Promise.reject(new Error(t("contests.prizeSplitRule"))),
                },
              ]}
            >
              <Select mode="tags" tokenSeparators={[",", " "]} open={false} aria-label={t("contests.prizeSplit")} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="symbols"
              label={t("contests.symbols")}
              extra={t("contests.symbolsHint")}
              rules={[{ required: true }]}
            >
              <Select mode="tags" tokenSeparators={[",", " "]} open={false} aria-label={t("contests.symbols")} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
