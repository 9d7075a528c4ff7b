// Futures endpoints (docs/contract.md "Contracts (futures)") and the hooks the screens use.

import type { PositionRecord, TradeMode } from "@candor/contract";
import { contractPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";

export type { PositionRecord, TradeMode };

/**
 * Where a trade's money comes from: real, the demo account, or one contest's account
 * (`mode: "contest"` with its `contestId`, docs/contract.md "Contests").
 */
export type PanelMode = TradeMode | "contest";

/** The mode and (contest) contest id every futures call carries. */
export function modeParams(mode: PanelMode, contestId?: number): { mode: PanelMode; contestId?: number } {
  return mode === "contest" ? { mode, contestId } : { mode };
}

export function useOpenPositions(mode: PanelMode, contestId?: number) {
  return useQuery({
    queryKey: ["futures", "open", mode, contestId ?? null],
    queryFn: () =>
      api.get(contractPaths.listMy, {
        query: { status: "open", ...modeParams(mode, contestId), pageSize: 100 },
        silent: true,
      }),
    refetchInterval: pollUnlessLive(5_000),
  });
}

export function useSummary(mode: PanelMode, contestId?: number) {
  return useQuery({
    queryKey: ["futures", "summary", mode, contestId ?? null],
    queryFn: () => api.get(contractPaths.summary, { query: modeParams(mode, contestId), silent: true }),
    refetchInterval: pollUnlessLive(5_000),
  });
}

/** Server preview: the authoritative available balance and fee rates (the app previews the rest live). */
export function useServerPreview(args: {
  symbol: string;
  direction: "long" | "short";
  margin: string;
  leverage: number;
  mode: PanelMode;
  contestId?: number;
}) {
  const valid = /^\d+(\.\d+)?$/.test(args.margin) && Number(args.margin) > 0;
  return useQuery({
    queryKey: ["futures", "preview", args],
    queryFn: () =>
      api.get(contractPaths.preview, {
        query: { ...args, ...modeParams(args.mode, args.contestId), margin: valid ? args.margin : "1" },
        silent: true,
      }),
    enabled: args.symbol !== "",
    staleTime: 2_000,
    placeholderData: (prev) => prev,
  });
}
