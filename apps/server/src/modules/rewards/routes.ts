// Customer rewards endpoints (docs/contract.md "Rewards"): VIP levels and envelopes, team and
// rebates, welfare tasks.
import { rewardEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { publicOrigin } from "../../config";
import { route } from "../../lib/route";
import type { RewardsService } from "./service";

export async function rewardsRoutes(app: FastifyInstance, { service }: { service: RewardsService }) {
  route(app, E.levels, ({ request }) => service.levels(request.lang));
  route(app, E.myVip, ({ user }) => service.myVip(user.id));
  route(app, E.openEnvelope, ({ user, body }) => service.openEnvelope(user.id, body.id));
  route(app, E.claimGift, ({ user, body }) => service.claimGift(user.id, body.level));
  // The invite link opens the app at PUBLIC_URL (never at whatever Host the request named).
  route(app, E.team, ({ user }) => service.team(user.id, publicOrigin(app.config)));
  route(app, E.rebates, ({ user, query }) => service.rebates(user.id, query.pageNo, query.pageSize));
  route(app, E.tasks, ({ user, query, request }) => service.tasks(user.id, query.scope, request.lang));
  route(app, E.claim, ({ user, body }) => service.claim(user.id, body.id));
}
