// Where a withdrawal goes, field by field (network, address, memo / tag, wallet label; or
// the bank, name and account), so the reviewer reads it instead of a JSON blob.
import type { OperatorWithdrawalRecord } from "@candor/contract";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";

type Destination = OperatorWithdrawalRecord["destination"];

/** The order fields are shown in; a field the record does not carry is not shown. */
const FIELDS = ["type", "currency", "network", "address", "memo", "tag", "label", "bankName", "realName", "account"];

export function DestinationFields({ destination }: { destination: Destination }) {
  const { t } = useTranslation();
  const record = destination as Record<string, unknown>;
  const keys = [...FIELDS.filter((k) => k in record), ...Object.keys(record).filter((k) => !FIELDS.includes(k))];
  return (
    <Descriptions
      title={t("withdrawals.destination")}
      column={1}
      size="small"
      bordered
      data-testid="withdrawal-destination"
    >
      {keys.map((k) => {
        const value = record[k];
        const text = value === null || value === undefined || value === "" ? "—" : String(value);
        return (
          <Descriptions.Item key={k} label={t(`withdrawals.destinationFields.${k}`, k)}>
            {k === "type" ? (
              t(`withdrawals.destinationTypes.${text}`, text)
            ) : k === "address" || k === "account" ? (
              <Typography.Text code copyable>
                {text}
              </Typography.Text>
            ) : (
              text
            )}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
