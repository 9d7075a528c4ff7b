// Wallet login (Sign-In with Ethereum, EIP-4361) and third-party login (OpenID Connect):
// docs/contract.md "Accounts". The OIDC callback is a browser redirect, not JSON: it is
// registered raw by the server and hands the session over with a one-time code (oidcLogin).
import { AuthResult, Done } from "../accounts";
import { endpoints } from "../endpoint";
import {
  LinkedWallets,
  LinkWalletNonceQuery,
  LoginMethods,
  OidcLoginBody,
  OidcProviderParams,
  OidcStartResult,
  SiweMessage,
  UnlinkWalletBody,
  WalletLoginBody,
  WalletNonceQuery,
} from "../external-login";
import { authPaths as P } from "../paths/auth";

const tags = ["accounts"];

export const externalLoginEndpoints = endpoints({
  loginMethods: {
    method: "GET",
    path: P.loginMethods,
    auth: "public",
    tags,
    summary: "Which wallet and third-party (OpenID Connect) logins are configured: the login screen shows only these",
    result: LoginMethods,
  },
  walletNonce: {
    method: "GET",
    path: P.walletNonce,
    auth: "public",
    tags,
    summary:
      "A Sign-In with Ethereum (EIP-4361) message for this site with a one-time nonce (10 minutes); 429 past 30 per address in 15 minutes",
    query: WalletNonceQuery,
    result: SiweMessage,
    errors: [429],
  },
  walletLogin: {
    method: "POST",
    path: P.walletLogin,
    auth: "public",
    tags,
    summary:
      "Log in with a signed walletNonce message: the account linked to the address, created on first use (no password, no e-mail yet). A reused or expired nonce, another domain or a signature by another key → 401",
    body: WalletLoginBody,
    result: AuthResult,
    errors: [401, 429],
  },
  oidcStart: {
    method: "GET",
    path: P.oidcStart,
    auth: "public",
    tags,
    summary:
      "Start a third-party login: the provider's authorization URL (code flow, PKCE S256, state and nonce kept 10 minutes, single use); unknown provider → 404",
    params: OidcProviderParams,
    result: OidcStartResult,
    errors: [503],
  },
  oidcLogin: {
    method: "POST",
    path: P.oidcLogin,
    auth: "public",
    tags,
    summary:
      "Exchange the one-time code the provider's callback handed to the app (1 minute, single use) for a session; wrong or used → 401",
    body: OidcLoginBody,
    result: AuthResult,
    errors: [401],
  },
  wallets: {
    method: "GET",
    path: P.wallets,
    auth: "user",
    tags,
    summary: "My linked wallets",
    result: LinkedWallets,
  },
  linkWalletNonce: {
    method: "GET",
    path: P.linkWalletNonce,
    auth: "user",
    tags,
    summary: "A Sign-In with Ethereum message to link a wallet to my account (10 minutes, single use)",
    query: LinkWalletNonceQuery,
    result: SiweMessage,
    errors: [429],
  },
  linkWallet: {
    method: "POST",
    path: P.linkWallet,
    auth: "user",
    tags,
    summary:
      "Link the wallet that signed a linkWalletNonce message; a bad signature or nonce → 400, a wallet linked to another account → 409",
    body: WalletLoginBody,
    result: LinkedWallets,
    errors: [409, 429],
  },
  unlinkWallet: {
    method: "POST",
    path: P.unlinkWallet,
    auth: "user",
    tags,
    summary:
      "Unlink a wallet (login password, and the authenticator code when bound; wrong → 400). 409 when it is the only way left to log in",
    body: UnlinkWalletBody,
    result: Done,
    errors: [409, 429],
  },
});
