// The sandbox sample customers: the applicants of the sample IEO projects and the entrants of
// the sample contests, made through the users service like every other account. They have no
// password (nor a linked wallet or provider): nobody signs in as them; the ranking shows their
// masked names.
import type { Db } from "../../db";
import { AppError } from "../../lib/errors";
import { createUser, findUserByEmail } from "../users/service";

export const SAMPLE_CUSTOMERS = ["ava", "ben", "chloe", "dario", "elif", "farah"].map(
  (name) => `sample.${name}@candor.local`,
);

async function ensure(db: Db, email: string): Promise<number> {
  const found = await findUserByEmail(db, email);
  if (found) return found.id;
  try {
    const row = await createUser(db, {
      username: email,
      email,
      countryCode: "US",
      password: null,
    });
    return row.id;
  } catch (err) {
    // Another node made it a moment ago.
    if (!(err instanceof AppError) || err.status !== 409) throw err;
    const again = await findUserByEmail(db, email);
    if (!again) throw err;
    return again.id;
  }
}

/** The sample customers' ids, made when missing. */
export async function sampleCustomers(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (const email of SAMPLE_CUSTOMERS) ids.push(await ensure(db, email));
  return ids;
}
