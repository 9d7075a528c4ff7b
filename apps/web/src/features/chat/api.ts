// Server calls of the chat screen (docs/contract.md "Support chat") with the chat token, and
// uploads with progress (XMLHttpRequest: fetch reports no upload progress).
import type { ChatSendBody, Envelope } from "@candor/contract";
import { ApiError } from "../../lib/api-client";
import { CHAT_PATHS, chatFetch, chatToken } from "../../lib/chat-session";
import { currentLang, i18n } from "../../lib/i18n";

export const PAGE_SIZE = 30;

export const chatApi = {
  list: (pageNo: number) =>
    chatFetch("GET", CHAT_PATHS.messages, undefined, undefined, { pageNo, pageSize: PAGE_SIZE }),
  conversation: () => chatFetch("GET", CHAT_PATHS.conversation),
  send: (body: ChatSendBody) => chatFetch("POST", CHAT_PATHS.send, body),
  read: () => chatFetch("POST", CHAT_PATHS.read),
  recall: (id: number) => chatFetch("POST", CHAT_PATHS.recall, { id }),
};

export function uploadChatFile(
  kind: "image" | "video",
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${CHAT_PATHS.upload}?kind=${kind}`);
    const token = chatToken();
    if (token) xhr.setRequestHeader("X-Access-Token", token);
    xhr.setRequestHeader("X-Lang", currentLang());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let envelope: Envelope<{ url: string }> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<{ url: string }>;
      } catch {}
      if (envelope?.success) resolve(envelope.result);
      else reject(new ApiError(envelope?.code ?? xhr.status, envelope?.message || i18n.t("common:error")));
    };
    xhr.onerror = () => reject(new ApiError(0, i18n.t("common:networkError"), "network"));
    const form = new FormData();
    form.append("file", file, name);
    xhr.send(form);
  });
}
