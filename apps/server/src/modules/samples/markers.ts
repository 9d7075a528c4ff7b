// Which samples a database already has (table sandbox_samples): a sample's key is claimed before
// it is made (a second node starting at the same moment finds it claimed and makes nothing),
// names the sample once created, and is released when creating it failed, so the next start tries
// again. (A start killed between the claim and the create leaves a claim without a sample: that
// sample is not made again on that database.)
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { sandboxSamples } from "./schema";

export async function madeKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: sandboxSamples.key }).from(sandboxSamples);
  return new Set(rows.map((r) => r.key));
}

/**
 * Makes the sample once: `create` makes it (the project or contest row, through its service),
 * `fill` adds to it (applications, entries, trades). Null when another start already claimed it.
 * A failed `create` releases the claim (the next start tries again); once created, the sample is
 * recorded before `fill` runs, so a failed fill leaves an incomplete sample, never a second one.
 */
export async function makeOnce(
  db: Db,
  key: string,
  create: () => Promise<number>,
  fill: (id: number) => Promise<void> = async () => {},
): Promise<number | null> {
  const [claimed] = await db
    .insert(sandboxSamples)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: sandboxSamples.key });
  if (!claimed) return null;
  let id: number;
  try {
    id = await create();
  } catch (err) {
    await db.delete(sandboxSamples).where(eq(sandboxSamples.key, key));
    throw err;
  }
  await db.update(sandboxSamples).set({ refId: id }).where(eq(sandboxSamples.key, key));
  await fill(id);
  return id;
}
