// Server data of the IEO (CONTRACT.md "IEO"): the projects, the published draw of one
// project, my orders, applying and paying; plus the business clock the countdowns run on.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isSandboxMode } from "../../components/sandbox-ribbon";
import { api } from "../../lib/api-client";
import type { IeoOrderStatus, IeoStatus } from "./ieo-logic";

/** The customer endpoints (CONTRACT.md "IEO"). */
export const IeoRoutes = {
  projects: "/api/prod/appProdIoe/listMy",
  draw: "/api/prod/appProdIoe/draw",
  apply: "/api/prod/appOrderIoe/apply",
  pay: "/api/prod/appOrderIoe/pay",
  orders: "/api/prod/appOrderIoe/listMy",
} as const;

/** A project: the pinned fields, then the ones the server adds (optional here). */
export interface IeoProject {
  id: number;
  name: string;
  symbol: string;
  estimatedPrice: string;
  /** Known from the draw on; what winners pay per token. */
  drawPrice: string | null;
  totalQuantity: string;
  maxPerCustomer: string;
  applyStart: string;
  applyEnd: string;
  drawAt: string;
  payEnd: string;
  listAt: string;
  status: IeoStatus;
  /** Hex SHA-256 of the seed, published before applications close. */
  seedHash: string | null;
  /** Published at the draw. */
  seed: string | null;
  // ours
  /** Currency winners pay in (USDT unless the server says otherwise). */
  currency?: string;
  description?: string;
  riskNotice?: string;
}

export interface IeoDraw {
  seed: string | null;
  seedHash: string | null;
  algorithm: string;
  entries: { orderId: number; quantity: number | string }[];
  winners: { orderId: number; wonQuantity: number | string }[];
}

export interface IeoOrder {
  id: number;
  projectId: number;
  quantity: number | string;
  wonQuantity: number | string | null;
  amount: string | null;
  status: IeoOrderStatus;
  // ours
  createdAt?: string;
}

export interface IeoPage<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** Projects change status on the business clock; while a screen shows them they are refreshed this often. */
const REFRESH_MS = 30_000;

export function useProjects() {
  return useQuery({
    queryKey: ["ieo", "projects"],
    queryFn: () => api.get<IeoProject[] | IeoPage<IeoProject>>(IeoRoutes.projects, { silent: true }),
    select: (data): IeoProject[] => (Array.isArray(data) ? data : data.records),
    refetchInterval: REFRESH_MS,
  });
}

export function useDraw(id: number | null, enabled = true) {
  return useQuery({
    queryKey: ["ieo", "draw", id],
    queryFn: () => api.get<IeoDraw>(IeoRoutes.draw, { query: { id }, silent: true }),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/** All my orders (a customer has few: at most one or two per project). */
export function useMyOrders(enabled = true) {
  return useQuery({
    queryKey: ["ieo", "orders"],
    queryFn: () => api.get<IeoPage<IeoOrder>>(IeoRoutes.orders, { query: { pageNo: 1, pageSize: 100 }, silent: true }),
    select: (page) => page.records,
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ieo"] }),
      client.invalidateQueries({ queryKey: ["wallet"] }),
      client.invalidateQueries({ queryKey: ["paged", IeoRoutes.orders] }),
    ]);
}

export function useApply() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { projectId: number; quantity: number }) =>
      api.post<{ id: number; status: IeoOrderStatus }>(IeoRoutes.apply, body),
    onSettled: refresh,
  });
}

export function usePay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number }) => api.post<{ id: number; status: IeoOrderStatus }>(IeoRoutes.pay, body),
    onSettled: refresh,
  });
}

const BALANCES_PATH = "/api/finance/appWallet/queryUserBalance";

/** Balances (the wallet screens' key and shape, so one refresh serves both). */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get<{ currency: string; available: string; frozen: string }[]>(BALANCES_PATH, { silent: true }),
    enabled,
  });
}

/**
 * Milliseconds to add to this device's clock to get business time. Scheduled milestones run
 * on the business clock; in sandbox the test clock can be ahead of real time (GET /dev/clock),
 * elsewhere business time is real time.
 */
export function useBusinessOffset(): number {
  const sandbox = isSandboxMode();
  const q = useQuery({
    queryKey: ["ieo", "clock"],
    queryFn: async () => {
      const before = Date.now();
      const { now } = await api.get<{ now: string }>("/dev/clock", { silent: true });
      const after = Date.now();
      return Date.parse(now) - Math.round((before + after) / 2);
    },
    enabled: sandbox,
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  return sandbox && typeof q.data === "number" && Number.isFinite(q.data) ? q.data : 0;
}
