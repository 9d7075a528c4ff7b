// Welfare tasks: progress comes from recorded customer facts (reward_facts), a team task counts
// distinct directly invited customers with the fact. A task that becomes done is recorded
// once (and announced once); claiming pays the reward from the rewards account, once.
import type { Lang, RewardTask, TaskEvent, TaskScope } from "@candor/contract";
import { dec, taskStatus, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict, notFound } from "../../lib/errors";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { getMyUserInfo } from "../profile/service";
import { getInviterId, listInvitees } from "../users/service";
import { pick, type RewardsDeps } from "./context";

export interface TaskRow {
  id: number;
  scope: TaskScope;
  event: TaskEvent;
  title: Record<string, string>;
  target: number;
  reward: string;
  currency: string;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: boolean;
  sort: number;
}

async function q<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export { q as rewardRows };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Records a fact once; true when it is new. */
export async function recordFact(db: Db, userId: number, fact: TaskEvent, ref: string): Promise<boolean> {
  const inserted = await q<{ user_id: unknown }>(
    db,
    sql`INSERT INTO reward_facts (user_id, fact, ref) VALUES (${userId}, ${fact}, ${ref})
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return inserted.length > 0;
}

export async function activeTasks(db: Db, scope?: TaskScope): Promise<TaskRow[]> {
  const found = await q<TaskRow>(
    db,
    sql`SELECT id, scope, event, title, target, reward::text AS reward, currency, starts_at, ends_at, active, sort
        FROM reward_tasks WHERE active ${scope ? sql`AND scope = ${scope}` : sql``}
        ORDER BY scope, sort, id`,
  );
  return found.map(normalise);
}

export function normalise(r: TaskRow): TaskRow {
  return {
    ...r,
    id: Number(r.id),
    target: Number(r.target),
    sort: Number(r.sort),
    reward: toMoneyString(r.reward),
    title: typeof r.title === "string" ? JSON.parse(r.title) : r.title,
  };
}

/** Progress of one task: facts inside the task's dates, of the customer or of the invitees. */
async function progressOf(db: Db, task: TaskRow, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const [r] = await q<{ n: string | number }>(
    db,
    sql`SELECT count(${task.scope === "team" ? sql`DISTINCT user_id` : sql`*`}) AS n FROM reward_facts
        WHERE user_id = ANY(${sql.param(userIds)}::bigint[]) AND fact = ${task.event}
          ${task.starts_at ? sql`AND created_at >= ${iso(task.starts_at)}::timestamptz` : sql``}
          ${task.ends_at ? sql`AND created_at < ${iso(task.ends_at)}::timestamptz` : sql``}`,
  );
  return Math.min(Number(r?.n ?? 0), task.target);
}

/** Facts that are a state rather than a ledger record: checked directly (self-healing if an event was lost). */
export async function syncStateFacts(db: Db, userId: number): Promise<void> {
  const info = await getMyUserInfo(db, userId);
  if (info.kycStatus === "passed") await recordFact(db, userId, "kyc_verified", "kyc");
  if (info.googleAuthBound) await recordFact(db, userId, "totp_enabled", "google");
}

async function claimedIds(db: Db, userId: number): Promise<Set<number>> {
  const found = await q<{ task_id: string | number }>(
    db,
    sql`SELECT task_id FROM reward_task_claims WHERE user_id = ${userId}`,
  );
  return new Set(found.map((r) => Number(r.task_id)));
}

/** Marks done once and announces it (only the node that inserted the row announces). */
async function markDone(deps: RewardsDeps, userId: number, task: TaskRow): Promise<void> {
  const inserted = await q<{ task_id: unknown }>(
    deps.db,
    sql`INSERT INTO reward_task_done (user_id, task_id) VALUES (${userId}, ${task.id})
        ON CONFLICT DO NOTHING RETURNING task_id`,
  );
  if (inserted.length > 0) deps.taskDone({ userId, taskId: task.id, title: pick(task.title, "en-us") });
}

async function inviteeIds(db: Db, userId: number): Promise<number[]> {
  return (await listInvitees(db, userId)).map((u) => u.id);
}

/** A customer's tasks of one scope with live progress and status. */
export async function listTasks(
  deps: RewardsDeps,
  userId: number,
  scope: TaskScope,
  lang: Lang,
): Promise<RewardTask[]> {
  const { db } = deps;
  const tasks = await activeTasks(db, scope);
  let subjects = [userId];
  if (scope === "team") {
    subjects = await inviteeIds(db, userId);
    // Identity checks of invitees are states: make sure they are counted (bounded).
    for (const id of subjects.slice(0, 200)) await syncStateFacts(db, id);
  } else {
    await syncStateFacts(db, userId);
  }
  const claimed = await claimedIds(db, userId);
  const out: RewardTask[] = [];
  for (const task of tasks) {
    const progress = await progressOf(db, task, subjects);
    const status = taskStatus(progress, task.target, claimed.has(task.id));
    if (status !== "open") await markDone(deps, userId, task);
    out.push({
      id: task.id,
      title: pick(task.title, lang),
      progress,
      target: task.target,
      reward: task.reward,
      currency: task.currency,
      status,
      scope: task.scope,
      event: task.event,
      startsAt: iso(task.starts_at),
      endsAt: iso(task.ends_at),
    });
  }
  return out;
}

/**
 * After a new fact of `userId`: their personal tasks with that event, and their inviter's team
 * tasks, may have become done.
 */
export async function afterFact(deps: RewardsDeps, userId: number, fact: TaskEvent): Promise<void> {
  const tasks = (await activeTasks(deps.db)).filter((t) => t.event === fact);
  const inviterId = tasks.some((t) => t.scope === "team") ? await getInviterId(deps.db, userId) : null;
  const team = inviterId === null ? [] : await inviteeIds(deps.db, inviterId);
  for (const task of tasks) {
    if (task.scope === "personal") {
      if ((await progressOf(deps.db, task, [userId])) >= task.target) await markDone(deps, userId, task);
    } else if (inviterId !== null) {
      if ((await progressOf(deps.db, task, team)) >= task.target) await markDone(deps, inviterId, task);
    }
  }
}

/**
 * Pays a done task's reward once: the claim row's primary key and the ledger key
 * `reward:task:<task>:<user>` make a second or concurrent claim a 409 without a payment.
 */
export async function claimTask(deps: RewardsDeps, userId: number, taskId: number) {
  const { db } = deps;
  const [found] = await q<TaskRow>(
    db,
    sql`SELECT id, scope, event, title, target, reward::text AS reward, currency, starts_at, ends_at, active, sort
        FROM reward_tasks WHERE id = ${taskId} AND active`,
  );
  if (!found) throw notFound("rewardTaskNotFound");
  const task = normalise(found);
  if (task.scope === "personal") await syncStateFacts(db, userId);
  const subjects = task.scope === "team" ? await inviteeIds(db, userId) : [userId];
  const progress = await progressOf(db, task, subjects);
  if (progress < task.target) throw conflict("rewardTaskNotDone", { progress, target: task.target });
  await ledgerTransaction(db, async (tx) => {
    const inserted = await q<{ task_id: unknown }>(
      tx,
      sql`INSERT INTO reward_task_claims (user_id, task_id, amount, currency)
          VALUES (${userId}, ${task.id}, ${task.reward}, ${task.currency})
          ON CONFLICT DO NOTHING RETURNING task_id`,
    );
    if (inserted.length === 0) throw conflict("rewardTaskClaimed");
    await batch(tx, [
      {
        type: "transfer",
        currency: task.currency,
        debit: platformAccount("rewards"),
        credit: userAccount(userId),
        amount: task.reward,
        key: `reward:task:${task.id}:${userId}`,
        kind: "reward_task",
        reference: { type: "reward_task", id: task.id },
        memo: pick(task.title, "en-us").slice(0, 200),
      },
    ]);
  });
  await markDone(deps, userId, task);
  return { id: task.id, reward: task.reward, currency: task.currency };
}

/** Sum of team-task rewards a customer claimed (part of "team income"). */
export async function teamTaskIncome(db: Db, userId: number): Promise<string> {
  const [r] = await q<{ s: string | null }>(
    db,
    sql`SELECT sum(c.amount)::text AS s FROM reward_task_claims c JOIN reward_tasks t ON t.id = c.task_id
        WHERE c.user_id = ${userId} AND t.scope = 'team'`,
  );
  return toMoneyString(dec(r?.s ?? "0"));
}
