// Basic identity verification (/shenfenRenzheng): ID card front + back, or the passport
// portrait page, with the issuing country, name and document number.
import type { KycBasicBody, KycState } from "@candor/contract";
import { Button, Form, Input, Selector } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { useUserStore } from "../../stores/user";
import { useKycStatus, useSubmitBasic } from "./api";
import { CountrySelect } from "./country-select";
import { ImagePicker } from "./image-picker";
import styles from "./kyc.module.css";
import { Loadable, StatusResult } from "./status-view";

interface BasicValues {
  documentType: ("id_card" | "passport")[];
  countryCode?: string;
  realName?: string;
  documentNumber?: string;
  frontImage?: string;
  backImage?: string;
}

export function toBasicBody(v: BasicValues): KycBasicBody {
  const documentType = v.documentType[0] ?? "id_card";
  return {
    documentType,
    countryCode: v.countryCode ?? "",
    realName: v.realName?.trim() || undefined,
    documentNumber: v.documentNumber?.trim() || undefined,
    frontImage: v.frontImage ?? "",
    backImage: documentType === "id_card" ? v.backImage : undefined,
  };
}

export default function IdentityScreen() {
  const { t } = useTranslation("kyc");
  const status = useKycStatus();
  return (
    <div className={styles.page}>
      <PageHeader title={t("routes:identityVerification")} />
      <Loadable pending={status.isPending} error={status.isError} onRetry={() => void status.refetch()}>
        {() => (status.data ? <IdentityBody state={status.data} /> : null)}
      </Loadable>
    </div>
  );
}

function IdentityBody({ state }: { state: KycState }) {
  const { t } = useTranslation("kyc");
  const navigate = useNavigate();
  if (state.basic.status === "pending" || state.basic.status === "passed") {
    const passed = state.basic.status === "passed";
    return (
      <StatusResult
        status={passed ? "success" : "waiting"}
        title={t(passed ? "basicPassedTitle" : "pendingTitle")}
        description={t(passed ? "basicPassedText" : "pendingText")}
      >
        <Button block color="primary" onClick={() => navigate(routes.verificationResult)}>
          {t("viewStatus")}
        </Button>
        {passed && state.canSubmitAdvanced ? (
          <Button block onClick={() => navigate(routes.advancedVerification)}>
            {t("startAdvanced")}
          </Button>
        ) : null}
      </StatusResult>
    );
  }
  return <BasicForm state={state} />;
}

function BasicForm({ state }: { state: KycState }) {
  const { t } = useTranslation("kyc");
  const navigate = useNavigate();
  const [form] = Form.useForm<BasicValues>();
  const documentType = Form.useWatch("documentType", form) ?? ["id_card"];
  const isPassport = documentType[0] === "passport";
  const submit = useSubmitBasic();
  const userCountry = useUserStore((s) => s.user?.countryCode ?? undefined);

  const onFinish = async (values: BasicValues) => {
    try {
      await submit.mutateAsync(toBasicBody(values));
      navigate(routes.verificationResult, { replace: true });
    } catch {
      // The API client showed the server's message; the form keeps what was entered.
    }
  };

  return (
    <>
      {state.basic.status === "rejected" ? (
        <div className={styles.rejected} role="alert">
          <strong>{t("rejectedTitle")}</strong>
          <span>{state.basic.rejectReason ? t("reason", { reason: state.basic.rejectReason }) : t("noReason")}</span>
          <span>{t("rejectedRetry")}</span>
        </div>
      ) : (
        <p className={styles.intro}>{t("basicIntro")}</p>
      )}
      <Form
        form={form}
        layout="vertical"
        mode="card"
        initialValues={{ documentType: [state.basic.documentType ?? "id_card"], countryCode: userCountry }}
        onFinish={(v) => void onFinish(v)}
        footer={
          <>
            <p className={styles.privacy}>{t("privacy")}</p>
            <Button block type="submit" color="primary" size="large" loading={submit.isPending}>
              {t("submit")}
            </Button>
          </>
        }
      >
        <Form.Header>{t("documentSection")}</Form.Header>
        <Form.Item name="documentType" label={t("documentType")} rules={[{ required: true }]}>
          <Selector
            columns={2}
            options={[
              { label: t("idCard"), value: "id_card" },
              { label: t("passport"), value: "passport" },
            ]}
            onChange={(v) => {
              // Always one of the two: tapping the chosen one again keeps it.
              if (v.length === 0) form.setFieldValue("documentType", documentType);
              // Another document needs other photos.
              else if (v[0] !== documentType[0]) form.setFieldsValue({ frontImage: undefined, backImage: undefined });
            }}
          />
        </Form.Item>
        <Form.Item name="countryCode" label={t("country")} rules={[{ required: true, message: t("countryRequired") }]}>
          <CountrySelect placeholder={t("countryPlaceholder")} title={t("country")} />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t("realName")}
          rules={[{ required: true, whitespace: true, message: t("required") }, { max: 128 }]}
        >
          <Input
            aria-label={t("realName")}
            placeholder={t("realNamePlaceholder")}
            maxLength={128}
            clearable
            autoComplete="name"
          />
        </Form.Item>
        <Form.Item
          name="documentNumber"
          label={t("documentNumber")}
          rules={[{ required: true, whitespace: true, message: t("required") }, { max: 64 }]}
        >
          <Input
            aria-label={t("documentNumber")}
            placeholder={t("documentNumberPlaceholder")}
            maxLength={64}
            clearable
            autoComplete="off"
          />
        </Form.Item>
        <Form.Header>{t("photosSection")}</Form.Header>
        <p className={styles.photoHint}>{t("photoHint")}</p>
        <div className={styles.pickers}>
          <Form.Item
            name="frontImage"
            rules={[{ required: true, message: t("photoRequired") }]}
            className={styles.pickerItem}
          >
            <ImagePicker key={documentType[0]} label={t(isPassport ? "passportPage" : "idFront")} />
          </Form.Item>
          {isPassport ? null : (
            <Form.Item
              name="backImage"
              rules={[{ required: true, message: t("photoRequired") }]}
              className={styles.pickerItem}
            >
              <ImagePicker label={t("idBack")} />
            </Form.Item>
          )}
        </div>
      </Form>
    </>
  );
}
