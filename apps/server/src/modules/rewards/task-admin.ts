// Operator task definitions: list, create, edit, delete (only while nobody claimed it;
// otherwise deactivate).
import type { OperatorTask, OperatorTaskInput } from "@candor/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict, notFound } from "../../lib/errors";
import { normalise, rewardRows as q, type TaskRow } from "./tasks";

const COLUMNS = sql`id, scope, event, title, target, reward::text AS reward, currency, starts_at, ends_at, active, sort`;

function toOperator(r: TaskRow): OperatorTask {
  const t = normalise(r);
  return {
    id: t.id,
    scope: t.scope,
    event: t.event,
    title: t.title,
    target: t.target,
    reward: t.reward,
    currency: t.currency,
    startsAt: t.starts_at === null ? null : new Date(t.starts_at).toISOString(),
    endsAt: t.ends_at === null ? null : new Date(t.ends_at).toISOString(),
    active: t.active,
    sort: t.sort,
  };
}

export async function operatorTasks(db: Db): Promise<OperatorTask[]> {
  return (await q<TaskRow>(db, sql`SELECT ${COLUMNS} FROM reward_tasks ORDER BY scope, sort, id`)).map(toOperator);
}

export async function createTask(db: Db, input: OperatorTaskInput): Promise<OperatorTask> {
  const [row] = await q<TaskRow>(
    db,
    sql`INSERT INTO reward_tasks (scope, event, title, target, reward, currency, starts_at, ends_at, active, sort)
        VALUES (${input.scope}, ${input.event}, ${JSON.stringify(input.title)}::jsonb, ${input.target}, ${input.reward},
                ${input.currency}, ${input.startsAt}, ${input.endsAt}, ${input.active}, ${input.sort})
        RETURNING ${COLUMNS}`,
  );
  if (!row) throw notFound();
  return toOperator(row);
}

export async function updateTask(db: Db, id: number, input: OperatorTaskInput): Promise<OperatorTask> {
  const [row] = await q<TaskRow>(
    db,
    sql`UPDATE reward_tasks SET scope = ${input.scope}, event = ${input.event}, title = ${JSON.stringify(input.title)}::jsonb,
          target = ${input.target}, reward = ${input.reward}, currency = ${input.currency},
          starts_at = ${input.startsAt}, ends_at = ${input.endsAt}, active = ${input.active}, sort = ${input.sort},
          updated_at = now()
        WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  if (!row) throw notFound("rewardTaskNotFound");
  return toOperator(row);
}

export async function deleteTask(db: Db, id: number): Promise<{ id: number }> {
  const [claimed] = await q<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM reward_task_claims WHERE task_id = ${id}`,
  );
  if (Number(claimed?.n ?? 0) > 0) throw conflict("rewardTaskInUse");
  const deleted = await q<{ id: unknown }>(db, sql`DELETE FROM reward_tasks WHERE id = ${id} RETURNING id`);
  if (deleted.length === 0) throw notFound("rewardTaskNotFound");
  return { id };
}
