// What other modules use of the staff module: the caller of a staff route, the audit
// log, and the seeded admin.
import type { Db } from "../../db";
import { resolveStaffSession, type StaffPrincipal } from "./sessions";

export { SEEDED_ADMIN_USERNAME, seedAdmin } from "./accounts";
export { type AuditEntry, appendAudit, verifyAuditChain } from "./audit";
export { currentStaff } from "./plugin";
export { STAFF_ROLES, type StaffRole } from "./roles";
export type { StaffPrincipal } from "./sessions";

/** The staff member behind an X-Access-Token header value, if any (for routes customers share). */
export async function staffFromRequest(db: Db, header: string | string[] | undefined): Promise<StaffPrincipal | null> {
  const token = Array.isArray(header) ? header[0] : header;
  return token ? resolveStaffSession(db, token) : null;
}
