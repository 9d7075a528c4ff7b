// The agents' live channel (/api/websocket/operator/chat, staff token as subprotocol):
// every chat event refreshes the inbox and the open conversation; it reconnects with a
// growing pause after the connection drops.
import { type ChatSocketEvent, OPERATOR_CHAT_WS_PATH } from "@candor/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { getSession } from "../../lib/session";

export type SocketState = "connecting" | "live" | "offline";

export function useChatSocket(onEvent: (event: ChatSocketEvent) => void): SocketState {
  const client = useQueryClient();
  const [state, setState] = useState<SocketState>("connecting");
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let attempts = 0;
    let stopped = false;
    const connect = () => {
      const token = getSession()?.token;
      if (!token || stopped) return;
      setState("connecting");
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}${OPERATOR_CHAT_WS_PATH}`, token);
      socket.onopen = () => {
        attempts = 0;
        setState("live");
        // Catch up with whatever happened while the socket was down.
        void client.invalidateQueries({ queryKey: ["chat"] });
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), 25_000);
      };
      socket.onmessage = (message) => {
        if (message.data === "pong") return;
        let event: ChatSocketEvent;
        try {
          event = JSON.parse(String(message.data)) as ChatSocketEvent;
        } catch {
          return;
        }
        handler.current(event);
        void client.invalidateQueries({ queryKey: ["chat"] });
      };
      socket.onclose = () => {
        clearInterval(ping);
        if (stopped) return;
        setState("offline");
        attempts += 1;
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** Math.min(attempts, 5)));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [client]);
  return state;
}
