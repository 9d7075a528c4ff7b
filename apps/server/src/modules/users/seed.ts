// Seeded customer account: a demo customer (sandbox). Its password is random per
// installation, stored only hashed, and handed once, when created, to `print` (at start:
// DATA_DIR/initial-credentials.txt, see lib/credentials-file.ts). (The console's admin
// is seeded by the staff module: staff are not customers.)
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { generatePassword } from "./passwords";
import { createUser } from "./service";

export const DEMO_USERNAME = "demo@candor.local";

export interface SeededAccount {
  role: "customer";
  username: string;
  password: string;
}

async function exists(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

/** Another node starting at the same moment may create it first: that is fine. */
async function createIfMissing(create: () => Promise<unknown>): Promise<boolean> {
  try {
    await create();
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return false;
    throw err;
  }
}

export async function seedAccounts(
  db: Db,
  options: { sandbox: boolean; print?: (text: string) => void },
): Promise<SeededAccount[]> {
  const created: SeededAccount[] = [];
  if (options.sandbox && !(await exists(db, DEMO_USERNAME))) {
    const password = generatePassword(12);
    // The sandbox's own demo customer: its address is the sandbox's, nobody else's.
    const demo = { username: DEMO_USERNAME, email: DEMO_USERNAME, countryCode: "US", password, contactVerified: true };
    if (await createIfMissing(() => createUser(db, demo))) {
      created.push({ role: "customer", username: DEMO_USERNAME, password });
    }
  }
  if (created.length > 0) {
    const print = options.print ?? ((text: string) => console.log(text));
    const lines = created.map((a) => `  ${a.role.padEnd(8)}  login: ${a.username}  password: ${a.password}`);
    print(["Accounts created (passwords are shown only this once; change them in the app):", ...lines].join("\n"));
  }
  return created;
}
