// Create or edit a contest (ContestInput): name and rules in English and Traditional
// Chinese (other languages an edit keeps as they are), the contest period and entry
// window (UTC), the prize pool in real USDT and its split by rank, the virtual entry
// funds (CUSDT), the eligible symbols and the prize rules (closed trades needed to be
// ranked for prizes, whether a prize needs a profit; customers see both before joining).
import { ContestInput, ContestPrizeSplit } from "@candor/contract";
import { Col, Form, InputNumber, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { DecimalField, FormModal, LocalizedText, UtcTimeField, zodRule } from "../../kit";
import { CONTEST_TEXTS, type ContestFormValues, contestValues } from "./contest-body";
import type { OperatorContest } from "./types";

const TIMES = ["entryStart", "entryEnd", "startAt", "endAt"] as const;

export function ContestForm(props: {
  open: boolean;
  current: OperatorContest | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (v: ContestFormValues) => void;
}) {
  const { t } = useTranslation();
  const shape = ContestInput.shape;
  return (
    <FormModal<ContestFormValues, OperatorContest>
      {...props}
      width={860}
      title={props.current ? t("contests.editContest") : t("contests.newContest")}
      initial={contestValues}
      texts={CONTEST_TEXTS}
      intro={<p>{t("contests.editOnlyBefore")}</p>}
    >
      <LocalizedText name="name" label={t("form.texts.name")} max={200} />
      <LocalizedText name="rules" label={t("form.texts.rules")} max={4000} rows={3} optional />
      {TIMES.map((name) => (
        <UtcTimeField key={name} name={name} label={t(`contests.${name}`)} required />
      ))}
      <DecimalField
        name="prize"
        label={t("contests.prize")}
        extra={t("contests.prizeHint")}
        required
        shape={shape.prize}
        message={t("contests.amountRule")}
      />
      <DecimalField
        name="entryFunds"
        label={t("contests.entryFunds")}
        extra={t("contests.entryFundsHint")}
        required
        shape={shape.entryFunds}
        message={t("contests.amountRule")}
      />
      <Col span={8}>
        <Form.Item
          name="prizeSplit"
          label={t("contests.prizeSplit")}
          extra={t("contests.prizeSplitHint")}
          rules={[{ required: true }, zodRule(ContestPrizeSplit, t("contests.prizeSplitRule"))]}
        >
          <Select mode="tags" tokenSeparators={[",", " "]} open={false} aria-label={t("contests.prizeSplit")} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="minClosedTrades"
          label={t("contests.minClosedTrades")}
          extra={t("contests.minClosedTradesHint")}
          rules={[{ required: true }, zodRule(shape.minClosedTrades, t("contests.minClosedTradesRule"))]}
        >
          <InputNumber min={1} max={10000} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="prizeNeedsProfit"
          label={t("contests.prizeNeedsProfit")}
          extra={t("contests.prizeNeedsProfitHint")}
          valuePropName="checked"
        >
          <Switch />
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
    </FormModal>
  );
}
