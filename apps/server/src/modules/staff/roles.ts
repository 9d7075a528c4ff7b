// Staff roles. Admin may do everything; every other role only what an endpoint names.
import { STAFF_ROLES, type StaffRole } from "@candor/contract";

export { STAFF_ROLES, type StaffRole };

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The roles an endpoint admits: the ones it names, and admin always. */
export function admittedRoles(named: readonly StaffRole[]): readonly StaffRole[] {
  return [...new Set<StaffRole>([...named, "admin"])];
}

export function roleAllows(role: StaffRole, named: readonly StaffRole[]): boolean {
  return admittedRoles(named).includes(role);
}
