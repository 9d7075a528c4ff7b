// My sessions (/sessions): every device that is logged in, with revoke one / all others;
// below, the linked wallets (linked-wallets.tsx).
import type { SessionInfo } from "@candor/contract";
import { Button, Card, Dialog, DotLoading, Tag } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "./api";
import { describeDevice } from "./device";
import { LinkedWallets } from "./linked-wallets";
import styles from "./security.module.css";

/** The current session first, then the most recently active. */
export function orderSessions(sessions: readonly SessionInfo[]): SessionInfo[] {
  return [...sessions].sort(
    (a, b) => (a.current === b.current ? 0 : b.current ? 1 : -1) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

export default function SessionsScreen() {
  const { t } = useTranslation("security");
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const confirmRevokeOthers = async () => {
    const ok = await Dialog.confirm({
      title: t("revokeOthersTitle"),
      content: t("revokeOthersText", { count: others }),
      confirmText: t("revokeOthers"),
      cancelText: t("common:cancel"),
    });
    if (!ok) return;
    try {
      const result = await revokeOthers.mutateAsync();
      showToast(t("revokedCount", { count: result.revoked }), "success");
    } catch {
      // The API client showed why.
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:mySessions")} />
      <p className={styles.intro}>{t("sessionsIntro")}</p>
      {sessions.isPending ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : sessions.isError ? (
        <EmptyState kind="error" title={t("sessionsFailed")} description={t("common:loadFailedHint")}>
          <Button color="primary" onClick={() => void sessions.refetch()}>
            {t("common:retry")}
          </Button>
        </EmptyState>
      ) : sessions.data.length === 0 ? (
        <EmptyState title={t("noSessions")} description={t("noSessionsHint")} />
      ) : (
        <>
          <ul className={styles.sessionList} aria-label={t("routes:mySessions")}>
            {orderSessions(sessions.data).map((s) => (
              <SessionCard key={s.id} session={s} />
            ))}
          </ul>
          <div className={styles.footer}>
            <Button
              block
              color="danger"
              fill="outline"
              disabled={others === 0}
              loading={revokeOthers.isPending}
              onClick={() => void confirmRevokeOthers()}
            >
              {t("revokeOthers")}
            </Button>
            {others === 0 ? <p className={styles.note}>{t("noOtherSessions")}</p> : null}
          </div>
        </>
      )}
      <LinkedWallets />
    </div>
  );
}

function SessionCard({ session }: { session: SessionInfo }) {
  const { t } = useTranslation("security");
  const revoke = useRevokeSession();
  const name = describeDevice(session.device) ?? t("unknownDevice");

  const confirmRevoke = async () => {
    const ok = await Dialog.confirm({
      title: t("revokeTitle"),
      content: t("revokeText", { device: name }),
      confirmText: t("revoke"),
      cancelText: t("common:cancel"),
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(session.id);
      showToast(t("revoked"), "success");
    } catch {
      // The API client showed why.
    }
  };

  return (
    <li aria-label={name}>
      <Card className={styles.sessionCard}>
        <div className={styles.sessionHead}>
          <span className={styles.deviceName}>{name}</span>
          {session.current ? (
            <Tag color="primary" fill="outline" className={styles.nowrap}>
              {t("thisDevice")}
            </Tag>
          ) : null}
        </div>
        {session.device ? (
          <p className={styles.userAgent} title={session.device}>
            {session.device}
          </p>
        ) : null}
        <dl className={styles.facts}>
          <dt>{t("signedIn")}</dt>
          <dd>
            <time>{formatDate(session.createdAt)}</time>
          </dd>
          <dt>{t("lastSeen")}</dt>
          <dd>
            <time>{formatDate(session.lastSeenAt)}</time>
          </dd>
        </dl>
        {session.current ? null : (
          <Button
            size="small"
            color="danger"
            fill="outline"
            className={styles.revoke}
            loading={revoke.isPending}
            onClick={() => void confirmRevoke()}
          >
            {t("revoke")}
          </Button>
        )}
      </Card>
    </li>
  );
}
