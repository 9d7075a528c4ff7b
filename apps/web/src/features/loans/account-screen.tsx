// /loanAccount: my loan account (limit, used, owed) and the loan identity check: start it,
// send name, ID number (prefilled from the approved KYC) and a photo holding the ID, see it under review, fix and resend when
// asked to retry (with the operator's reason), or passed.
import type { LoanIdentityCheck } from "@candor/contract";
import { Button, DotLoading, Form, Input } from "antd-mobile";
import { type ChangeEvent, type CSSProperties, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { routes } from "../../app/routes";
import { PageHeader } from "../../components/page-header";
import { formatDate } from "../../lib/format";
import { ImageCompressError } from "../../lib/image-compress";
import { showToast } from "../../lib/toast";
import { useIdentityCheck, useIdentityStart, useIdentitySubmit, useMyLoanInfo } from "./api";
import { AccountCard, IdentityChip, QueryView, Rows } from "./parts";
import styles from "./styles";

export default function LoanAccountScreen() {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const info = useMyLoanInfo();
  const identity = useIdentityCheck();
  return (
    <div className={styles.page}>
      <PageHeader
        title={t("routes:loanAccount")}
        right={
          <button type="button" className={styles.link} onClick={() => navigate(routes.loans)}>
            {t("borrow")}
          </button>
        }
      />
      <div className={styles.body}>
        <AccountCard query={info} showAction={false} />
        <QueryView query={identity} missing={t("identity.title")}>
          {(check) => <IdentitySection check={check} />}
        </QueryView>
      </div>
    </div>
  );
}

function IdentitySection({ check }: { check: LoanIdentityCheck }) {
  const { t } = useTranslation("loans");
  const navigate = useNavigate();
  const needsForm = check.state === "start" || check.state === "retry";
  return (
    <section className={styles.card} aria-label={t("identity.title")} data-testid="identity-section">
      <div className={styles.cardHead}>
        <h2 className={styles.name}>{t("identity.title")}</h2>
        <IdentityChip state={check.state} />
      </div>
      <p className={styles.text}>{t(`identity.explain.${check.state}`)}</p>
      {check.state === "retry" && check.reason ? (
        <p className={styles.error} role="alert">
          {t("identity.reason", { reason: check.reason })}
        </p>
      ) : null}
      <Rows
        rows={[
          [t("identity.submittedAt"), formatDate(check.submittedAt, "dateTime")],
          [t("identity.decidedAt"), formatDate(check.decidedAt, "dateTime")],
        ]}
      />
      {needsForm && check.kycLevel < 1 ? (
        <>
          <p className={styles.error} role="alert" style={{ marginTop: 8 }}>
            {t("identity.kycFirst")}
          </p>
          <Button block color="primary" onClick={() => navigate(routes.identityVerification)}>
            {t("identity.goKyc")}
          </Button>
        </>
      ) : null}
      {needsForm && check.kycLevel >= 1 ? <IdentityForm check={check} /> : null}
    </section>
  );
}

interface FormValues {
  realName: string;
  idNumber: string;
}

function IdentityForm({ check }: { check: LoanIdentityCheck }) {
  const { t } = useTranslation("loans");
  const [form] = Form.useForm<FormValues>();
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState(false);
  const start = useIdentityStart();
  const submit = useIdentitySubmit();
  const onFinish = async (values: FormValues) => {
    if (!photo) {
      setPhotoError(true);
      return;
    }
    try {
      if (check.state === "start") await start.mutateAsync();
      await submit.mutateAsync({ realName: values.realName.trim(), idNumber: values.idNumber.trim(), photo });
      showToast(t("identity.sent"), "success");
    } catch {
      // The API client showed the server's message; the form keeps what was typed.
    }
  };
  // Name and ID number come prefilled from the approved identity verification (still editable).
  const prefilled = Boolean(check.prefill.realName || check.prefill.idNumber);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ realName: check.prefill.realName ?? "", idNumber: check.prefill.idNumber ?? "" }}
      onFinish={(v) => void onFinish(v)}
      style={{ marginTop: 8, "--border-top": "0" } as CSSProperties}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={start.isPending || submit.isPending}
          disabled={!check.canSubmit}
        >
          {check.state === "retry" ? t("identity.resubmit") : t("identity.submit")}
        </Button>
      }
    >
      {prefilled ? (
        <p className={styles.muted} style={{ margin: "8px 0 0" }} data-testid="identity-prefilled">
          {t("identity.prefilled")}
        </p>
      ) : null}
      <Form.Item
        name="realName"
        label={t("identity.realName")}
        rules={[{ required: true, min: 2, max: 100, whitespace: true, message: t("identity.realNameRule") }]}
      >
        <Input aria-label={t("identity.realName")} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t("identity.idNumber")}
        rules={[{ required: true, min: 4, max: 40, whitespace: true, message: t("identity.idNumberRule") }]}
      >
        <Input aria-label={t("identity.idNumber")} />
      </Form.Item>
      <Form.Item label={t("identity.photo")} help={t("identity.photoHint")}>
        <PhotoPicker
          onChange={(url) => {
            setPhoto(url);
            if (url) setPhotoError(false);
          }}
        />
        {photoError ? (
          <p className={styles.error} role="alert">
            {t("identity.photoRequired")}
          </p>
        ) : null}
      </Form.Item>
    </Form>
  );
}

/** One photo: pick, preview, compress and upload; the value is the uploaded file's URL. */
function PhotoPicker({ onChange }: { onChange: (url: string | null) => void }) {
  const { t } = useTranslation("loans");
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    onChange(null);
    try {
      // The upload code (with the image compressor) loads only when a photo is chosen.
      const { uploadImage } = await import("../../lib/upload");
      const result = await uploadImage(file, "kyc");
      onChange(result.url);
    } catch (err) {
      if (err instanceof ImageCompressError) showToast(err.message, "fail");
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <label htmlFor={inputId} className={styles.photoBox}>
      {preview ? <img src={preview} alt={t("identity.photo")} /> : <span>{t("identity.tapToAdd")}</span>}
      {busy ? <DotLoading /> : null}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        aria-label={t("identity.photo")}
        onChange={(e) => void choose(e)}
      />
    </label>
  );
}
