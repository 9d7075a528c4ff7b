// Idempotent seed: safe to run at every start; inserts only what is missing.
import type { Config } from "../config";
import { seedCountries } from "../modules/countries/service";
import { seedMarket } from "../modules/market/seed";
import { seedOptionSettings } from "../modules/options/service";
import { seedRiskLimits } from "../modules/risk/service";
import { seedSettings } from "../modules/settings/service";
import { seedAccounts } from "../modules/users/seed";
import { seedWallet } from "../modules/wallet/currencies";
import type { Database } from "./index";

export async function seed(
  database: Database,
  config: Pick<Config, "sandbox"> & Partial<Pick<Config, "exposureLimitUsdt" | "sandboxOperatorPassword">>,
): Promise<void> {
  await seedSettings(database.db);
  await seedRiskLimits(database.db, config.exposureLimitUsdt ?? "5000000");
  await seedCountries(database.db);
  await seedMarket(database);
  await seedOptionSettings(database);
  await seedAccounts(database.db, {
    sandbox: config.sandbox,
    operatorPassword: config.sandbox ? config.sandboxOperatorPassword : undefined,
  });
  await seedWallet(database.db, { sandbox: config.sandbox });
}
