// What the rewards module publishes on the event bus (lib/event-bus.ts).

/** A welfare task became done for a customer (once per customer and task). */
export interface RewardTaskDoneEvent {
  userId: number;
  /** The task's id (reward_tasks.id). */
  taskId: number;
  /** Its title in English (the inbox shows it as is). */
  title: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A welfare task became done for a customer (after commit): inbox message. */
    "reward.task_done": RewardTaskDoneEvent;
  }
}
