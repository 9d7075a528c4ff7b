import type { MyUserInfo } from "@candor/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";

export async function getMyUserInfo(db: Db, userId: number): Promise<MyUserInfo> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound();
  return {
    id: u.id,
    username: u.username,
    email: null,
    phone: null,
    vipLevel: 0,
    kycStatus: "none",
    hasWithdrawalPassword: false,
    inviteCode: null,
    role: u.role === "operator" ? "operator" : "customer",
  };
}
