// Idempotent seed: safe to run at every start; inserts only what is missing.
import type { Config } from "../config";
import { credentialsSink } from "../lib/credentials-file";
import { seedContent } from "../modules/content/seed";
import { seedCountries } from "../modules/countries/service";
import { seedEarn } from "../modules/earn/seed";
import { seedMarket } from "../modules/market/seed";
import { seedOptionSettings } from "../modules/options/service";
import { seedRiskLimits } from "../modules/risk/service";
import { seedSettings } from "../modules/settings/service";
import { seedAdmin } from "../modules/staff/service";
import { seedAccounts } from "../modules/users/seed";
import { seedWallet } from "../modules/wallet/currencies";
import type { Database } from "./index";

export async function seed(
  database: Database,
  config: Pick<Config, "sandbox"> & Partial<Pick<Config, "exposureLimitUsdt" | "consoleAdminPassword" | "dataDir">>,
): Promise<void> {
  // First passwords go to DATA_DIR/initial-credentials.txt (0600), not to stdout.
  const credentials = credentialsSink(config.dataDir);
  await seedSettings(database.db);
  await seedRiskLimits(database.db, config.exposureLimitUsdt ?? "5000000");
  await seedCountries(database.db);
  await seedMarket(database);
  await seedOptionSettings(database);
  await seedAdmin(
    database.db,
    (text) => (config.consoleAdminPassword ? console.log(text) : credentials(text)),
    config.consoleAdminPassword,
  );
  await seedAccounts(database.db, { sandbox: config.sandbox, print: credentials });
  await seedWallet(database.db, { sandbox: config.sandbox });
  await seedEarn(database.db);
  await seedContent(database.db);
}
