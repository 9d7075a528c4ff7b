// Server time, the public settings the app reads at start, and a public setting by key
// (the seed's call). Health, /config.json and the declined seed call are not envelopes of a
// result, so they are registered by hand (apps/server/src/modules/system).
import { z } from "zod";
import { endpoints } from "../endpoint";
import { systemPaths as P } from "../paths/system";
import { SysSetQuery } from "../seed-api";
import { PublicSettings, ServerTime } from "../system";

const tags = ["system"];

export const systemEndpoints = endpoints({
  time: {
    method: "GET",
    path: P.time,
    auth: "public",
    tags,
    summary: "Server time",
    result: ServerTime,
  },
  publicSettings: {
    method: "GET",
    path: P.publicSettings,
    auth: "public",
    tags,
    summary: "Settings the app reads at start",
    result: PublicSettings,
  },
  settingByKey: {
    method: "GET",
    path: P.settingByKey,
    auth: "public",
    tags,
    summary:
      'A public setting as a JSON string (query: param); `sys_set` gives e.g. "{\\"isPcLimite\\":true}". Unknown or private keys → 404',
    query: SysSetQuery,
    result: z.string().describe("the setting's value, JSON-encoded"),
    errors: [404],
  },
});
