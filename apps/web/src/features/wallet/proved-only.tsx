// Deposit and withdraw: the form only for an account whose e-mail or phone is proved (the
// server answers 403 before that); until the profile has loaded, the loading state, so that
// nothing is asked for that may be refused.
import { DotLoading } from "antd-mobile";
import type { ReactNode } from "react";
import { ContactProofPrompt } from "../../components/contact-proof-notice";
import { PageHeader } from "../../components/page-header";
import { useUserStore } from "../../stores/user";
import styles from "./wallet.module.css";

export function ProvedOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useUserStore((s) => s.user);
  if (user?.contactVerified) return <>{children}</>;
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      {user ? (
        <ContactProofPrompt />
      ) : (
        <div className={styles.card}>
          <DotLoading color="primary" />
        </div>
      )}
    </div>
  );
}
