// Operator rewards endpoints: welfare task definitions (CRUD) and VIP levels (edit).
import {
  IdParam,
  OperatorLevel,
  OperatorLevelInput,
  OperatorTask,
  OperatorTaskInput,
  type StaffRole,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import type { RewardsService } from "./service";

const tags = ["operator"];
const P = "/api/operator/rewards";

export async function rewardsOperatorRoutes(app: FastifyInstance, { service }: { service: RewardsService }) {
  // Tasks and levels decide payouts: admin edits; finance may look.
  const admin = { roles: [] as StaffRole[] };
  const viewers = { roles: ["finance"] as StaffRole[] };

  route(
    app,
    {
      method: "GET",
      url: `${P}/tasks`,
      auth: viewers,
      tags,
      summary: "Every welfare task with its titles",
      result: z.array(OperatorTask),
    },
    () => service.operatorTasks(),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/tasks`,
      auth: admin,
      tags,
      summary: "Create a welfare task",
      body: OperatorTaskInput,
      result: OperatorTask,
    },
    ({ body }) => service.createTask(body),
  );
  route(
    app,
    {
      method: "PUT",
      url: `${P}/tasks/:id`,
      auth: admin,
      tags,
      summary: "Edit a welfare task (title, target, reward, dates, active)",
      params: IdParam,
      body: OperatorTaskInput,
      result: OperatorTask,
    },
    ({ params, body }) => service.updateTask(params.id, body),
  );
  route(
    app,
    {
      method: "DELETE",
      url: `${P}/tasks/:id`,
      auth: admin,
      tags,
      summary: "Delete a task nobody has claimed (409 otherwise: deactivate it)",
      params: IdParam,
      result: z.object({ id: z.number().int() }),
    },
    ({ params }) => service.deleteTask(params.id),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/levels`,
      auth: viewers,
      tags,
      summary: "VIP levels with benefits in every language",
      result: z.array(OperatorLevel),
    },
    () => service.operatorLevels(),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/levels`,
      auth: admin,
      tags,
      summary: "Create or edit a VIP level (threshold, gift, weekly envelope, benefits)",
      body: OperatorLevelInput,
      result: OperatorLevel,
    },
    ({ body }) => service.saveLevel(body),
  );
}
