// Idempotent seed: safe to run at every start; inserts only what is missing.
import type { Config } from "../config";
import { seedSettings } from "../modules/settings/service";
import type { Database } from "./index";

export async function seed(database: Database, _config: Pick<Config, "sandbox">): Promise<void> {
  await seedSettings(database.db);
}
