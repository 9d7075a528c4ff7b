// Operator-editable settings stored as JSON. Public ones are readable by the app.
import { SysSet } from "@candor/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { settings } from "../../db/schema";

export const DEFAULT_SETTINGS: Record<string, { value: unknown; isPublic: boolean }> = {
  sys_set: { value: { isPcLimite: true } satisfies SysSet, isPublic: true },
};

export async function getSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row ? (row.value as T) : fallback;
}

export async function setSetting(db: Db, key: string, value: unknown, isPublic = false): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, isPublic })
    .onConflictDoUpdate({ target: settings.key, set: { value, isPublic, updatedAt: sql`now()` } });
}

export async function getSysSet(db: Db): Promise<SysSet> {
  const raw = await getSetting<unknown>(db, "sys_set", DEFAULT_SETTINGS.sys_set?.value);
  const parsed = SysSet.safeParse(raw);
  return parsed.success ? parsed.data : { isPcLimite: true };
}

/** A setting marked public (what the app may read), or null: unknown and private keys alike. */
export async function getPublicSetting(db: Db, key: string): Promise<{ value: unknown } | null> {
  if (key === "sys_set") return { value: await getSysSet(db) };
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.isPublic, true)))
    .limit(1);
  return row ?? null;
}

/** Insert defaults that are missing; never overwrites what an operator changed. */
export async function seedSettings(db: Db): Promise<void> {
  for (const [key, { value, isPublic }] of Object.entries(DEFAULT_SETTINGS)) {
    await db.insert(settings).values({ key, value, isPublic }).onConflictDoNothing();
  }
}
