// Which products take new orders: an admin pauses a product (what customers hold can
// still be closed, redeemed, repaid and withdrawn) or withholds it from more countries.
// The deployment's own country list is shown and cannot be lifted here.

import type { ProductGate, ProductGateBody } from "@candor/contract";
import { productPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Form, Modal, Select, Skeleton, Space, Switch, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { useSave } from "./use-save";

const ISO2 = /^[A-Z]{2}$/;

function Countries({ codes, color }: { codes: string[]; color?: string }) {
  const { t } = useTranslation();
  if (codes.length === 0) return <Typography.Text type="secondary">{t("common.none")}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap>
      {codes.map((c) => (
        <Tag key={c} color={color}>
          {c}
        </Tag>
      ))}
    </Space>
  );
}

export function ProductsTab({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProductGate | null>(null);
  const [form] = Form.useForm<ProductGateBody>();
  const query = useQuery({
    queryKey: ["product-gates"],
    queryFn: () => get(productPaths.operatorList),
  });
  const { mutation, error, clearError } = useSave(productPaths.operatorUpdate, ["product-gates"], () =>
    setEditing(null),
  );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t("settings.productsHelp")}</Typography.Paragraph>
      <Table<ProductGate>
        rowKey="product"
        size="small"
        pagination={false}
        dataSource={query.data}
        columns={[
          { title: t("settings.product"), dataIndex: "product", render: (p: string) => t(`products.${p}`) },
          {
            title: t("settings.newOrders"),
            dataIndex: "enabled",
            render: (on: boolean) => (
              <Tag color={on ? "green" : "red"}>{on ? t("settings.open") : t("settings.paused")}</Tag>
            ),
          },
          {
            title: t("settings.blockedCountries"),
            dataIndex: "blockedCountries",
            render: (codes: string[]) => <Countries codes={codes} color="orange" />,
          },
          {
            title: t("settings.deploymentCountries"),
            dataIndex: "deploymentBlockedCountries",
            render: (codes: string[]) => <Countries codes={codes} />,
          },
          ...(editable
            ? [
                {
                  title: t("common.actions"),
                  render: (_: unknown, gate: ProductGate) => (
                    <Button
                      size="small"
                      onClick={() => {
                        clearError();
                        form.setFieldsValue({
                          product: gate.product,
                          enabled: gate.enabled,
                          blockedCountries: gate.blockedCountries,
                        });
                        setEditing(gate);
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
        title={editing ? t(`products.${editing.product}`) : ""}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" onFinish={(values) => mutation.mutate(values)}>
          <Form.Item name="product" hidden>
            <input />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t("settings.newOrders")}
            valuePropName="checked"
            extra={t("settings.pauseHelp")}
          >
            <Switch checkedChildren={t("settings.open")} unCheckedChildren={t("settings.paused")} />
          </Form.Item>
          <Form.Item
            name="blockedCountries"
            label={t("settings.blockedCountries")}
            extra={t("settings.countriesHelp")}
            normalize={(codes: string[]) => codes.map((c) => c.trim().toUpperCase())}
            rules={[
              {
                validator: async (_, codes: string[] = []) => {
                  if (codes.some((c) => !ISO2.test(c))) throw new Error(t("settings.countryRule"));
                },
              },
            ]}
          >
            <Select mode="tags" tokenSeparators={[",", " "]} open={false} aria-label={t("settings.blockedCountries")} />
          </Form.Item>
          {editing && editing.deploymentBlockedCountries.length > 0 && (
            <Form.Item label={t("settings.deploymentCountries")}>
              <Countries codes={editing.deploymentBlockedCountries} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("common.save")}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
