// One row of the chat: a message from the customer (right) or support (left), a recall
// notice, or a message still on its way / failed (with progress and resend).
import type { ChatMessage } from "@candor/contract";
import { Button, ProgressBar } from "antd-mobile";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import styles from "./chat.module.css";
import type { Outgoing } from "./use-chat";

const LONG_PRESS_MS = 500;
const time = (iso: string) => formatDate(iso, "time");

function Body({ type, content, onOpenImage }: { type: string; content: string; onOpenImage?: (src: string) => void }) {
  const { t } = useTranslation("chat");
  if (type === "image") {
    return (
      <button type="button" className={styles.media} onClick={() => onOpenImage?.(content)}>
        <img src={content} alt={t("image")} className={styles.image} />
      </button>
    );
  }
  if (type === "video") {
    // biome-ignore lint/a11y/useMediaCaption: customer and agent videos have no captions to offer
    return <video src={content} controls preload="metadata" className={styles.video} aria-label={t("video")} />;
  }
  return <p className={styles.text}>{content}</p>;
}

export function MessageRow({
  message,
  onActions,
  onOpenImage,
}: {
  message: ChatMessage;
  onActions: (m: ChatMessage) => void;
  onOpenImage: (src: string) => void;
}) {
  const { t } = useTranslation("chat");
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mine = message.sender === "customer";
  if (message.recalled) {
    return (
      <div className={styles.notice} data-testid="chat-recalled">
        {mine ? t("youRecalled") : t("otherRecalled")}
      </div>
    );
  }
  const start = () => {
    press.current = setTimeout(() => onActions(message), LONG_PRESS_MS);
  };
  const cancel = () => clearTimeout(press.current);
  return (
    <div
      className={`${styles.row} ${mine ? styles.mine : styles.theirs}`}
      data-testid="chat-message"
      data-sender={message.sender}
      data-id={message.id}
    >
      {!mine ? <span className={styles.author}>{message.agentName ?? t("supportName")}</span> : null}
      <div
        className={styles.bubble}
        onTouchStart={start}
        onTouchEnd={cancel}
        onTouchMove={cancel}
        onContextMenu={(e) => {
          e.preventDefault();
          onActions(message);
        }}
      >
        <Body type={message.type} content={message.content} onOpenImage={onOpenImage} />
      </div>
      <div className={styles.meta}>
        <span>{time(message.createdAt)}</span>
        {mine ? (
          <span data-testid="chat-read-mark" className={message.read ? styles.read : undefined}>
            {message.read ? t("read") : t("delivered")}
          </span>
        ) : null}
        <button
          type="button"
          className={styles.more}
          aria-label={t("messageActions")}
          onClick={() => onActions(message)}
        >
          ⋯
        </button>
      </div>
    </div>
  );
}

export function OutgoingRow({ item, onResend }: { item: Outgoing; onResend: (id: string) => void }) {
  const { t } = useTranslation("chat");
  return (
    <div className={`${styles.row} ${styles.mine}`} data-testid="chat-outgoing" data-status={item.status}>
      <div className={`${styles.bubble} ${item.status === "failed" ? styles.failedBubble : styles.sendingBubble}`}>
        {item.type === "text" ? (
          <p className={styles.text}>{item.text}</p>
        ) : item.type === "image" ? (
          <img src={item.previewUrl} alt={t("image")} className={styles.image} />
        ) : (
          <span className={styles.text}>{t("video")}</span>
        )}
        {item.progress !== null && item.status === "sending" ? (
          <div className={styles.progress}>
            <ProgressBar percent={Math.round(item.progress * 100)} />
            <span>{t("uploading", { percent: Math.round(item.progress * 100) })}</span>
          </div>
        ) : null}
      </div>
      <div className={styles.meta}>
        {item.status === "failed" ? (
          <>
            <span className={styles.failed} role="alert">
              {t("failed")}
            </span>
            <Button size="mini" color="primary" fill="outline" onClick={() => onResend(item.clientMsgId)}>
              {t("resend")}
            </Button>
          </>
        ) : (
          <span>{t("sending")}</span>
        )}
      </div>
    </div>
  );
}
