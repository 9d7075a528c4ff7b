// Account shapes (CONTRACT.md "Accounts").
import { z } from "zod";

export const KycStatus = z.enum(["none", "pending", "rejected", "passed"]);
export type KycStatus = z.infer<typeof KycStatus>;

export const MyUserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  vipLevel: z.number().int(),
  kycStatus: KycStatus,
  hasWithdrawalPassword: z.boolean(),
  inviteCode: z.string().nullable(),
  role: z.enum(["customer", "operator"]),
});
export type MyUserInfo = z.infer<typeof MyUserInfo>;
