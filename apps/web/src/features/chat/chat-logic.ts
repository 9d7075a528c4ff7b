// Pure rules of the chat screen: merging server messages, day separators, what a
// picked file may be, whether a message can still be recalled.
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_RECALL_WINDOW_MS,
  CHAT_TEXT_MAX,
  CHAT_VIDEO_MAX_BYTES,
  type ChatMessage,
} from "@candor/contract";
import { calendarDay } from "../../lib/format";

/** Server messages by id, oldest first; a newer copy of a message (read, recalled) replaces the old one. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const old = byId.get(m.id);
    byId.set(m.id, old ? { ...old, ...m, read: old.read || m.read, recalled: old.recalled || m.recalled } : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Apply a read event: every message of `by`'s other side up to `upTo` is read. */
export function applyRead(messages: readonly ChatMessage[], by: "customer" | "agent", upTo: number): ChatMessage[] {
  const sender = by === "customer" ? "agent" : "customer";
  return messages.map((m) => (m.sender === sender && m.id <= upTo && !m.read ? { ...m, read: true } : m));
}

export function applyRecall(messages: readonly ChatMessage[], id: number): ChatMessage[] {
  return messages.map((m) => (m.id === id ? { ...m, recalled: true, content: "" } : m));
}

export type DayLabel = { kind: "today" } | { kind: "yesterday" } | { kind: "date"; date: string };

/** The day a message belongs to, in the customer's time zone. */
export function dayKey(iso: string, tz?: string): string {
  return calendarDay(iso, tz);
}

export function dayLabel(key: string, now: Date, tz?: string): DayLabel {
  const today = calendarDay(now, tz);
  const yesterday = calendarDay(now.getTime() - 86_400_000, tz);
  if (key === today) return { kind: "today" };
  if (key === yesterday) return { kind: "yesterday" };
  return { kind: "date", date: key };
}

/** Rows of the list: a separator before the first message of each day. */
export function withDaySeparators<T extends { createdAt: string }>(
  items: readonly T[],
  tz?: string,
): ({ type: "day"; key: string } | { type: "item"; item: T })[] {
  const rows: ({ type: "day"; key: string } | { type: "item"; item: T })[] = [];
  let last = "";
  for (const item of items) {
    const key = dayKey(item.createdAt, tz);
    if (key !== last) {
      rows.push({ type: "day", key });
      last = key;
    }
    rows.push({ type: "item", item });
  }
  return rows;
}

export type FileProblem = "imagesOnly" | "videosOnly" | "imageTooLarge" | "videoTooLarge" | null;

/** What the image and video pickers accept (checked again by the server by content). */
export function fileProblem(kind: "image" | "video", file: { type: string; size: number }): FileProblem {
  if (kind === "image") {
    if (!file.type.startsWith("image/")) return "imagesOnly";
    return file.size > CHAT_IMAGE_MAX_BYTES ? "imageTooLarge" : null;
  }
  if (!file.type.startsWith("video/")) return "videosOnly";
  return file.size > CHAT_VIDEO_MAX_BYTES ? "videoTooLarge" : null;
}

export function canRecall(m: ChatMessage, now: number): boolean {
  return m.sender === "customer" && !m.recalled && now - Date.parse(m.createdAt) <= CHAT_RECALL_WINDOW_MS;
}

export const textLength = (text: string) => [...text.trim()].length;
export const textTooLong = (text: string) => textLength(text) > CHAT_TEXT_MAX;

/** Ctrl+Enter (or ⌘+Enter) sends; Enter alone adds a new line. */
export const isSendShortcut = (e: { key: string; ctrlKey: boolean; metaKey: boolean }) =>
  e.key === "Enter" && (e.ctrlKey || e.metaKey);
