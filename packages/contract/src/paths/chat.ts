// Support chat: the customer's or guest's side and the agents' side, with their sockets.
// Shapes: ../endpoints/chat.ts.
export const chatPaths = {
  guest: "/api/chat/guest",
  verify: "/api/chat/verify",
  send: "/api/chat/customer-to-service",
  messages: "/api/chat/chatMessage/list/me",
  conversation: "/api/chat/conversation/me",
  read: "/api/chat/message/read/me",
  recall: "/api/chat/message/recall",
  merge: "/api/chat/merge",
  upload: "/api/chat/upload",
  /** The customer's or guest's websocket (the chat token as subprotocol). */
  socket: "/api/websocket/chat/",
  operatorUpload: "/api/operator/chat/conversations/:id/upload",
  operatorConversations: "/api/operator/chat/conversations",
  operatorConversation: "/api/operator/chat/conversations/:id",
  operatorMessages: "/api/operator/chat/conversations/:id/messages",
  operatorRead: "/api/operator/chat/conversations/:id/read",
  operatorReply: "/api/operator/chat/conversations/:id/reply",
  operatorClose: "/api/operator/chat/conversations/:id/close",
  operatorRecall: "/api/operator/chat/message/recall",
  /** The agents' websocket (the staff session token as subprotocol). */
  operatorSocket: "/api/websocket/operator/chat",
} as const;
