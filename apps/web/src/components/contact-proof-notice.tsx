// Shown where money would move (deposit, withdraw) and on My while the account has not
// proved its e-mail or phone: what is closed, why, and the way to open it (/verifyContact,
// features/auth). A shared component, so those screens do not load the auth feature.
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { routes, withQuery } from "../app/routes";
import { useUserStore } from "../stores/user";
import styles from "./contact-proof.module.css";
import { EmptyState } from "./empty-state";

/** The way to /verifyContact, coming back here afterwards. */
function useProve(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => navigate(withQuery(routes.contactProof, { next: `${pathname}${search}` }));
}

/** Why money cannot move yet and the way to prove the address; nothing once it is proved. */
export function ContactProofPrompt() {
  const { t } = useTranslation("auth");
  const user = useUserStore((s) => s.user);
  const prove = useProve();
  if (!user || user.contactVerified) return null;
  const hasAddress = Boolean(user.email || user.phone);
  return (
    <EmptyState
      title={t(hasAddress ? "contact.gateTitle" : "contact.gateTitleAdd")}
      description={t("contact.gateText")}
    >
      <Button color="primary" onClick={prove} data-testid="prove-contact">
        {t(hasAddress ? "contact.proveNow" : "contact.addNow")}
      </Button>
    </EmptyState>
  );
}

/** A line on My: the address is not proved yet (or missing), with the way to do it. */
export function ContactProofBanner() {
  const { t } = useTranslation("auth");
  const user = useUserStore((s) => s.user);
  const prove = useProve();
  if (!user || user.contactVerified) return null;
  const hasAddress = Boolean(user.email || user.phone);
  return (
    <div className={styles.banner} role="note" data-testid="contact-proof-banner">
      <span>{t(hasAddress ? "contact.bannerProve" : "contact.bannerAdd")}</span>
      <Button size="mini" color="primary" onClick={prove}>
        {t(hasAddress ? "contact.proveNow" : "contact.addNow")}
      </Button>
    </div>
  );
}
