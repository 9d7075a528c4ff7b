// Customer rewards endpoints (CONTRACT.md "Rewards"): VIP levels and envelopes, team and
// rebates, welfare tasks.
import {
  EnvelopeOpenBody,
  GiftClaimBody,
  MyTeam,
  MyVip,
  page,
  RebateListQuery,
  RebateRecord,
  RedEnvelope,
  RewardTask,
  TaskClaimBody,
  TaskClaimResult,
  TaskListQuery,
  VipGift,
  VipLevel,
} from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { RewardsService } from "./service";

const tags = ["rewards"];

/** The app's own address as the customer reached it (the invite link opens the app there). */
function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function rewardsRoutes(app: FastifyInstance, { service }: { service: RewardsService }) {
  const user = (request: FastifyRequest) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: "/api/user/appLevels/list",
      auth: "public",
      tags,
      summary: "VIP levels: threshold in total assets (USDT), one-time gift, weekly red envelope, benefits",
      result: z.array(VipLevel),
    },
    ({ request }) => service.levels(request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/user/appLevels/my",
      auth: "user",
      tags,
      summary: "My VIP level (re-evaluated now), progress to the next level and my red envelopes",
      result: MyVip,
    },
    ({ request }) => service.myVip(user(request)),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/user/appLevels/openEnvelope",
      auth: "user",
      tags,
      summary: "Open one of my red envelopes (within 7 days); the amount reaches my balance",
      body: EnvelopeOpenBody,
      result: RedEnvelope,
    },
    ({ body, request }) => service.openEnvelope(user(request), body.id),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/user/appLevels/claimGift",
      auth: "user",
      tags,
      summary: "Claim the one-time gift of a level I reached (once ever per level)",
      body: GiftClaimBody,
      result: VipGift,
    },
    ({ body, request }) => service.claimGift(user(request), body.level),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/marketing/myTeam",
      auth: "user",
      tags,
      summary: "My invite code and link, team size, income, new today, depositors",
      result: MyTeam,
    },
    ({ request }) => service.team(user(request), origin(request)),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/marketing/rebates",
      auth: "user",
      tags,
      summary: "Rebates on my invited customers' trading fees, one record per fee (newest first)",
      query: RebateListQuery,
      result: page(RebateRecord),
    },
    ({ query, request }) => service.rebates(user(request), query.pageNo, query.pageSize),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/marketing/tasks",
      auth: "user",
      tags,
      summary: "Welfare tasks (personal or team) with live progress and status",
      query: TaskListQuery,
      result: z.array(RewardTask),
    },
    ({ query, request }) => service.tasks(user(request), query.scope, request.lang),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/marketing/tasks/claim",
      auth: "user",
      tags,
      summary: "Claim a finished task's reward (once; 409 when unfinished or claimed)",
      body: TaskClaimBody,
      result: TaskClaimResult,
    },
    ({ body, request }) => service.claim(user(request), body.id),
  );
}
