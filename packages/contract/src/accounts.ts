// Account shapes (docs/contract.md "Accounts"): registration and logins, sessions, Google
// authenticator, profile, passwords, countries, uploads, identity verification (KYC)
// and the operator's KYC review. Pinned endpoints keep their documented fields.
import { z } from "zod";
import { IsoDate, PageQuery } from "./common";

export const KycStatus = z.enum(["none", "pending", "rejected", "passed"]);
export type KycStatus = z.infer<typeof KycStatus>;

export const MyUserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe("E.164, e.g. +15551234567"),
  vipLevel: z.number().int(),
  kycStatus: KycStatus.describe("basic identity verification state"),
  hasWithdrawalPassword: z.boolean(),
  inviteCode: z.string().nullable(),
  role: z.enum(["customer", "operator"]),
  kycAdvancedStatus: KycStatus,
  countryCode: z.string().nullable().describe("ISO 3166-1 alpha-2"),
  googleAuthBound: z.boolean(),
  guest: z.boolean(),
  contactVerified: z
    .boolean()
    .describe(
      "the account's e-mail or phone was proved with a code; until then deposits and withdrawals answer 403 (verifyContact, addContact)",
    ),
  createdAt: IsoDate,
});
export type MyUserInfo = z.infer<typeof MyUserInfo>;

// ---------------------------------------------------------------- inputs

/** New passwords: 8–64 characters with at least one letter and one digit (checked by the server). */
export const NewPassword = z.string().min(8).max(64).describe("8–64 characters with a letter and a digit");
/** Passwords being checked (login, old password): any length up to 128. */
const GivenPassword = z.string().min(1).max(128);
const Account = z.string().trim().min(1).max(254);
/** ISO 3166-1 alpha-2 ("US") or a calling code ("1", "+1"). */
export const CountryCodeInput = z
  .string()
  .trim()
  .min(1)
  .max(5)
  .describe('ISO country code ("US") or calling code ("1")');
/** The solved security check: the ALTCHA widget's payload (base64 JSON of {challenge, solution}). */
export const CaptchaPayload = z
  .string()
  .trim()
  .max(4096)
  .describe(
    "the solved security check: the ALTCHA widget's payload for a challenge from GET /api/app/captchaChallenge; required after failed logins",
  );
export const CaptchaFields = {
  captcha: CaptchaPayload.optional(),
  captchaKey: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe("kept for the original client: the challenge's captchaKey; not needed (the payload names its challenge)"),
};
const GoogleCode = z.string().trim().max(12);
const OneTimeCode = z.string().trim().min(1).max(12);

export const AccountType = z.enum(["email", "phone"]);

export const RegisterBody = z.object({
  type: AccountType,
  account: Account.describe("e-mail address, or phone number without the country calling code"),
  countryCode: CountryCodeInput.optional().describe("required for phone; for e-mail the customer's country"),
  password: NewPassword,
  inviteCode: z.string().trim().max(32).optional(),
  agree: z.boolean().describe("consent to the user agreement; must be true"),
  code: z
    .string()
    .trim()
    .min(1)
    .max(12)
    .optional()
    .describe(
      "the code sent with getEmailCaptcha / getPhoneCaptcha purpose=register: proves the address (contactVerified); a wrong one → 400 and nothing is created; without it the account cannot deposit or withdraw until it proves the address",
    ),
  ...CaptchaFields,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  account: Account.describe("e-mail, phone number (E.164, or national with countryCode) or username"),
  password: GivenPassword,
  countryCode: CountryCodeInput.optional(),
  ...CaptchaFields,
  googleCode: GoogleCode.optional().describe("6-digit authenticator code, required when Google authenticator is bound"),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const GoogleSecretLoginBody = z.object({
  account: Account,
  password: GivenPassword,
  googleCode: GoogleCode.min(1),
  countryCode: CountryCodeInput.optional(),
  ...CaptchaFields,
});
export type GoogleSecretLoginBody = z.infer<typeof GoogleSecretLoginBody>;

/**
 * login and reset: to an address with an account; register: to an address WITHOUT one
 * (sign-up, addContact); verify: to an account's own unproved address (verifyContact).
 * Whatever the case, the answer is the same whether or not a code was sent.
 */
export const CodePurpose = z.enum(["login", "reset", "register", "verify"]);
export type CodePurpose = z.infer<typeof CodePurpose>;

export const EmailCodeQuery = z.object({
  email: Account,
  purpose: CodePurpose.default("login").describe(
    "login (default), reset (forgot password), register (an address without an account: sign-up or addContact) or verify (an account's own unproved address: verifyContact)",
  ),
});
export const PhoneCodeQuery = z.object({
  phone: Account,
  countryCode: CountryCodeInput,
  purpose: CodePurpose.default("login"),
});
export const CodeSent = z.object({
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int().describe("wait this long before asking for another code"),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const EmailLoginBody = z.object({
  email: Account,
  code: OneTimeCode,
  ...CaptchaFields,
  googleCode: GoogleCode.optional(),
});
export type EmailLoginBody = z.infer<typeof EmailLoginBody>;

export const PhoneLoginBody = z.object({
  phone: Account,
  countryCode: CountryCodeInput,
  code: OneTimeCode,
  ...CaptchaFields,
  googleCode: GoogleCode.optional(),
});
export type PhoneLoginBody = z.infer<typeof PhoneLoginBody>;

export const VerifyContactBody = z.object({
  code: OneTimeCode.describe("the code sent to the account's own e-mail or phone with purpose=verify"),
});
export const AddContactBody = z.object({
  type: AccountType,
  account: Account.describe("e-mail address, or phone number without the country calling code"),
  countryCode: CountryCodeInput.optional().describe("required for phone"),
  code: OneTimeCode.describe("the code sent to this address with purpose=register"),
});
export type AddContactBody = z.infer<typeof AddContactBody>;
export const ContactVerified = z.object({ contactVerified: z.literal(true) });

export const GuestLoginBody = z.object({ deviceId: z.string().trim().min(8).max(128) });

export const ForgotPasswordBody = z.object({
  type: AccountType,
  account: Account,
  countryCode: CountryCodeInput.optional(),
  code: OneTimeCode.describe("code from getEmailCaptcha / getPhoneCaptcha with purpose=reset"),
  newPassword: NewPassword,
  ...CaptchaFields,
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const CheckAccountQuery = z.object({ account: Account, countryCode: CountryCodeInput.optional() });
export const CheckAccountResult = z.object({
  exists: z.boolean(),
  captchaRequired: z.boolean().describe("the next login for this account from this address needs the security code"),
});

// ---------------------------------------------------------------- results

export const UserBrief = z.object({ id: z.number().int(), username: z.string() });
export const AuthResult = z.object({ token: z.string(), userInfo: UserBrief });
export type AuthResult = z.infer<typeof AuthResult>;
export const GuestLoginResult = AuthResult.extend({
  initialPassword: z.string().describe("shown once; the customer can change it later"),
});
export type GuestLoginResult = z.infer<typeof GuestLoginResult>;

/** An ALTCHA proof-of-work challenge (altcha-lib v2): what the widget solves. */
export const AltchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional().describe("seconds since the epoch"),
    data: z.object({ level: z.number().int() }).describe("difficulty level, 1 (easiest) to 6"),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;
export const CaptchaChallengeQuery = z.object({
  account: Account.optional().describe(
    "the account the check is for (login, forgot password): its failures make it harder",
  ),
  countryCode: CountryCodeInput.optional(),
});
export const CaptchaChallenge = z.object({
  captchaKey: z.string().describe("the challenge's id (its nonce)"),
  challenge: AltchaChallenge,
  level: z
    .number()
    .int()
    .describe("difficulty: 1 normally, up to 6 after many failures for the account or the address"),
  expiresInSeconds: z.number().int(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

/**
 * The original client's security-code image (GET /api/app/captchaImage). The code is now a
 * proof-of-work check: `svg` only tells a person to update the app, `challenge` is the
 * check to solve, and an answer typed from the image is never right.
 */
export const CaptchaImage = z.object({
  captchaKey: z.string(),
  svg: z.string().describe("SVG markup asking to update the app (no code to read any more)"),
  expiresInSeconds: z.number().int(),
  challenge: AltchaChallenge,
});
export type CaptchaImage = z.infer<typeof CaptchaImage>;

export const Done = z.object({ done: z.literal(true) });

// ---------------------------------------------------------------- Google authenticator

export const GoogleKey = z.object({
  secret: z.string().describe("Base32 secret to type into the app"),
  otpauthUrl: z.string().describe("otpauth:// URI for the QR code"),
});
export const GoogleCodeBody = z.object({ googleCode: GoogleCode.min(1), password: GivenPassword });
export const GoogleStatus = z.object({ bound: z.boolean() });

// ---------------------------------------------------------------- sessions

export const SessionInfo = z.object({
  id: z.number().int(),
  device: z.string(),
  createdAt: IsoDate,
  lastSeenAt: IsoDate,
  expiresAt: IsoDate,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const IdBody = z.object({ id: z.coerce.number().int().positive() });
export const RevokedCount = z.object({ revoked: z.number().int() });
export const ActiveReport = z.object({ lastSeenAt: IsoDate });

// ---------------------------------------------------------------- profile and passwords

export const Gender = z.enum(["male", "female", "other"]);
export const PersonalInfo = z.object({
  surname: z.string().nullable(),
  firstName: z.string().nullable(),
  gender: Gender.nullable(),
  birthday: z.string().nullable().describe("YYYY-MM-DD"),
  countryCode: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable().describe("contact phone (not the login phone)"),
});
export type PersonalInfo = z.infer<typeof PersonalInfo>;
const ProfileText = (max: number) => z.string().trim().max(max).nullable().optional();
export const UpdatePersonalInfoBody = z.object({
  surname: ProfileText(64),
  firstName: ProfileText(64),
  gender: Gender.nullable().optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional()
    .describe("YYYY-MM-DD"),
  countryCode: z.string().trim().length(2).nullable().optional().describe("ISO 3166-1 alpha-2"),
  address: ProfileText(255),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{4,24}$/)
    .nullable()
    .optional(),
});
export type UpdatePersonalInfoBody = z.infer<typeof UpdatePersonalInfoBody>;

export const ChangePasswordBody = z.object({
  kind: z.enum(["login", "withdrawal"]),
  oldPassword: GivenPassword.describe("current password; for the first withdrawal password, the login password"),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
/** A changed login password ends my other sessions. */
export const ChangePasswordResult = z.object({ revokedSessions: z.number().int() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;

// ---------------------------------------------------------------- countries

export const Country = z.object({
  englishName: z.string(),
  chineseName: z.string().describe("Traditional Chinese"),
  countryCode: z.string().describe("ISO 3166-1 alpha-2"),
  phoneCode: z.string().describe("calling code without +"),
  isDefault: z.boolean().describe("United States / US / 1"),
});
export type Country = z.infer<typeof Country>;

// ---------------------------------------------------------------- uploads

export const UploadQuery = z.object({
  purpose: z
    .enum(["general", "kyc"])
    .default("general")
    .describe("kyc files are readable only by their owner and operators"),
});
export const UploadResult = z.object({
  url: z.string(),
  name: z.string(),
  kind: z.enum(["image", "video"]),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadResult = z.infer<typeof UploadResult>;
export const FileParams = z.object({ name: z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,4}$/) });
/** A signed file URL's expiry (seconds since the epoch) and signature; both or neither. */
export const FileQuery = z.object({
  exp: z.coerce.number().int().min(0).max(99_999_999_999).optional(),
  sig: z.string().max(64).optional(),
});

// ---------------------------------------------------------------- identity verification

/** An uploaded image: the `url` or `name` returned by the upload endpoint. */
const UploadRef = z.string().trim().min(1).max(200);
export const KycBasicBody = z.object({
  documentType: z.enum(["id_card", "passport"]),
  countryCode: z.string().trim().length(2).describe("issuing country, ISO 3166-1 alpha-2"),
  realName: z.string().trim().max(128).optional(),
  documentNumber: z.string().trim().max(64).optional(),
  frontImage: UploadRef.describe("ID card front, or the passport portrait page"),
  backImage: UploadRef.optional().describe("ID card back (required for id_card)"),
});
export type KycBasicBody = z.infer<typeof KycBasicBody>;

const Short = z.string().trim().min(1).max(64);
const KycPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{4,24}$/);
export const KycAdvancedBody = z.object({
  surname: Short,
  givenName: Short,
  phone: KycPhone,
  address: z.string().trim().min(1).max(255),
  emergencyContact: z.object({
    surname: Short,
    name: Short,
    relationship: Short,
    phone: KycPhone,
    address: z.string().trim().min(1).max(255),
  }),
});
export type KycAdvancedBody = z.infer<typeof KycAdvancedBody>;

export const KycSubmitted = z.object({ id: z.number().int(), status: z.literal("pending") });

export const KycLevelState = z.object({
  id: z.number().int().nullable(),
  status: KycStatus,
  rejectReason: z.string().nullable(),
  submittedAt: IsoDate.nullable(),
  reviewedAt: IsoDate.nullable(),
});
export const KycState = z.object({
  status: KycStatus.describe("basic verification (the one withdrawals need)"),
  basic: KycLevelState.extend({ documentType: z.enum(["id_card", "passport"]).nullable() }),
  advanced: KycLevelState,
  canSubmitBasic: z.boolean(),
  canSubmitAdvanced: z.boolean().describe("basic passed and advanced not pending/passed"),
});
export type KycState = z.infer<typeof KycState>;

export const OperatorKycQuery = PageQuery.extend({
  status: z.enum(["pending", "rejected", "passed"]).default("pending"),
  level: z.enum(["basic", "advanced"]).optional(),
});
export const OperatorKycRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  level: z.enum(["basic", "advanced"]),
  status: z.enum(["pending", "rejected", "passed"]),
  documentType: z.enum(["id_card", "passport"]).nullable(),
  countryCode: z.string().nullable(),
  realName: z.string().nullable(),
  documentNumber: z.string().nullable(),
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  details: KycAdvancedBody.nullable(),
  rejectReason: z.string().nullable(),
  createdAt: IsoDate,
  reviewedAt: IsoDate.nullable(),
});
export type OperatorKycRecord = z.infer<typeof OperatorKycRecord>;
export const KycRejectBody = z.object({
  id: z.coerce.number().int().positive(),
  reason: z.string().trim().min(1).max(500),
});
export const KycReviewed = z.object({ id: z.number().int(), status: z.enum(["passed", "rejected"]) });

// ---------------------------------------------------------------- sandbox outbox

export const OutboxQuery = z.object({ to: z.string().trim().min(1).max(254) });
export const OutboxMessage = z.object({
  to: z.string(),
  channel: z.enum(["email", "sms"]),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: IsoDate,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
