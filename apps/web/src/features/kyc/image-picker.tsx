// One document photo: pick (camera or gallery), preview, compress and upload. The form
// value is the uploaded file's URL; the preview is the local copy (KYC files are private
// and an <img> cannot send the access token).
import { DotLoading } from "antd-mobile";
import { CameraOutline } from "antd-mobile-icons";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { ImageCompressError } from "../../lib/image-compress";
import { showToast } from "../../lib/toast";
import { uploadImage } from "../../lib/upload";
import styles from "./kyc.module.css";

type Phase = "idle" | "uploading" | "done" | "failed";

export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange?: (url: string | undefined) => void;
}) {
  const { t } = useTranslation("kyc");
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>(value ? "done" : "idle");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef(0);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again still fires a change
    if (!file) return;
    const mine = ++attempt.current;
    setPreview(URL.createObjectURL(file));
    setPhase("uploading");
    setError(null);
    onChange?.(undefined);
    try {
      const result = await uploadImage(file, "kyc");
      if (mine !== attempt.current) return;
      setPhase("done");
      onChange?.(result.url);
    } catch (err) {
      if (mine !== attempt.current) return;
      setPhase("failed");
      // The API client has already shown server messages; compression errors are ours to show.
      if (err instanceof ImageCompressError) showToast(err.message, "fail");
      setError(err instanceof ImageCompressError || err instanceof ApiError ? err.message : t("uploadFailed"));
    }
  };

  return (
    <div className={styles.picker}>
      <label htmlFor={inputId} className={styles.pickerBox} data-phase={phase}>
        {preview ? (
          <img src={preview} alt={label} className={styles.pickerImage} />
        ) : (
          <span className={styles.pickerEmpty}>
            <CameraOutline fontSize={28} />
            <span>{t("tapToUpload")}</span>
          </span>
        )}
        {phase === "uploading" ? (
          <span className={styles.pickerOverlay}>
            <DotLoading color="white" />
            <span>{t("uploading")}</span>
          </span>
        ) : null}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className={styles.fileInput}
          aria-label={label}
          onChange={(e) => void choose(e)}
        />
      </label>
      <div className={styles.pickerLabel}>{label}</div>
      {phase === "done" ? <div className={styles.pickerDone}>{t("uploaded")}</div> : null}
      {error ? (
        <div className={styles.pickerError} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
