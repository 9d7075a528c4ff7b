// Proof of reserves and liabilities: the latest proof (public), the caller's leaf and path,
// and making one now (finance; audit-logged like every operator POST).
import { reserveEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import type { ReserveService } from "./service";

export const reserveRoutes: FastifyPluginAsync<{ service: ReserveService }> = async (app, { service }) => {
  route(app, E.latest, () => service.latest());
  route(app, E.mine, ({ query, user }) => service.mine(user.id, query.id));
  route(app, E.operatorMake, ({ staff }) => service.make({ madeBy: staff.id }));
};
