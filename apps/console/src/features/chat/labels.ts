import type { OperatorChatConversation } from "@candor/contract";
import type { TFunction } from "i18next";

/** How a conversation's customer is named: the username, or "Guest #id" for a visitor. */
export const customerLabel = (t: TFunction, c: OperatorChatConversation) =>
  c.customerKind === "guest" ? t("chat.guest", { id: c.guestId ?? c.id }) : (c.username ?? `#${c.userId}`);
