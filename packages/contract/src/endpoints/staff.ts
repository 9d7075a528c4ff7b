// Staff login (password, then the authenticator code), the caller's own console account
// and logout; staff accounts and sessions and the audit log (admin).
import { z } from "zod";
import { IdBody } from "../accounts";
import { page } from "../common";
import { endpoints } from "../endpoint";
import { staffPaths as P } from "../paths/staff";
import {
  AuditQuery,
  AuditRecord,
  AuditVerification,
  StaffCreateBody,
  StaffInfo,
  StaffListQuery,
  StaffLoginBody,
  StaffLoginTicket,
  StaffRecord,
  StaffSessionCreated,
  StaffSessionQuery,
  StaffSessionRecord,
  StaffTotpBody,
  StaffUpdateBody,
} from "../staff";

const tags = ["staff"];
const operatorTags = ["operator"];
const admin = { roles: ["admin"] } as const;
/** Any staff member. */
const anyStaff = { roles: ["support", "compliance", "finance", "admin"] } as const;

export const staffEndpoints = endpoints({
  login: {
    method: "POST",
    path: P.login,
    auth: "public",
    tags,
    summary:
      "Console login, step 1: username and password → a ticket (and a secret to enrol on first login); " +
      "after failures the answer carries X-Captcha-Required and the next try needs captcha + captchaKey",
    body: StaffLoginBody,
    result: StaffLoginTicket,
    errors: [401, 429],
  },
  loginTotp: {
    method: "POST",
    path: P.loginTotp,
    auth: "public",
    tags,
    summary: "Console login, step 2: the authenticator code → a staff session (12 h, 30 min idle)",
    body: StaffTotpBody,
    result: StaffSessionCreated,
    errors: [401, 429],
  },
  me: {
    method: "GET",
    path: P.me,
    auth: anyStaff,
    tags,
    summary: "The logged-in staff member",
    result: StaffInfo,
  },
  logout: {
    method: "POST",
    path: P.logout,
    auth: anyStaff,
    tags,
    summary: "End this console session",
    result: z.null(),
  },
  list: {
    method: "GET",
    path: P.list,
    auth: admin,
    tags: operatorTags,
    summary: "Staff accounts",
    query: StaffListQuery,
    result: page(StaffRecord),
  },
  create: {
    method: "POST",
    path: P.create,
    auth: admin,
    tags: operatorTags,
    summary: "Create a staff account (the authenticator is enrolled at its first login)",
    body: StaffCreateBody,
    result: StaffRecord,
    errors: [409],
  },
  update: {
    method: "POST",
    path: P.update,
    auth: admin,
    tags: operatorTags,
    summary: "Change a staff account's name, role, password, authenticator or disable it (ends its sessions)",
    body: StaffUpdateBody,
    result: StaffRecord,
    errors: [404, 409],
  },
  sessions: {
    method: "GET",
    path: P.sessions,
    auth: admin,
    tags: operatorTags,
    summary: "Live staff sessions (all staff, or one)",
    query: StaffSessionQuery,
    result: page(StaffSessionRecord),
  },
  revokeSession: {
    method: "POST",
    path: P.revokeSession,
    auth: admin,
    tags: operatorTags,
    summary: "End a staff session",
    body: IdBody,
    result: z.null(),
    errors: [404],
  },
  auditList: {
    method: "GET",
    path: P.auditList,
    auth: admin,
    tags: operatorTags,
    summary: "Audit log of staff actions, newest first",
    query: AuditQuery,
    result: page(AuditRecord),
  },
  auditVerify: {
    method: "GET",
    path: P.auditVerify,
    auth: admin,
    tags: operatorTags,
    summary: "Recompute the audit log's hash chain from the first row",
    result: AuditVerification,
  },
});
