// Support chat (docs/contract.md "Support chat"): customers and guests talk to support
// agents; agents answer through /api/operator/chat/*. Socket events are
// `{type: "message"|"recall"|"read", data}` on /api/websocket/chat/.
import { z } from "zod";
import { CaptchaPayload } from "./accounts";
import { IsoDate, PageQuery } from "./common";
import { chatPaths } from "./paths/chat";

/** The customer's or guest's chat socket (chatPaths.socket). */
export const CHAT_WS_PATH = chatPaths.socket;
/** The agents' chat socket (chatPaths.operatorSocket). */
export const OPERATOR_CHAT_WS_PATH = chatPaths.operatorSocket;
export const CHAT_TEXT_MAX = 2000;
export const CHAT_RECALL_WINDOW_MS = 2 * 60 * 1000;
/** At most this many messages per sender in CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_MAX = 20;
export const CHAT_RATE_WINDOW_MS = 10_000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

export const ChatMessageType = z.enum(["text", "image", "video"]);
export type ChatMessageType = z.infer<typeof ChatMessageType>;

/** A client's id of one message it sends: a resend of the same id returns the same message. */
export const ChatClientMsgId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _ . : - only");

export const ChatGuestBody = z.object({
  deviceId: z.string().trim().min(1).max(200),
  captcha: CaptchaPayload.optional().describe(
    "a solved security check, needed after a few guest chats from one address (400 with X-Captcha-Required)",
  ),
});
export const ChatGuestResult = z.object({ token: z.string() });

export const ChatVerifyResult = z.union([z.literal(1), z.literal(2)]).describe("1 valid, 2 invalid token");

export const ChatSendBody = z.object({
  type: ChatMessageType.default("text"),
  /** The text (1–2,000 characters), or the url of an uploaded image or video. */
  content: z.string(),
  clientMsgId: ChatClientMsgId.optional(),
});
export type ChatSendBody = z.infer<typeof ChatSendBody>;

export const ChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  type: ChatMessageType,
  /** Empty once recalled. */
  content: z.string(),
  sender: z.enum(["customer", "agent"]),
  agentName: z.string().nullable(),
  createdAt: IsoDate,
  /** Read by the other side. */
  read: z.boolean(),
  recalled: z.boolean(),
  clientMsgId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  id: z.number().int(),
  /** Agent messages the customer has not read. */
  unread: z.number().int(),
  agentName: z.string().nullable(),
  /** Whether support (the assigned agent, or any agent when none is assigned) is online. */
  online: z.boolean(),
  status: z.enum(["open", "closed"]),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

export const ChatListQuery = PageQuery;
export const ChatIdBody = z.object({ id: z.coerce.number().int().positive() });
export const ChatMergeBody = z.object({ guestToken: z.string().min(1).max(200) });
export const ChatMergeResult = z.object({ conversationId: z.number().int(), moved: z.number().int() });
export const ChatUploadQuery = z.object({ kind: z.enum(["image", "video"]) });
export const ChatUploadResult = z.object({
  url: z.string(),
  kind: z.enum(["image", "video"]),
  mime: z.string(),
  size: z.number().int(),
});
export const ChatReadResult = z.object({ read: z.number().int() });

/** Events on the chat sockets. */
export type ChatSocketEvent =
  | { type: "message"; data: ChatMessage }
  | { type: "recall"; data: { id: number; conversationId: number; sender: "customer" | "agent" } }
  | { type: "read"; data: { conversationId: number; by: "customer" | "agent"; upTo: number } }
  | { type: "conversation"; data: OperatorChatConversation };

// ---------------------------------------------------------------- operators

export const OperatorChatListQuery = PageQuery.extend({
  status: z.enum(["open", "closed", "all"]).default("open"),
  /** `mine`: assigned to me; `queue`: nobody assigned yet; `all`. */
  scope: z.enum(["all", "mine", "queue"]).default("all"),
});

export const OperatorChatConversation = z.object({
  id: z.number().int(),
  customerKind: z.enum(["customer", "guest"]),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  guestId: z.number().int().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  status: z.enum(["open", "closed"]),
  /** Customer messages no agent has read. */
  unread: z.number().int(),
  /** The customer has an open chat socket or sent an activity heartbeat in the last 2 minutes. */
  online: z.boolean(),
  lastMessage: z.string().nullable(),
  lastMessageAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type OperatorChatConversation = z.infer<typeof OperatorChatConversation>;

export const ConversationIdParam = z.object({ id: z.coerce.number().int().positive() });
