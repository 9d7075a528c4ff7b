// Change the login or the withdrawal password: old, new, confirm. The first withdrawal
// password is confirmed with the login password (docs/contract.md "Accounts").
import type { ChangePasswordBody } from "@candor/contract";
import { Button, Form } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { ApiError } from "../../lib/api-client";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "../../lib/password-rule";
import { showToast } from "../../lib/toast";
import { useChangePassword } from "./api";
import { PasswordInput } from "./password-input";
import styles from "./security.module.css";

type Kind = ChangePasswordBody["kind"];

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Label keys of the three fields; "first" = no withdrawal password yet. */
export function passwordLabels(kind: Kind, hasWithdrawalPassword: boolean) {
  if (kind === "login") return { old: "oldLogin", new: "newLogin", submit: "changeSubmit" } as const;
  if (hasWithdrawalPassword) return { old: "oldWithdrawal", new: "newWithdrawal", submit: "changeSubmit" } as const;
  return { old: "loginForFirstWithdrawal", new: "firstWithdrawal", submit: "setSubmit" } as const;
}

export function PasswordForm({ kind, hasWithdrawalPassword }: { kind: Kind; hasWithdrawalPassword: boolean }) {
  const { t } = useTranslation("security");
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const labels = passwordLabels(kind, hasWithdrawalPassword);
  const first = kind === "withdrawal" && !hasWithdrawalPassword;

  const newRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = passwordProblem(value ?? "");
      if (problem) throw new Error(t(`rule.${problem}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
      if (value === form.getFieldValue("oldPassword")) throw new Error(t(first ? "sameAsLogin" : "sameAsOld"));
    },
  };
  const confirmRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      if (!value) throw new Error(t("rule.empty"));
      if (value !== form.getFieldValue("newPassword")) throw new Error(t("mismatch"));
    },
  };

  const onFinish = async (v: Values) => {
    try {
      const result = await change.mutateAsync({ kind, oldPassword: v.oldPassword, newPassword: v.newPassword });
      showToast(
        result.revokedSessions > 0
          ? t("changedOthersSignedOut", { count: result.revokedSessions })
          : t(first ? "setDone" : "changedDone"),
        "success",
      );
      // Back to where the customer came from inside the app; opened directly → the personal centre.
      if (location.key !== "default") navigate(-1);
      else navigate(routes.my, { replace: true });
    } catch {
      // Shown below and as a toast by the API client; the fields keep what was typed.
    }
  };

  const serverError = change.error instanceof ApiError ? change.error.message : null;
  return (
    <>
      {first ? <p className={styles.intro}>{t("firstWithdrawalIntro")}</p> : null}
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={(v: Values) => void onFinish(v)}
        onValuesChange={() => change.error && change.reset()}
        footer={
          <>
            {serverError ? (
              <p className={styles.error} role="alert">
                {serverError}
              </p>
            ) : null}
            <Button block type="submit" color="primary" size="large" loading={change.isPending}>
              {t(labels.submit)}
            </Button>
          </>
        }
      >
        <Form.Item name="oldPassword" label={t(labels.old)} rules={[{ required: true, message: t("rule.empty") }]}>
          <PasswordInput label={t(labels.old)} autoComplete="current-password" placeholder={t("enterPassword")} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t(labels.new)}
          required
          rules={[newRule]}
          dependencies={["oldPassword"]}
          description={t("ruleHint", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        >
          <PasswordInput label={t(labels.new)} autoComplete="new-password" placeholder={t("enterNewPassword")} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t("confirmPassword")}
          required
          rules={[confirmRule]}
          dependencies={["newPassword"]}
        >
          <PasswordInput
            label={t("confirmPassword")}
            autoComplete="new-password"
            placeholder={t("enterConfirmPassword")}
          />
        </Form.Item>
      </Form>
    </>
  );
}
