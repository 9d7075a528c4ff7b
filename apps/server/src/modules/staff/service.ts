// What other modules use of the staff module: the caller of a staff route, the audit
// log, the seeded admin, and who answers support chat.
import { and, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { staff, staffSessions } from "./schema";
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

/** Staff who answer support chat (support and admin, not disabled). */
export async function listChatAgentIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(inArray(staff.role, ["support", "admin"]), isNull(staff.disabledAt)));
  return rows.map((r) => Number(r.id));
}

/** Which of these staff members used a live session since `since` (the console's activity). */
export async function activeStaffSince(db: Db, ids: number[], since: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: staffSessions.staffId })
    .from(staffSessions)
    .where(
      and(
        inArray(staffSessions.staffId, ids),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.lastSeenAt, since),
        gt(staffSessions.expiresAt, new Date()),
      ),
    );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Names staff show customers (display name, else username), by staff id. */
export async function staffNamesByIds(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, username: staff.username, displayName: staff.displayName })
    .from(staff)
    .where(inArray(staff.id, ids));
  return new Map(rows.map((r) => [Number(r.id), r.displayName || r.username]));
}
