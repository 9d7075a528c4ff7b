// Futures endpoints (CONTRACT.md "Contracts (futures)") and the hooks the screens use.
import type { PositionPreview, PositionRecord, PositionsSummary, TradeMode } from "@candor/contract";
import { useQuery } from "@tanstack/react-query";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";

const BASE = "/api/trade/appTradePositions";
export const FUTURES_PATHS = {
  create: `${BASE}/create`,
  preview: `${BASE}/preview`,
  listMy: `${BASE}/listMy`,
  summary: `${BASE}/summary`,
  updateStopLoss: `${BASE}/updateStopLoss`,
  close: (id: number) => `${BASE}/close/${id}`,
} as const;

export type { PositionRecord, TradeMode };

export function useOpenPositions(mode: TradeMode) {
  return useQuery({
    queryKey: ["futures", "open", mode],
    queryFn: () =>
      api.get<{ records: PositionRecord[]; total: number }>(FUTURES_PATHS.listMy, {
        query: { status: "open", mode, pageSize: 100 },
        silent: true,
      }),
    refetchInterval: pollUnlessLive(5_000),
  });
}

export function useSummary(mode: TradeMode) {
  return useQuery({
    queryKey: ["futures", "summary", mode],
    queryFn: () => api.get<PositionsSummary>(FUTURES_PATHS.summary, { query: { mode }, silent: true }),
    refetchInterval: pollUnlessLive(5_000),
  });
}

/** Server preview: the authoritative available balance and fee rates (the app previews the rest live). */
export function useServerPreview(args: {
  symbol: string;
  direction: "long" | "short";
  margin: string;
  leverage: number;
  mode: TradeMode;
}) {
  const valid = /^\d+(\.\d+)?$/.test(args.margin) && Number(args.margin) > 0;
  return useQuery({
    queryKey: ["futures", "preview", args],
    queryFn: () =>
      api.get<PositionPreview>(FUTURES_PATHS.preview, {
        query: { ...args, margin: valid ? args.margin : "1" },
        silent: true,
      }),
    enabled: args.symbol !== "",
    staleTime: 2_000,
    placeholderData: (prev) => prev,
  });
}
