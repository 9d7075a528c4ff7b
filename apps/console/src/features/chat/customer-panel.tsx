// Who the agent is talking to: a registered customer's profile, identity check and
// balances (from the customer record), or a note that a guest is not logged in.

import type { OperatorChatConversation } from "@candor/contract";
import { customerPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { get } from "../../lib/api";
import { BalancesTable, CustomerProfile } from "../customers/profile";

export function CustomerPanel({ conversation }: { conversation: OperatorChatConversation }) {
  const { t } = useTranslation();
  const userId = conversation.userId;
  const query = useQuery({
    queryKey: ["customer", userId],
    queryFn: () => get(customerPaths.detail, { id: userId }),
    enabled: userId !== null,
  });
  if (userId === null) return <Alert type="info" showIcon message={t("chat.guestNote")} />;
  return (
    <Card size="small" title={t("chat.customerPanel")} data-testid="chat-customer-panel">
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton active />
      ) : (
        <>
          <CustomerProfile profile={query.data.profile} column={1} />
          <BalancesTable balances={query.data.balances.filter((b) => Number(b.available) || Number(b.frozen))} />
        </>
      )}
    </Card>
  );
}
