// Staff for tests: an account of a role, logged in through the API with its TOTP code
// computed from the enrolment secret, as the console does.
import type { StaffRole } from "@candor/contract";
import { generate } from "otplib";
import type { App } from "../../src/app";
import type { Database } from "../../src/db";
import { createStaff } from "../../src/modules/staff/accounts";
import { newIp, uniq } from "../accounts/factory";

export const STAFF_PASSWORD = "Staff-secret-123";

export interface StaffMember {
  id: number;
  username: string;
  role: StaffRole;
  secret: string;
  token: string;
}

/** The code of the current 30 s step, or `steps` later (still accepted: one step of drift is allowed). */
export const totpCode = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Step 1 of the console login; throws unless 200. */
export async function staffPasswordStep(app: App, username: string, password = STAFF_PASSWORD) {
  const res = await app.inject({
    method: "POST",
    url: "/api/staff/login",
    remoteAddress: newIp(),
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return res.json().result as { ticket: string; totpEnrolled: boolean; totpSecret: string | null };
}

export async function createStaffMember(app: App, database: Database, role: StaffRole): Promise<StaffMember> {
  const username = `st${uniq()}`.toLowerCase().slice(0, 32);
  const created = await createStaff(database.db, null, { username, displayName: "", role, password: STAFF_PASSWORD });
  const step1 = await staffPasswordStep(app, username);
  if (!step1.totpSecret) throw new Error("a new staff account must enrol its authenticator");
  const res = await app.inject({
    method: "POST",
    url: "/api/staff/login/totp",
    remoteAddress: newIp(),
    payload: { ticket: step1.ticket, code: await totpCode(step1.totpSecret) },
  });
  if (res.statusCode !== 200) throw new Error(`staff TOTP step failed: ${res.body}`);
  return { id: created.id, username, role, secret: step1.totpSecret, token: res.json().result.token };
}
