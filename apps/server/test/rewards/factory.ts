// Helpers for rewards tests: API calls as a customer, the event log of 'reward.task_done'.
import type { App } from "../../src/app";
import { auth } from "../factory";

export { balance, openOk, tick } from "../contracts/factory";

// biome-ignore lint/suspicious/noExplicitAny: test JSON
export type Json = any;

export function api(app: App, token: string) {
  const call = async (method: "GET" | "POST", url: string, payload?: Record<string, unknown>) => {
    const res = await app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, body: res.json() as Json };
  };
  return {
    tasks: async (scope: "personal" | "team" = "personal") => {
      const r = await call("GET", `/api/marketing/tasks?scope=${scope}`);
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
      return r.body.result as Json[];
    },
    claim: (id: number) => call("POST", "/api/marketing/tasks/claim", { id }),
    team: () => call("GET", "/api/marketing/myTeam"),
    rebates: () => call("GET", "/api/marketing/rebates?pageSize=100"),
    myVip: () => call("GET", "/api/user/appLevels/my"),
    open: (id: number) => call("POST", "/api/user/appLevels/openEnvelope", { id }),
    claimGift: (level: number) => call("POST", "/api/user/appLevels/claimGift", { level }),
    me: () => call("GET", "/api/user/appUser/getMyUserInfo"),
  };
}

export function taskDoneLog(app: App) {
  const events: { userId: number; taskId: number; title: string }[] = [];
  app.bus.subscribe("reward.task_done", (e) => events.push(e));
  return events;
}

export const advance = (app: App, seconds: number) =>
  app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds } });
