// Advanced verification (/shenfenRenzhengAd): names, phone, current address and an
// emergency contact. Opens once basic verification has passed.
import type { KycAdvancedBody, KycState, PersonalInfo } from "@candor/contract";
import { Button, Form, Input, TextArea } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useKycStatus, usePersonalInfo, useSubmitAdvanced } from "./api";
import styles from "./kyc.module.css";
import { Loadable, StatusResult } from "./status-view";

/** Same rule as the server: digits, spaces, brackets and dashes, optionally a leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{4,24}$/;

interface AdvancedValues {
  surname: string;
  givenName: string;
  phone: string;
  address: string;
  contactSurname: string;
  contactName: string;
  relationship: string;
  contactPhone: string;
  contactAddress: string;
}

export function toAdvancedBody(v: AdvancedValues): KycAdvancedBody {
  return {
    surname: v.surname.trim(),
    givenName: v.givenName.trim(),
    phone: v.phone.trim(),
    address: v.address.trim(),
    emergencyContact: {
      surname: v.contactSurname.trim(),
      name: v.contactName.trim(),
      relationship: v.relationship.trim(),
      phone: v.contactPhone.trim(),
      address: v.contactAddress.trim(),
    },
  };
}

export default function AdvancedScreen() {
  const { t } = useTranslation("kyc");
  const status = useKycStatus();
  // Prefill from personal data when there is some; the form works without it.
  const personal = usePersonalInfo();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:advancedVerification")} />
      <Loadable
        pending={status.isPending || personal.isPending}
        error={status.isError}
        onRetry={() => void status.refetch()}
      >
        {() => (status.data ? <AdvancedBody state={status.data} personal={personal.data} /> : null)}
      </Loadable>
    </div>
  );
}

function AdvancedBody({ state, personal }: { state: KycState; personal?: PersonalInfo | undefined }) {
  const { t } = useTranslation("kyc");
  const navigate = useNavigate();
  if (state.basic.status !== "passed") {
    const text = state.basic.status === "pending" ? "basicFirstPending" : "basicFirstText";
    return (
      <StatusResult status="info" title={t("basicFirstTitle")} description={t(text)}>
        {state.basic.status === "pending" ? (
          <Button block color="primary" onClick={() => navigate(routes.verificationResult)}>
            {t("viewStatus")}
          </Button>
        ) : (
          <Button block color="primary" onClick={() => navigate(routes.identityVerification)}>
            {t("goBasic")}
          </Button>
        )}
      </StatusResult>
    );
  }
  if (state.advanced.status === "pending" || state.advanced.status === "passed") {
    const passed = state.advanced.status === "passed";
    return (
      <StatusResult
        status={passed ? "success" : "waiting"}
        title={t(passed ? "advancedPassedTitle" : "pendingTitle")}
        description={t(passed ? "advancedPassedText" : "pendingText")}
      >
        <Button block color="primary" onClick={() => navigate(routes.verificationResult)}>
          {t("viewStatus")}
        </Button>
      </StatusResult>
    );
  }
  return <AdvancedForm state={state} personal={personal} />;
}

function AdvancedForm({ state, personal }: { state: KycState; personal?: PersonalInfo | undefined }) {
  const { t } = useTranslation("kyc");
  const navigate = useNavigate();
  const submit = useSubmitAdvanced();
  const required = { required: true, whitespace: true, message: t("required") };
  const phoneRules = [required, { pattern: PHONE_PATTERN, message: t("phoneInvalid") }];

  const onFinish = async (values: AdvancedValues) => {
    try {
      await submit.mutateAsync(toAdvancedBody(values));
      navigate(routes.verificationResult, { replace: true });
    } catch {
      // The API client showed the server's message; the form keeps what was entered.
    }
  };

  const text = (name: keyof AdvancedValues, label: string, max = 64, autoComplete = "off") => (
    <Form.Item name={name} label={label} rules={[required, { max }]}>
      <Input aria-label={label} maxLength={max} clearable autoComplete={autoComplete} />
    </Form.Item>
  );
  const phone = (name: keyof AdvancedValues, label: string, autoComplete = "off") => (
    <Form.Item name={name} label={label} rules={phoneRules}>
      <Input
        aria-label={label}
        type="tel"
        placeholder={t("phonePlaceholder")}
        maxLength={24}
        clearable
        autoComplete={autoComplete}
      />
    </Form.Item>
  );
  const address = (name: keyof AdvancedValues, label: string) => (
    <Form.Item name={name} label={label} rules={[required, { max: 255 }]}>
      <TextArea
        aria-label={label}
        placeholder={t("addressPlaceholder")}
        maxLength={255}
        autoSize={{ minRows: 2, maxRows: 4 }}
      />
    </Form.Item>
  );

  return (
    <>
      {state.advanced.status === "rejected" ? (
        <div className={styles.rejected} role="alert">
          <strong>{t("rejectedTitle")}</strong>
          <span>
            {state.advanced.rejectReason ? t("reason", { reason: state.advanced.rejectReason }) : t("noReason")}
          </span>
          <span>{t("rejectedRetry")}</span>
        </div>
      ) : (
        <p className={styles.intro}>{t("advancedIntro")}</p>
      )}
      <Form
        layout="vertical"
        mode="card"
        initialValues={{
          surname: personal?.surname ?? "",
          givenName: personal?.firstName ?? "",
          phone: personal?.phone ?? "",
          address: personal?.address ?? "",
        }}
        onFinish={(v: AdvancedValues) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
            {t("submit")}
          </Button>
        }
      >
        <Form.Header>{t("yourDetails")}</Form.Header>
        {text("surname", t("surname"), 64, "family-name")}
        {text("givenName", t("givenName"), 64, "given-name")}
        {phone("phone", t("phone"), "tel")}
        {address("address", t("address"))}
        <Form.Header>{t("emergencyContact")}</Form.Header>
        {text("contactSurname", t("contactSurname"))}
        {text("contactName", t("contactName"))}
        <Form.Item name="relationship" label={t("relationship")} rules={[required, { max: 64 }]}>
          <Input aria-label={t("relationship")} placeholder={t("relationshipPlaceholder")} maxLength={64} clearable />
        </Form.Item>
        {phone("contactPhone", t("contactPhone"))}
        {address("contactAddress", t("contactAddress"))}
      </Form>
    </>
  );
}
