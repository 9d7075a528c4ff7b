// The users table's row and its lookup by id, shared by the service and credentials.ts.

import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export async function getUserById(db: Db, userId: number): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return u ?? null;
}
