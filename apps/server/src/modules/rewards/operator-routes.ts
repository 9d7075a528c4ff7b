// Operator rewards endpoints: welfare task definitions (CRUD) and VIP levels (edit).
// Tasks and levels decide payouts: admin edits; finance may look.
import { rewardEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { RewardsService } from "./service";

export async function rewardsOperatorRoutes(app: FastifyInstance, { service }: { service: RewardsService }) {
  route(app, E.operatorTasks, () => service.operatorTasks());
  route(app, E.operatorTaskCreate, ({ body }) => service.createTask(body));
  route(app, E.operatorTaskUpdate, ({ params, body }) => service.updateTask(params.id, body));
  route(app, E.operatorTaskDelete, ({ params }) => service.deleteTask(params.id));
  route(app, E.operatorLevels, () => service.operatorLevels());
  route(app, E.operatorLevelSave, ({ body }) => service.saveLevel(body));
}
