// Password field with a show/hide toggle.
import { Input } from "antd-mobile";
import { EyeInvisibleOutline, EyeOutline } from "antd-mobile-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./security.module.css";

export function PasswordInput({
  value,
  onChange,
  placeholder,
  autoComplete,
  label,
}: {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  autoComplete: "current-password" | "new-password";
  /** Accessible name of the input (the field label). */
  label: string;
}) {
  const { t } = useTranslation("security");
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.password}>
      <Input
        aria-label={label}
        className={styles.passwordInput}
        type={visible ? "text" : "password"}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={128}
      />
      <button
        type="button"
        className={styles.eye}
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? "hidePassword" : "showPassword")}
        aria-pressed={visible}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
