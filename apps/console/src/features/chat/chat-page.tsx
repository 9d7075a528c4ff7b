// Support inbox: conversations by queue (nobody assigned), mine or all, open or closed,
// with the customer's online state and unread count, live over the agents' socket; the
// chosen conversation on the right.

import type { OperatorChatConversation } from "@candor/contract";
import { chatPaths } from "@candor/contract/paths";
import { Badge, Card, Col, Empty, List, Row, Segmented, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../app/page-state";
import { usePagedList } from "../../kit";
import { get } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { Conversation } from "./conversation";
import { CustomerPanel } from "./customer-panel";
import { customerLabel } from "./labels";
import { useChatSocket } from "./use-chat-socket";

type Scope = "queue" | "mine" | "all";
type Status = "open" | "closed" | "all";

export function ChatPage() {
  const { t } = useTranslation();
  const list = usePagedList({
    key: "chat",
    scope: ["conversations"],
    filters: { scope: "all" as Scope, status: "open" as Status },
    pageSize: 20,
    fetch: (q) => get(chatPaths.operatorConversations, q),
  });
  const { scope, status } = list.filters;
  const { query, paging } = list;
  const [openId, setOpenId] = useState<number | null>(null);
  const socket = useChatSocket(() => undefined);

  const open = query.data?.records.find((c) => c.id === openId);
  return (
    <Row gutter={16} wrap={false} style={{ minHeight: 600 }}>
      <Col flex="380px">
        <Card
          title={
            <Space>
              {t("chat.title")}
              <Tag
                color={socket === "live" ? "green" : socket === "offline" ? "red" : "default"}
                data-testid="chat-live"
              >
                {t(`chat.socket.${socket}`)}
              </Tag>
            </Space>
          }
          styles={{ body: { padding: 12 } }}
        >
          <Space direction="vertical" style={{ width: "100%" }}>
            <Segmented<Scope>
              block
              value={scope}
              onChange={(v) => list.setFilter("scope", v)}
              options={(["all", "queue", "mine"] as const).map((v) => ({ value: v, label: t(`chat.scope.${v}`) }))}
            />
            <Select<Status>
              aria-label={t("common.status")}
              value={status}
              style={{ width: "100%" }}
              onChange={(v) => list.setFilter("status", v)}
              options={(["open", "closed", "all"] as const).map((v) => ({ value: v, label: t(`chat.status.${v}`) }))}
            />
            {query.isError ? (
              <QueryError error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <List<OperatorChatConversation>
                loading={query.isPending}
                dataSource={query.data?.records ?? []}
                locale={{ emptyText: <Empty description={t("chat.noConversations")} /> }}
                pagination={
                  (query.data?.total ?? 0) > paging.pageSize
                    ? { ...paging.pagination(query.data?.total), size: "small", showSizeChanger: false }
                    : false
                }
                renderItem={(c) => (
                  <List.Item
                    data-testid={`conversation-${c.id}`}
                    onClick={() => setOpenId(c.id)}
                    style={{
                      cursor: "pointer",
                      paddingInline: 8,
                      background: c.id === openId ? "#e6f4ff" : undefined,
                      borderRadius: 6,
                    }}
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          <Badge status={c.online ? "success" : "default"} />
                          <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                            {customerLabel(t, c)}
                          </Typography.Text>
                          {c.status === "closed" && <Tag>{t("chat.status.closed")}</Tag>}
                        </Space>
                      }
                      description={
                        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 230 }}>
                          {c.lastMessage || t("chat.noMessages")}
                        </Typography.Text>
                      }
                    />
                    <Space direction="vertical" align="end" size={2}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {c.lastMessageAt ? formatTime(c.lastMessageAt) : ""}
                      </Typography.Text>
                      <Badge count={c.unread} aria-label={t("chat.unread", { count: c.unread })} />
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Space>
        </Card>
        {open && (
          <div style={{ marginTop: 16 }}>
            <CustomerPanel conversation={open} />
          </div>
        )}
      </Col>
      <Col flex="auto">
        {openId === null ? (
          <Card>
            <Empty description={t("chat.pick")} />
          </Card>
        ) : (
          <Conversation key={openId} id={openId} onClosed={() => setOpenId(null)} />
        )}
      </Col>
    </Row>
  );
}
