// A customer's deposit and loss limits, reality check and time-out / self-exclusion, read-only
// (issue 34 §2). There is deliberately no button to lift an exclusion or change a limit:
// only the customer sets them, and an exclusion cannot be ended early by anyone.
import { protectionPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Descriptions, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";

const FIELDS = ["depositDay", "depositWeek", "depositMonth", "lossDay", "lossWeek", "lossMonth"] as const;

export function LimitsCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ["customer-limits", id],
    queryFn: () => get(protectionPaths.operatorLimits, { id }),
  });
  return (
    <Card title={t("protection.title")}>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.exclusion ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={t(query.data.exclusion.kind === "timeout" ? "protection.timeout" : "protection.selfExclusion", {
                until: formatTime(query.data.exclusion.until),
              })}
              description={t("protection.noLift")}
            />
          ) : null}
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
            {FIELDS.map((f) => (
              <Descriptions.Item key={f} label={t(`protection.${f}`)}>
                {query.data[f] === null ? t("protection.none") : `${query.data[f]} USDT`}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t("protection.realityCheck")}>
              {query.data.realityCheckMinutes === null
                ? t("protection.off")
                : t("protection.minutes", { count: query.data.realityCheckMinutes })}
            </Descriptions.Item>
          </Descriptions>
          {query.data.pending.length > 0 ? (
            <ul style={{ marginTop: 12 }}>
              {query.data.pending.map((p) => (
                <li key={p.field}>
                  {t("protection.pending", {
                    field: t(`protection.${p.field}`),
                    value: p.value === null ? t("protection.none") : `${p.value} USDT`,
                    at: formatTime(p.effectiveAt),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Card>
  );
}
