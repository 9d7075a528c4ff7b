// Symbol spreads: every symbol with its asset class, spread (as a fraction of mid, in % and
// in basis points), leverage cap, precision and whether it takes new trades. An admin
// changes a spread within the server's bounds (SPREAD_LIMITS); new quotes use it at once,
// open positions keep their prices. The server's message stays on the form.

import { type OperatorMarketSymbol, SPREAD_LIMITS } from "@candor/contract";
import { marketPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Form, Input, Modal, Skeleton, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { useSave } from "./use-save";

const DECIMAL = /^\d+(\.\d+)?$/;

/** `value` × 10^places as a plain decimal string, exact ("0.0004", 2 → "0.04"; 4 → "4"). */
export function shiftDecimal(value: string, places: number): string {
  const [int = "0", frac = ""] = value.split(".");
  const digits = int + frac.padEnd(places, "0");
  const point = int.length + places;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "");
  const rest = digits.slice(point).replace(/0+$/, "");
  return rest ? `${whole}.${rest}` : whole;
}

/** Null when the spread is within the server's bounds, else what is wrong. */
function spreadProblem(value: string): "format" | "range" | "decimals" | null {
  const v = value.trim();
  if (!DECIMAL.test(v)) return "format";
  const decimals = v.split(".")[1]?.replace(/0+$/, "").length ?? 0;
  if (decimals > SPREAD_LIMITS.decimals) return "decimals";
  const n = Number(v);
  if (!(n > 0) || n > Number(SPREAD_LIMITS.max)) return "range";
  return null;
}

function SpreadText({ spread }: { spread: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {shiftDecimal(spread, 2)} % · {t("settings.bp", { bp: shiftDecimal(spread, 4) })}
    </span>
  );
}

export function SpreadsTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<OperatorMarketSymbol | null>(null);
  const [form] = Form.useForm<{ spread: string }>();
  const typed = Form.useWatch("spread", form);
  const query = useQuery({
    queryKey: ["market-symbols"],
    queryFn: () => get(marketPaths.operatorSymbols),
  });
  const { mutation, error, clearError } = useSave(marketPaths.operatorSymbolUpdate, ["market-symbols"], () =>
    setEditing(null),
  );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  const maxPercent = shiftDecimal(SPREAD_LIMITS.max, 2);
  return (
    <>
      <Typography.Paragraph type="secondary">{t("settings.spreadsHelp")}</Typography.Paragraph>
      <Table<OperatorMarketSymbol>
        rowKey="symbol"
        size="small"
        pagination={false}
        dataSource={query.data}
        locale={{ emptyText: t("settings.noSymbols") }}
        columns={[
          { title: t("settings.symbol"), dataIndex: "symbol" },
          {
            title: t("settings.assetClass"),
            dataIndex: "assetClass",
            render: (c: string) => t(`settings.assetClasses.${c}`),
          },
          {
            title: t("settings.spread"),
            dataIndex: "spread",
            render: (s: string) => <SpreadText spread={s} />,
          },
          { title: t("settings.spreadFraction"), dataIndex: "spread" },
          {
            title: t("settings.bidAsk"),
            render: (_: unknown, s: OperatorMarketSymbol) => (s.bid && s.ask ? `${s.bid} / ${s.ask}` : "—"),
          },
          { title: t("settings.maxLeverage"), dataIndex: "maxLeverage", render: (n: number) => `${n}×` },
          { title: t("settings.pricePrecision"), dataIndex: "pricePrecision" },
          {
            title: t("settings.newTrades"),
            dataIndex: "enabled",
            render: (on: boolean) => (
              <Tag color={on ? "green" : "red"}>{on ? t("settings.open") : t("settings.paused")}</Tag>
            ),
          },
          ...(editable
            ? [
                {
                  title: t("common.actions"),
                  render: (_: unknown, s: OperatorMarketSymbol) => (
                    <Button
                      size="small"
                      aria-label={t("settings.editSpread", { symbol: s.symbol })}
                      onClick={() => {
                        clearError();
                        form.resetFields();
                        form.setFieldsValue({ spread: s.spread });
                        setEditing(s);
                      }}
                    >
                      {t("common.edit")}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? t("settings.spreadTitle", { symbol: editing.symbol }) : ""}
        onCancel={() => setEditing(null)}
        footer={null}
        forceRender
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
        {editing && (
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t("settings.currentSpread")}>
              <span>
                <SpreadText spread={editing.spread} /> ({editing.spread})
              </span>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => editing && mutation.mutate({ symbol: editing.symbol, spread: values.spread.trim() })}
        >
          <Form.Item
            name="spread"
            label={t("settings.newSpread")}
            extra={
              typed && spreadProblem(typed) === null ? (
                <span data-testid="spread-preview">
                  = <SpreadText spread={typed.trim()} />
                </span>
              ) : (
                t("settings.spreadHint", { max: SPREAD_LIMITS.max, maxPercent, decimals: SPREAD_LIMITS.decimals })
              )
            }
            rules={[
              { required: true, message: t("settings.spreadRequired") },
              {
                validator: async (_, value: string | undefined) => {
                  if (!value) return;
                  const problem = spreadProblem(value);
                  if (problem === "format") throw new Error(t("settings.spreadFormat"));
                  if (problem)
                    throw new Error(
                      t("settings.spreadRange", {
                        max: SPREAD_LIMITS.max,
                        maxPercent,
                        decimals: SPREAD_LIMITS.decimals,
                      }),
                    );
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("common.save")}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
