// Server data of the IEO (docs/contract.md "IEO", packages/contract/src/ieo.ts): the projects,
// one project, its published draw, my orders, applying and paying; plus the business time
// the countdowns run on (each project answer carries the server's business-clock time).
import type { IeoApplyBody, IeoDraw, IeoOrder, IeoPayBody, IeoProject } from "@candor/contract";
import { ieoPaths, walletPaths } from "@candor/contract/paths";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { IeoDraw, IeoOrder, IeoProject };

/** The IEO paths (the contract's route table; plain strings, no schemas in this chunk). */
export const IeoRoutes = ieoPaths;

/** Projects change status on the business clock; while a screen shows them they are refreshed this often. */
const REFRESH_MS = 30_000;

/** Business time minus this device's time, learnt from the last project answer (serverTime). */
let clockOffsetMs = 0;
export const businessOffsetMs = () => clockOffsetMs;

function learnClock(projects: IeoProject[], requestedAt: number) {
  const serverTime = projects[0]?.serverTime;
  const at = serverTime ? Date.parse(serverTime) : Number.NaN;
  if (Number.isFinite(at)) clockOffsetMs = at - Math.round((requestedAt + Date.now()) / 2);
}

export function useProjects() {
  return useQuery({
    queryKey: ["ieo", "projects"],
    queryFn: async () => {
      const at = Date.now();
      const list = await api.get(IeoRoutes.projectList, { silent: true });
      learnClock(list, at);
      return list;
    },
    refetchInterval: REFRESH_MS,
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: ["ieo", "project", id],
    queryFn: async () => {
      const at = Date.now();
      const project = await api.get(IeoRoutes.projectDetail, { query: { id }, silent: true });
      learnClock([project], at);
      return project;
    },
    retry: false,
    refetchInterval: REFRESH_MS,
  });
}

export function useDraw(id: number, enabled = true) {
  return useQuery({
    queryKey: ["ieo", "draw", id],
    queryFn: () => api.get(IeoRoutes.draw, { query: { id }, silent: true }),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** My orders in one project (a customer has few per project). */
export function useProjectOrders(projectId: number) {
  return useQuery({
    queryKey: ["ieo", "orders", projectId],
    queryFn: () => api.get(IeoRoutes.orderList, { query: { projectId, pageNo: 1, pageSize: 100 }, silent: true }),
    select: (page) => page.records,
  });
}

const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ["ieo"] }),
    client.invalidateQueries({ queryKey: ["wallet"] }),
    client.invalidateQueries({ queryKey: ["paged", IeoRoutes.orderList] }),
  ]);

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IeoApplyBody) => api.post(IeoRoutes.apply, body),
    onSettled: () => refresh(client),
  });
}

export function usePay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IeoPayBody) => api.post(IeoRoutes.pay, body),
    onSettled: () => refresh(client),
  });
}

/** Balances (the wallet screens' key and shape, so one refresh serves both). */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
    enabled,
  });
}
