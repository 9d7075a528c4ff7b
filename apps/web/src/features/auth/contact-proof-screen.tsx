// /verifyContact: prove the account's e-mail or phone with a code (docs/contract.md
// "Accounts"). An account with an address it has not proved gets a code there
// (purpose=verify → verifyContact); an account without one (guest, wallet login) adds an
// e-mail or phone with the code sent to it (purpose=register → addContact). Deposits and
// withdrawals open once it is proved. `?next=` is where "Later" and the end lead.
import type { MyUserInfo } from "@candor/contract";
import { authPaths } from "@candor/contract/paths";
import { Button, Result } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { api } from "../../lib/api-client";
import { refreshCurrentUser } from "../../lib/session";
import { showToast } from "../../lib/toast";
import { safeRedirect, useUserStore } from "../../stores/user";
import {
  AccountField,
  type AccountValue,
  accountProblem,
  CodeField,
  emptyAccount,
  SendCodeButton,
} from "./account-fields";
import styles from "./auth.module.css";

const CODE = /^\d{6}$/;

export default function ContactProofScreen() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeRedirect(params.get("next"));
  const user = useUserStore((s) => s.user);
  const done = () => navigate(next, { replace: true });

  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:contactProof")} />
      <div className={styles.body}>
        {user?.contactVerified ? (
          <Result
            status="success"
            title={t("contact.provedTitle")}
            description={t("contact.provedText", { address: user.email ?? user.phone ?? "" })}
          />
        ) : user && (user.email || user.phone) ? (
          <ProveOwn user={user} onDone={done} />
        ) : (
          <AddAddress onDone={done} />
        )}
        <div className={styles.links}>
          <span />
          <button type="button" className={styles.linkButton} onClick={done}>
            {user?.contactVerified ? t("contact.continue") : t("contact.later")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Sends one proof (verifyContact or addContact), then reloads the profile and goes on. */
function useProof(onDone: () => void) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const prove = async (send: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await send();
      await refreshCurrentUser();
      showToast(t("contact.proved"), "success");
      onDone();
    } catch {
      // the server's message was shown
    } finally {
      setBusy(false);
    }
  };
  return { busy, prove };
}

/** The form both proofs share: heading, explanation, their fields, Confirm. */
function ProofForm({
  title,
  intro,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  intro: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.intro}>{intro}</p>
      {children}
      <Button block color="primary" size="large" type="submit" loading={busy} className={styles.submit}>
        {t("contact.confirm")}
      </Button>
    </form>
  );
}

/** The account has an address it has not proved: a code goes there (purpose=verify). */
function ProveOwn({ user, onDone }: { user: MyUserInfo; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const target: AccountValue = { ...emptyAccount("email"), account: user.email ?? "" };
  const [code, setCode] = useState("");
  const { busy, prove } = useProof(onDone);
  const submit = () => {
    if (!CODE.test(code.trim())) return showToast(t("errors.codeRequired"), "fail");
    void prove(() => api.post(authPaths.verifyContact, { code: code.trim() }));
  };
  return (
    <ProofForm
      title={t("contact.proveTitle")}
      intro={t("contact.proveIntro", { address: user.email ?? user.phone ?? "" })}
      busy={busy}
      onSubmit={submit}
    >
      <CodeField
        value={code}
        onChange={setCode}
        sender={user.email ? <SendCodeButton target={target} purpose="verify" /> : <PhoneVerifyButton user={user} />}
      />
    </ProofForm>
  );
}

/** The phone is stored as E.164 ("+15551234567"): sent with the account's country, the server splits it. */
function PhoneVerifyButton({ user }: { user: MyUserInfo }) {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const send = async () => {
    if (!user.phone || !user.countryCode) return;
    try {
      await api.get(authPaths.phoneCode, {
        query: { phone: user.phone, countryCode: user.countryCode, purpose: "verify" },
      });
      setSent(true);
      showToast(t("codeSent"), "success");
    } catch {
      // the server's message was shown
    }
  };
  return (
    <Button size="small" color="primary" fill="none" disabled={sent} onClick={send}>
      {t("sendCode")}
    </Button>
  );
}

/** No e-mail or phone yet (guest, wallet login): add one, proved by the code sent there. */
function AddAddress({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("auth");
  const [account, setAccount] = useState<AccountValue>(emptyAccount());
  const [code, setCode] = useState("");
  const { busy, prove } = useProof(onDone);
  const submit = () => {
    const problem = accountProblem(account);
    if (problem) return showToast(t(problem), "fail");
    if (!CODE.test(code.trim())) return showToast(t("errors.codeRequired"), "fail");
    void prove(() =>
      api.post(authPaths.addContact, {
        type: account.kind,
        account: account.account.trim(),
        ...(account.kind === "phone" ? { countryCode: account.country.phoneCode } : {}),
        code: code.trim(),
      }),
    );
  };
  return (
    <ProofForm title={t("contact.addTitle")} intro={t("contact.addIntro")} busy={busy} onSubmit={submit}>
      <AccountField value={account} onChange={setAccount} />
      <CodeField value={code} onChange={setCode} sender={<SendCodeButton target={account} purpose="register" />} />
    </ProofForm>
  );
}
