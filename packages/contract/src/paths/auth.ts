// Account endpoints' paths: registration, logins, one-time codes, the security check, my
// sessions and the Google authenticator. Shapes: ../endpoints/auth.ts.
export const authPaths = {
  register: "/api/app/register",
  login: "/api/app/login",
  googleSecretLogin: "/api/app/googleSecretLogin",
  emailCode: "/api/app/getEmailCaptcha",
  phoneCode: "/api/app/getPhoneCaptcha",
  emailLogin: "/api/app/emailLogin",
  phoneLogin: "/api/app/phoneLogin",
  guestLogin: "/api/app/guestLogin",
  forgotPassword: "/api/app/forgotPassword",
  checkAccount: "/api/app/checkAccount",
  /** The seed's login-screen check (public): whether an account has the authenticator bound. */
  accountGoogleAuth: "/api/app/checkGoogleAuth",
  captchaChallenge: "/api/app/captchaChallenge",
  /** Which third-party and wallet logins the login screen offers. */
  loginMethods: "/api/app/loginMethods",
  walletNonce: "/api/app/walletNonce",
  walletLogin: "/api/app/walletLogin",
  oidcStart: "/api/app/oidc/:provider/start",
  /** The provider sends the browser here (raw route: it redirects to the app, never JSON). */
  oidcCallback: "/api/app/oidc/:provider/callback",
  oidcLogin: "/api/app/oidcLogin",
  wallets: "/api/user/appUser/wallets",
  linkWalletNonce: "/api/user/appUser/linkWalletNonce",
  linkWallet: "/api/user/appUser/linkWallet",
  unlinkWallet: "/api/user/appUser/unlinkWallet",
  captchaImage: "/api/app/captchaImage",
  logout: "/api/user/appUser/logout",
  activeReport: "/api/user/appUser/activeReport",
  sessions: "/api/user/appUser/sessions",
  revokeSession: "/api/user/appUser/revokeSession",
  revokeOtherSessions: "/api/user/appUser/revokeOtherSessions",
  generateGoogleKey: "/api/user/appUser/generateGoogleKey",
  bindGoogleAuth: "/api/user/appUser/bindGoogleAuth",
  unbindGoogleAuth: "/api/user/appUser/unbindGoogleAuth",
  checkGoogleAuth: "/api/user/appUser/checkGoogleAuth",
} as const;
