// Shapes of wallet login (Sign-In with Ethereum, EIP-4361) and third-party login (OpenID
// Connect): docs/contract.md "Accounts".
import { z } from "zod";

/** An Ethereum address, 0x and 40 hex digits (any case; compared in lower case). */
export const EthAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an Ethereum address: 0x and 40 hex digits");

export const WalletNonceQuery = z.object({ address: EthAddress });
export const LinkWalletNonceQuery = WalletNonceQuery;
export const SiweMessage = z.object({
  message: z.string().describe("the EIP-4361 message to sign with personal_sign, valid 10 minutes, single use"),
});
export const WalletLoginBody = z.object({
  message: z.string().min(1).max(2000).describe("the message from walletNonce, unchanged"),
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte signature, 0x and 130 hex digits"),
});
export type WalletLoginBody = z.infer<typeof WalletLoginBody>;

export const LinkedWallet = z.object({ address: z.string(), linkedAt: z.string() });
export const LinkedWallets = z.array(LinkedWallet);
export type LinkedWallet = z.infer<typeof LinkedWallet>;

export const UnlinkWalletBody = z.object({
  address: EthAddress,
  password: z.string().min(1).max(128).describe("the login password"),
  googleCode: z
    .string()
    .regex(/^\d{6}$/)
    .optional()
    .describe("authenticator code, required when it is bound"),
});

export const LoginMethods = z.object({
  wallet: z.boolean().describe("whether Sign-In with Ethereum is offered"),
  oidc: z.array(z.object({ id: z.string(), name: z.string() })).describe("configured OpenID Connect providers"),
});
export type LoginMethods = z.infer<typeof LoginMethods>;

export const OidcProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
export const OidcStartResult = z.object({
  url: z.string().describe("the provider's authorization URL (state, nonce and PKCE S256), valid 10 minutes"),
});
export const OidcLoginBody = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,64}$/)
    .describe("the one-time code the callback put in /#/login?oidc=…"),
});
