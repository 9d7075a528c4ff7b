// One conversation for an agent: the customer (link to their record), online state,
// messages oldest to newest with read marks and recalls, a reply box (Enter sends,
// Shift+Enter adds a line), an image or video upload, recall of my own reply within
// 2 minutes, and closing. Opening it marks the customer's messages read.

import { CHAT_RECALL_WINDOW_MS, CHAT_TEXT_MAX, type ChatMessage } from "@candor/contract";
import { chatPaths } from "@candor/contract/paths";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Badge, Button, Card, Dropdown, Empty, Input, Space, Spin, Tag, Typography, Upload } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryError } from "../../app/page-state";
import { useAction } from "../../kit";
import { ApiError, fillPath, get, post } from "../../lib/api";
import { formatTime } from "../../lib/format";
import { currentLang } from "../../lib/i18n";
import { getSession, useSession } from "../../lib/session";
import { customerLabel } from "./labels";

const PAGE = 100;

async function upload(conversationId: number, file: File): Promise<{ url: string; kind: "image" | "video" }> {
  const kind = file.type.startsWith("video/") ? "video" : "image";
  const form = new FormData();
  form.append("file", file);
  const response = await fetch(`${fillPath(chatPaths.operatorUpload, { id: conversationId })}?kind=${kind}`, {
    method: "POST",
    headers: { "X-Access-Token": getSession()?.token ?? "", "X-Lang": currentLang() },
    body: form,
  });
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    result?: { url: string; kind: "image" | "video" };
  } | null;
  if (!response.ok || !body?.success || !body.result) throw new ApiError(response.status, body?.message ?? "");
  return body.result;
}

function Bubble({ message, mine, onRecall }: { message: ChatMessage; mine: boolean; onRecall?: () => void }) {
  const { t } = useTranslation();
  const agent = message.sender === "agent";
  return (
    <div
      data-testid={`message-${message.id}`}
      style={{ display: "flex", justifyContent: agent ? "flex-end" : "flex-start", marginBottom: 10 }}
    >
      <div style={{ maxWidth: "70%" }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {agent ? message.agentName || t("chat.agent") : t("chat.customer")} · {formatTime(message.createdAt)}
        </Typography.Text>
        <div
          style={{
            background: agent ? "#1677ff" : "#f0f0f0",
            color: agent ? "#fff" : undefined,
            padding: "8px 12px",
            borderRadius: 8,
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
          }}
        >
          {message.recalled ? (
            <i>{t("chat.recalled")}</i>
          ) : message.type === "image" ? (
            <a href={message.content} target="_blank" rel="noreferrer">
              <img src={message.content} alt={t("chat.image")} style={{ maxWidth: 240, display: "block" }} />
            </a>
          ) : message.type === "video" ? (
            // biome-ignore lint/a11y/useMediaCaption: customers' own recordings have no captions
            <video src={message.content} controls style={{ maxWidth: 280, display: "block" }} />
          ) : (
            message.content
          )}
        </div>
        <Space size={8} style={{ fontSize: 12 }}>
          {agent && !message.recalled && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {message.read ? t("chat.read") : t("chat.delivered")}
            </Typography.Text>
          )}
          {mine && onRecall && (
            <Button type="link" size="small" onClick={onRecall} style={{ padding: 0 }}>
              {t("chat.recall")}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}

export function Conversation({ id, onClosed }: { id: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const me = useSession()?.staff;
  const myName = me ? me.displayName || me.username : "";
  const [text, setText] = useState("");
  const canned = t("chat.canned", { returnObjects: true }) as string[];
  const bottom = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const conversation = useQuery({
    queryKey: ["chat", "conversation", id],
    queryFn: () => get(chatPaths.operatorConversation, undefined, { id }),
  });
  const messages = useQuery({
    queryKey: ["chat", "messages", id],
    queryFn: () => get(chatPaths.operatorMessages, { pageNo: 1, pageSize: PAGE }, { id }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ["chat"] });

  // Whatever the customer wrote is read once the agent has it open.
  const unread = conversation.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0)
      void post(chatPaths.operatorRead, undefined, { id }).then(
        () => client.invalidateQueries({ queryKey: ["chat"] }),
        () => undefined,
      );
  }, [id, unread, client]);

  const ordered = [...(messages.data?.records ?? [])].reverse();
  const lastId = ordered.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined) bottom.current?.scrollIntoView({ block: "end" });
  }, [lastId]);

  const send = useAction(
    (body: { type: "text" | "image" | "video"; content: string }) =>
      post(chatPaths.operatorReply, { ...body, clientMsgId: crypto.randomUUID() }, { id }),
    {
      onSuccess: (_, body) => {
        if (body.type === "text") setText("");
        refresh();
      },
    },
  );
  const sendFile = useAction(
    async (file: File) => {
      const stored = await upload(id, file);
      return post(
        chatPaths.operatorReply,
        { type: stored.kind, content: stored.url, clientMsgId: crypto.randomUUID() },
        { id },
      );
    },
    { onSuccess: refresh, onFailure: (text) => message.error(text || t("chat.uploadFailed")) },
  );
  const recall = useAction((messageId: number) => post(chatPaths.operatorRecall, { id: messageId }), {
    onSuccess: refresh,
  });
  const close = useAction(() => post(chatPaths.operatorClose, undefined, { id }), {
    onSuccess: () => {
      message.success(t("chat.closedDone"));
      refresh();
      onClosed();
    },
  });

  if (conversation.isError)
    return <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  if (!conversation.data) return <Spin />;
  const c = conversation.data;
  const trimmed = text.trim();
  const submit = () => {
    if (trimmed && !send.isPending) send.mutate({ type: "text", content: trimmed });
  };

  return (
    <Card
      data-testid="chat-conversation"
      title={
        <Space>
          <Badge status={c.online ? "success" : "default"} />
          <Typography.Text strong ellipsis={{ tooltip: true }} style={{ maxWidth: 420 }}>
            {customerLabel(t, c)}
          </Typography.Text>
        </Space>
      }
      extra={
        c.status === "open" ? (
          <Button
            onClick={() =>
              modal.confirm({
                title: t("chat.closeConfirm"),
                content: t("chat.closeHelp"),
                okText: t("chat.close"),
                cancelText: t("common.cancel"),
                onOk: () => close.mutateAsync(),
              })
            }
          >
            {t("chat.close")}
          </Button>
        ) : (
          <Tag>{t("chat.status.closed")}</Tag>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{c.online ? t("chat.online") : t("chat.offline")}</Typography.Text>
        <Tag color={c.agentName ? "blue" : "gold"}>
          {c.agentName ? t("chat.assignedTo", { name: c.agentName }) : t("chat.unassigned")}
        </Tag>
        {c.userId !== null && <Link to={`/customers/${c.userId}`}>{t("chat.customerRecord")}</Link>}
      </Space>
      <div style={{ height: 440, overflowY: "auto", paddingRight: 8 }} aria-live="polite">
        {messages.isError ? (
          <QueryError error={messages.error} onRetry={() => void messages.refetch()} />
        ) : messages.isPending ? (
          <Spin />
        ) : ordered.length === 0 ? (
          <Empty description={t("chat.noMessages")} />
        ) : (
          ordered.map((m) => {
            const mine =
              m.sender === "agent" &&
              m.agentName === myName &&
              !m.recalled &&
              now - new Date(m.createdAt).getTime() < CHAT_RECALL_WINDOW_MS;
            return <Bubble key={m.id} message={m} mine={mine} onRecall={() => recall.mutate(m.id)} />;
          })
        )}
        <div ref={bottom} />
      </div>
      <Space.Compact style={{ width: "100%", marginTop: 12 }}>
        <Input.TextArea
          aria-label={t("chat.reply")}
          placeholder={t("chat.replyPlaceholder")}
          value={text}
          maxLength={CHAT_TEXT_MAX}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
      </Space.Compact>
      <Space style={{ marginTop: 8, justifyContent: "space-between", width: "100%" }}>
        <Space>
          <Upload
            accept="image/*,video/*"
            showUploadList={false}
            beforeUpload={(file) => {
              sendFile.mutate(file);
              return false;
            }}
          >
            <Button loading={sendFile.isPending}>{t("chat.attach")}</Button>
          </Upload>
          <Dropdown
            trigger={["click"]}
            menu={{
              items: canned.map((reply, i) => ({ key: String(i), label: reply })),
              onClick: ({ key }) => setText((before) => (before ? `${before}\n` : "") + (canned[Number(key)] ?? "")),
            }}
          >
            <Button>{t("chat.cannedReplies")}</Button>
          </Dropdown>
        </Space>
        <Button type="primary" onClick={submit} disabled={!trimmed} loading={send.isPending}>
          {t("chat.send")}
        </Button>
      </Space>
    </Card>
  );
}
