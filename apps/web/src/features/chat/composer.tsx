// The message box: Enter adds a new line, Ctrl+Enter (⌘+Enter) sends; image and video
// pickers check type and size first (the server checks the content again). The text is
// only cleared once it is on its way (a failed message keeps it for a resend); the draft
// survives leaving the screen (session storage).
import { CHAT_TEXT_MAX } from "@candor/contract";
import { Button, TextArea } from "antd-mobile";
import { PictureOutline, VideoOutline } from "antd-mobile-icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../lib/toast";
import styles from "./chat.module.css";
import { fileProblem, isSendShortcut, textLength, textTooLong } from "./chat-logic";

const DRAFT_KEY = "candor-chat-draft";

export function Composer({
  onText,
  onFile,
}: {
  onText: (text: string) => void;
  onFile: (kind: "image" | "video", file: File) => void;
}) {
  const { t } = useTranslation("chat");
  const [text, setText] = useState(() => sessionStorage.getItem(DRAFT_KEY) ?? "");
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    sessionStorage.setItem(DRAFT_KEY, text);
  }, [text]);

  const tooLong = textTooLong(text);
  const send = () => {
    if (textLength(text) === 0 || tooLong) return;
    onText(text.trim());
    setText("");
  };
  const pick = (kind: "image" | "video") => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = fileProblem(kind, file);
    if (problem) showToast(t(problem), "fail");
    else onFile(kind, file);
  };

  return (
    <div className={styles.composer}>
      <div className={styles.tools}>
        <button
          type="button"
          className={styles.tool}
          aria-label={t("pickImage")}
          onClick={() => imageInput.current?.click()}
        >
          <PictureOutline />
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={t("pickVideo")}
          onClick={() => videoInput.current?.click()}
        >
          <VideoOutline />
        </button>
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-image-input"
          onChange={pick("image")}
        />
        <input
          ref={videoInput}
          type="file"
          accept="video/*"
          hidden
          data-testid="chat-video-input"
          onChange={pick("video")}
        />
      </div>
      <div className={styles.inputWrap}>
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t("placeholder")}
          aria-label={t("inputLabel")}
          aria-description={t("shortcutHint")}
          autoSize={{ minRows: 1, maxRows: 5 }}
          onKeyDown={(e) => {
            if (isSendShortcut(e)) {
              e.preventDefault();
              send();
            }
          }}
        />
        {tooLong ? (
          <span className={styles.tooLong} role="alert">
            {t("tooLong", { count: textLength(text), max: CHAT_TEXT_MAX })}
          </span>
        ) : null}
      </div>
      <Button color="primary" size="small" onClick={send} disabled={textLength(text) === 0 || tooLong}>
        {t("send")}
      </Button>
    </div>
  );
}
