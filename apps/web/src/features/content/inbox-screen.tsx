// /inbox: my internal messages by category (all, system, task, transaction) with unread
// badges; opening a message marks it read; "mark all read" clears the tab.
import type { InboxMessage } from "@candor/contract";
import { Button, Tabs } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";
import { PagedList } from "../../components/paged-list";
import { formatDate } from "../../lib/format";
import { CONTENT_PATHS, type InboxTab, useMarkRead, useUnread } from "./api";
import styles from "./content.module.css";

const TABS: InboxTab[] = ["all", "system", "task", "transaction"];

export default function InboxScreen() {
  const { t, i18n } = useTranslation("content");
  const [tab, setTab] = useState<InboxTab>("all");
  const [open, setOpen] = useState<number | null>(null);
  const unread = useUnread();
  const mark = useMarkRead();
  const countOf = (k: InboxTab) => (k === "all" ? unread.data?.count : unread.data?.[k]) ?? 0;
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:inbox")} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as InboxTab)}>
        {TABS.map((k) => (
          <Tabs.Tab
            key={k}
            title={
              <span>
                {t(`tabs.${k}`)}
                {countOf(k) > 0 && <span className={styles.tabCount}>{countOf(k)}</span>}
              </span>
            }
          />
        ))}
      </Tabs>
      <div className={styles.toolbar}>
        <Button
          size="small"
          fill="none"
          color="primary"
          disabled={countOf(tab) === 0}
          loading={mark.isPending}
          onClick={() => mark.mutate({ category: tab })}
        >
          {t("markAllRead")}
        </Button>
      </div>
      <div className={styles.body}>
        <PagedList<InboxMessage>
          path={CONTENT_PATHS.inbox}
          query={{ category: tab, lang: i18n.language }}
          keyOf={(m) => m.id}
          ariaLabel={t("routes:inbox")}
          emptyText={t("inboxEmpty")}
          emptyHint={t("inboxEmptyHint")}
          renderItem={(m) => (
            <button
              type="button"
              className={styles.card}
              aria-expanded={open === m.id}
              onClick={() => {
                setOpen(open === m.id ? null : m.id);
                if (!m.read) mark.mutate({ ids: [m.id] });
              }}
            >
              <span className={styles.cardTitle}>
                {!m.read && <span className={styles.unreadDot} role="img" aria-label={t("unread")} />}
                <span>{m.title}</span>
              </span>
              <p className={open === m.id ? styles.messageBody : styles.summary}>{m.body}</p>
              <div className={styles.meta}>
                {t(`tabs.${m.category}`)} · {formatDate(m.createdAt, "dateTime")} · {m.read ? t("read") : t("unread")}
              </div>
            </button>
          )}
        />
      </div>
    </div>
  );
}
