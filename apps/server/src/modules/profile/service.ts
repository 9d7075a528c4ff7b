// The customer's own profile as the app shows it: the account (users) with its KYC
// levels (kyc). Its own module, so that neither users nor kyc needs the other's service
// for it (kyc needs users to record a verified country).
import type { MyUserInfo, PersonalInfo, UpdatePersonalInfoBody } from "@candor/contract";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { getKycLevelStatuses } from "../kyc/service";
import { getUserById, updatePersonalInfo as updateUserPersonalInfo } from "../users/service";

export async function getMyUserInfo(db: Db, userId: number): Promise<MyUserInfo> {
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  const kyc = await getKycLevelStatuses(db, userId);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone,
    vipLevel: u.vipLevel,
    kycStatus: kyc.basic,
    hasWithdrawalPassword: u.withdrawalPasswordHash !== null,
    inviteCode: u.inviteCode,
    role: u.role === "operator" ? "operator" : "customer",
    kycAdvancedStatus: kyc.advanced,
    countryCode: u.countryCode,
    googleAuthBound: u.googleSecret !== null,
    guest: u.guestDeviceId !== null,
    contactVerified: u.contactVerified,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Personal data update; the country is fixed once basic KYC has passed. */
export async function updatePersonalInfo(db: Db, userId: number, input: UpdatePersonalInfoBody): Promise<PersonalInfo> {
  const countryVerified = input.countryCode !== undefined && (await getKycLevelStatuses(db, userId)).basic === "passed";
  return updateUserPersonalInfo(db, userId, input, countryVerified);
}
