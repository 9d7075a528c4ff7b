// /chat: support chat for customers and guests (outside the shell). Messages with day
// separators, live replies with a sound, read marks, recall, images and videos with
// upload progress, an offline banner and resend of failed messages, and a fixed notice
// that staff never ask for payments.
import type { ChatMessage } from "@candor/contract";
import { ActionSheet, Button, ImageViewer } from "antd-mobile";
import { useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { CenteredLoading, LoadFailed } from "../../components/screen-states";
import { copyText } from "../../lib/clipboard";
import { formatDate } from "../../lib/format";
import { SecurityCheck } from "../auth";
import styles from "./chat.module.css";
import { canRecall, dayLabel, withDaySeparators } from "./chat-logic";
import { Composer } from "./composer";
import { MessageRow, OutgoingRow } from "./message-row";
import { useChat } from "./use-chat";

export default function ChatScreen() {
  const { t } = useTranslation("chat");
  const chat = useChat();
  const listRef = useRef<HTMLDivElement>(null);
  const now = new Date();

  const rows = useMemo(() => withDaySeparators(chat.messages), [chat.messages]);
  const count = chat.messages.length + chat.outgoing.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the newest on every new row
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, chat.status]);

  const openActions = (m: ChatMessage) => {
    const actions = [
      ...(canRecall(m, Date.now()) ? [{ key: "recall", text: t("recall") }] : []),
      ...(m.type === "text" ? [{ key: "copy", text: t("copy") }] : []),
    ];
    if (actions.length === 0) return;
    const handler = ActionSheet.show({
      actions,
      cancelText: t("common:cancel"),
      onAction: (a) => {
        handler.close();
        if (a.key === "recall") void chat.recall(m.id);
        if (a.key === "copy") void copyText(m.content);
      },
    });
  };

  const conv = chat.conversation;
  const offline = !chat.online || (chat.status === "ready" && chat.connection === "closed");
  const label = (key: string) => {
    const l = dayLabel(key, now);
    // The key is a calendar day ("2026-11-01"): shown in the language's order, as that day.
    return l.kind === "date" ? formatDate(l.date, "date", "UTC") : t(l.kind);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        title={
          <span className={styles.title}>
            {t("routes:supportChat")}
            {conv ? (
              <span className={styles.presence} data-testid="chat-presence">
                <span className={`${styles.dot} ${conv.online ? styles.dotOn : ""}`} aria-hidden="true" />
                {conv.online ? t("supportOnline") : t("supportAway")}
              </span>
            ) : null}
          </span>
        }
      />
      <p className={styles.safety} data-testid="chat-safety-notice">
        {t("notice")}
      </p>
      {offline ? (
        <div className={styles.offline} role="status" data-testid="chat-offline">
          {t("offline")}
        </div>
      ) : null}
      <div className={styles.list} ref={listRef} aria-live="polite" data-testid="chat-list">
        {chat.status === "loading" ? (
          <CenteredLoading />
        ) : chat.status === "check" ? (
          <SecurityCheck onChange={(payload) => payload && chat.passCheck(payload)} />
        ) : chat.status === "error" ? (
          <LoadFailed onRetry={() => void chat.reload()} hint={t("loadFailedHint")} />
        ) : (
          <>
            {chat.hasOlder ? (
              <div className={styles.older}>
                <Button size="mini" fill="none" color="primary" onClick={() => void chat.loadOlder()}>
                  {t("loadOlder")}
                </Button>
              </div>
            ) : null}
            {rows.length === 0 && chat.outgoing.length === 0 ? <p className={styles.empty}>{t("empty")}</p> : null}
            {rows.map((row) =>
              row.type === "day" ? (
                <div key={`d-${row.key}`} className={styles.day} data-testid="chat-day">
                  <span>{label(row.key)}</span>
                </div>
              ) : (
                <MessageRow
                  key={row.item.id}
                  message={row.item}
                  onActions={openActions}
                  onOpenImage={(src) => ImageViewer.show({ image: src })}
                />
              ),
            )}
            {chat.outgoing.map((o) => (
              <OutgoingRow key={o.clientMsgId} item={o} onResend={chat.resend} />
            ))}
          </>
        )}
      </div>
      <Composer onText={chat.sendText} onFile={chat.sendFile} />
    </div>
  );
}
