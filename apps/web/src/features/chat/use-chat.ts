// The chat screen's state: server messages (live from the socket), messages on their
// way (with upload progress) and failed ones that keep their text or file for a resend
// with the same clientMsgId (the server stores it once), read marks, recall, the
// notification sound itself is the app-wide chat socket's (lib/chat-live.ts), which this
// screen listens to.
import type { ChatConversation, ChatMessage, ChatSocketEvent } from "@candor/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import type { ConnectionState } from "../../lib/chat-connection";
import { listenToChat, startChatLive } from "../../lib/chat-live";
import { ensureChatToken, setGuestChatCaptcha } from "../../lib/chat-session";
import { useChatUnread } from "../../lib/chat-unread";
import { compressImage } from "../../lib/image-compress";
import { showToast } from "../../lib/toast";
import { chatApi, PAGE_SIZE, uploadChatFile } from "./api";
import { applyRead, applyRecall, mergeMessages } from "./chat-logic";

export interface Outgoing {
  clientMsgId: string;
  type: "text" | "image" | "video";
  text: string;
  file?: File;
  previewUrl?: string;
  progress: number | null;
  status: "sending" | "failed";
  createdAt: string;
}

const newId = () => `c-${crypto.randomUUID()}`;

export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  // "check": a new guest chat needs the security check first (the server said so).
  const [status, setStatus] = useState<"loading" | "ready" | "error" | "check">("loading");
  const [connection, setConnection] = useState<ConnectionState>("connecting");
  const [total, setTotal] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const pageRef = useRef(1);
  const visible = useRef(true);

  const markRead = useCallback(async () => {
    try {
      await chatApi.read();
      useChatUnread.getState().set(0);
    } catch {}
  }, []);

  const load = useCallback(async () => {
    setStatus("loading");
    try {
      await ensureChatToken();
      // A guest who just got a chat identity: the app-wide socket opens now.
      startChatLive();
      const [page, conv] = await Promise.all([chatApi.list(1), chatApi.conversation()]);
      pageRef.current = 1;
      setMessages(mergeMessages([], page.records));
      setTotal(page.total);
      setConversation(conv);
      setStatus("ready");
      if (conv.unread > 0) void markRead();
    } catch (err) {
      setStatus(err instanceof ApiError && err.headers?.get("X-Captcha-Required") === "true" ? "check" : "error");
    }
  }, [markRead]);

  /** The guest's security check is solved: take the guest token with it. */
  const passCheck = useCallback(
    (payload: string) => {
      setGuestChatCaptcha(payload);
      void load();
    },
    [load],
  );

  const onEvent = useCallback(
    (e: ChatSocketEvent) => {
      if (e.type === "message") {
        setMessages((cur) => mergeMessages(cur, [e.data]));
        if (e.data.sender === "agent") {
          if (visible.current && document.visibilityState === "visible") void markRead();
          else void chatApi.conversation().then((c) => useChatUnread.getState().set(c.unread));
        }
      } else if (e.type === "read") {
        setMessages((cur) => applyRead(cur, e.data.by, e.data.upTo));
      } else if (e.type === "recall") {
        setMessages((cur) => applyRecall(cur, e.data.id));
      }
    },
    [markRead],
  );

  useEffect(() => {
    void load();
    const stopListening = listenToChat(onEvent, (s) => {
      setConnection(s);
      // Back online: pick up whatever arrived while the socket was down.
      if (s === "open") void chatApi.list(1).then((p) => setMessages((cur) => mergeMessages(cur, p.records)));
    });
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      visible.current = false;
      stopListening();
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [load, onEvent]);

  const deliver = useCallback(async (item: Outgoing) => {
    const update = (patch: Partial<Outgoing>) =>
      setOutgoing((cur) => cur.map((o) => (o.clientMsgId === item.clientMsgId ? { ...o, ...patch } : o)));
    update({ status: "sending", progress: item.file ? 0 : null });
    try {
      let content = item.text;
      if (item.file && item.type !== "text") {
        const file = item.type === "image" ? await compressImage(item.file) : item.file;
        content = (await uploadChatFile(item.type, file, item.file.name, (f) => update({ progress: f }))).url;
      }
      const sent = await chatApi.send({ type: item.type, content, clientMsgId: item.clientMsgId });
      setMessages((cur) => mergeMessages(cur, [sent]));
      setOutgoing((cur) => cur.filter((o) => o.clientMsgId !== item.clientMsgId));
    } catch (err) {
      update({ status: "failed", progress: null });
      showToast(err instanceof ApiError ? err.message : String(err), "fail");
    }
  }, []);

  const queue = useCallback(
    (item: Omit<Outgoing, "clientMsgId" | "status" | "progress" | "createdAt">) => {
      const full: Outgoing = {
        ...item,
        clientMsgId: newId(),
        status: "sending",
        progress: null,
        createdAt: new Date().toISOString(),
      };
      setOutgoing((cur) => [...cur, full]);
      void deliver(full);
    },
    [deliver],
  );

  const sendText = useCallback((text: string) => queue({ type: "text", text }), [queue]);
  const sendFile = useCallback(
    (kind: "image" | "video", file: File) =>
      queue({ type: kind, text: "", file, previewUrl: URL.createObjectURL(file) }),
    [queue],
  );
  const resend = useCallback(
    (clientMsgId: string) => {
      const item = outgoing.find((o) => o.clientMsgId === clientMsgId);
      if (item) void deliver(item);
    },
    [outgoing, deliver],
  );

  const recall = useCallback(async (id: number) => {
    try {
      const m = await chatApi.recall(id);
      setMessages((cur) => mergeMessages(cur, [m]));
    } catch (err) {
      if (err instanceof ApiError) showToast(err.message, "fail");
    }
  }, []);

  const loadOlder = useCallback(async () => {
    const next = pageRef.current + 1;
    try {
      const page = await chatApi.list(next);
      pageRef.current = next;
      setMessages((cur) => mergeMessages(cur, page.records));
      setTotal(page.total);
    } catch (err) {
      if (err instanceof ApiError) showToast(err.message, "fail");
    }
  }, []);

  return {
    messages,
    outgoing,
    conversation,
    status,
    connection,
    online,
    hasOlder: pageRef.current * PAGE_SIZE < total,
    reload: load,
    passCheck,
    sendText,
    sendFile,
    resend,
    recall,
    loadOlder,
  };
}
