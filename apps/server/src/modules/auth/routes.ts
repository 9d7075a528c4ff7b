// Registration, logins, one-time codes, captcha, sessions and Google authenticator.
// Login failures carry hints for the client in headers: `X-Captcha-Required: true`
// (show the security code next time) and `X-Google-Auth-Required: true` (ask for the
// authenticator code).
import {
  ActiveReport,
  AuthResult,
  CaptchaImage,
  CheckAccountQuery,
  CheckAccountResult,
  CodeSent,
  Done,
  EmailCodeQuery,
  EmailLoginBody,
  envelope,
  ForgotPasswordBody,
  GoogleCodeBody,
  GoogleKey,
  GoogleSecretLoginBody,
  GoogleStatus,
  GuestLoginBody,
  GuestLoginResult,
  IdBody,
  LoginBody,
  PhoneCodeQuery,
  PhoneLoginBody,
  RegisterBody,
  RevokedCount,
  SessionInfo,
} from "@candor/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { currentUser } from "../../plugins/auth";
import { createCaptcha } from "./captcha";
import { bindGoogleAuth, generateGoogleKey, isGoogleBound, unbindGoogleAuth } from "./google";
import { LoginError } from "./login-guard";
import {
  type ClientContext,
  checkAccount,
  guestLogin,
  loginWithCode,
  loginWithPassword,
  register,
  requestCode,
  resetPasswordByCode,
} from "./service";
import { listSessions, reportActivity, revokeOtherSessions, revokeSession, revokeUserSession } from "./sessions";

const tags = ["accounts"];
const security = [{ accessToken: [] }];

export function clientContext(request: FastifyRequest): ClientContext {
  const ua = request.headers["user-agent"];
  return { ip: request.ip, device: (typeof ua === "string" ? ua : "").slice(0, 200), lang: request.lang };
}

/** Pass login challenges to the client as headers, then let the one error handler answer. */
async function withChallenge<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LoginError) {
      if (err.challenge.captchaRequired) reply.header("X-Captcha-Required", "true");
      if (err.challenge.googleRequired) reply.header("X-Google-Auth-Required", "true");
    }
    throw err;
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/api/app/register",
    {
      schema: {
        tags,
        summary: "Register with e-mail or phone; logs in",
        body: RegisterBody,
        response: { 200: envelope(AuthResult) },
      },
    },
    async (request) => ok(await register(db, request.body, clientContext(request))),
  );

  app.post(
    "/api/app/login",
    {
      schema: {
        tags,
        summary: "Password login (e-mail, phone or username); 401 for unknown account or wrong password",
        body: LoginBody,
        response: { 200: envelope(AuthResult) },
      },
    },
    async (request, reply) =>
      ok(await withChallenge(reply, () => loginWithPassword(db, request.body, clientContext(request)))),
  );

  app.post(
    "/api/app/googleSecretLogin",
    {
      schema: {
        tags,
        summary: "Password login with the Google authenticator code (accounts with it bound)",
        body: GoogleSecretLoginBody,
        response: { 200: envelope(AuthResult) },
      },
    },
    async (request, reply) =>
      ok(await withChallenge(reply, () => loginWithPassword(db, request.body, clientContext(request)))),
  );

  app.get(
    "/api/app/getEmailCaptcha",
    {
      schema: {
        tags,
        summary: "Send a 6-digit code by e-mail (10 min, single use; 1/min and 10/h)",
        querystring: EmailCodeQuery,
        response: { 200: envelope(CodeSent) },
      },
    },
    async (request) =>
      ok(
        await requestCode(
          db,
          app.notifier,
          { channel: "email", account: request.query.email, purpose: request.query.purpose },
          clientContext(request),
        ),
      ),
  );

  app.get(
    "/api/app/getPhoneCaptcha",
    {
      schema: {
        tags,
        summary: "Send a 6-digit code by SMS (10 min, single use; 1/min and 10/h)",
        querystring: PhoneCodeQuery,
        response: { 200: envelope(CodeSent) },
      },
    },
    async (request) =>
      ok(
        await requestCode(
          db,
          app.notifier,
          {
            channel: "sms",
            account: request.query.phone,
            countryCode: request.query.countryCode,
            purpose: request.query.purpose,
          },
          clientContext(request),
        ),
      ),
  );

  app.post(
    "/api/app/emailLogin",
    {
      schema: {
        tags,
        summary: "Log in with an e-mailed code; wrong or used code → 401",
        body: EmailLoginBody,
        response: { 200: envelope(AuthResult) },
      },
    },
    async (request, reply) =>
      ok(
        await withChallenge(reply, () =>
          loginWithCode(db, { ...request.body, channel: "email", account: request.body.email }, clientContext(request)),
        ),
      ),
  );

  app.post(
    "/api/app/phoneLogin",
    {
      schema: {
        tags,
        summary: "Log in with an SMS code; wrong or used code → 401",
        body: PhoneLoginBody,
        response: { 200: envelope(AuthResult) },
      },
    },
    async (request, reply) =>
      ok(
        await withChallenge(reply, () =>
          loginWithCode(db, { ...request.body, channel: "sms", account: request.body.phone }, clientContext(request)),
        ),
      ),
  );

  app.post(
    "/api/app/guestLogin",
    {
      schema: {
        tags,
        summary: "Guest account for a device; the generated password is shown once",
        body: GuestLoginBody,
        response: { 200: envelope(GuestLoginResult) },
      },
    },
    async (request) => ok(await guestLogin(db, request.body.deviceId, clientContext(request))),
  );

  app.post(
    "/api/app/forgotPassword",
    {
      schema: {
        tags,
        summary:
          "Set a new login password with a reset code; ends every session (wrong codes count towards the login lockout)",
        body: ForgotPasswordBody,
        response: { 200: envelope(Done) },
      },
    },
    async (request) => {
      await resetPasswordByCode(db, request.body, clientContext(request));
      return ok({ done: true as const });
    },
  );

  app.get(
    "/api/app/checkAccount",
    {
      schema: {
        tags,
        summary: "Whether an account exists and whether its next login needs the security code",
        querystring: CheckAccountQuery,
        response: { 200: envelope(CheckAccountResult) },
      },
    },
    async (request) =>
      ok(await checkAccount(db, request.query.account, request.query.countryCode, clientContext(request))),
  );

  app.get(
    "/api/app/captchaImage",
    {
      schema: {
        tags,
        summary: "A new security code image (single use, 5 minutes)",
        response: { 200: envelope(CaptchaImage) },
      },
    },
    async (_request, reply) => {
      const { text: _answer, ...challenge } = await createCaptcha(db);
      reply.header("Cache-Control", "no-store");
      return ok(challenge);
    },
  );

  // ---------------------------------------------------------------- sessions

  app.post(
    "/api/user/appUser/logout",
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "End the current session", security, response: { 200: envelope(Done) } },
    },
    async (request) => {
      await revokeSession(db, currentUser(request).sessionId);
      return ok({ done: true as const });
    },
  );

  app.post(
    "/api/user/appUser/activeReport",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Activity heartbeat (every 60 s): updates last-seen only",
        security,
        response: { 200: envelope(ActiveReport) },
      },
    },
    async (request) => ok({ lastSeenAt: (await reportActivity(db, currentUser(request).sessionId)).toISOString() }),
  );

  app.get(
    "/api/user/appUser/sessions",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My live sessions (device, last seen)",
        security,
        response: { 200: envelope(z.array(SessionInfo)) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await listSessions(db, user.id, user.sessionId));
    },
  );

  app.post(
    "/api/user/appUser/revokeSession",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "End one of my sessions",
        security,
        body: IdBody,
        response: { 200: envelope(Done) },
      },
    },
    async (request) => {
      if (!(await revokeUserSession(db, currentUser(request).id, request.body.id))) throw notFound();
      return ok({ done: true as const });
    },
  );

  app.post(
    "/api/user/appUser/revokeOtherSessions",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "End all my sessions except this one",
        security,
        response: { 200: envelope(RevokedCount) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok({ revoked: await revokeOtherSessions(db, user.id, user.sessionId) });
    },
  );

  // ---------------------------------------------------------------- Google authenticator

  app.post(
    "/api/user/appUser/generateGoogleKey",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "New authenticator secret (pending until bound)",
        security,
        response: { 200: envelope(GoogleKey) },
      },
    },
    async (request) => ok(await generateGoogleKey(db, currentUser(request).id)),
  );

  app.post(
    "/api/user/appUser/bindGoogleAuth",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Bind the pending secret with a code from the app and the login password",
        security,
        body: GoogleCodeBody,
        response: { 200: envelope(GoogleStatus) },
      },
    },
    async (request) => {
      await bindGoogleAuth(db, currentUser(request).id, request.body.googleCode, request.body.password);
      // Rewards (welfare tasks) learn of the second factor.
      app.bus.publish("customer.activity", { userId: currentUser(request).id, kind: "totp_enabled" });
      return ok({ bound: true });
    },
  );

  app.post(
    "/api/user/appUser/unbindGoogleAuth",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Remove the authenticator (code and login password)",
        security,
        body: GoogleCodeBody,
        response: { 200: envelope(GoogleStatus) },
      },
    },
    async (request) => {
      await unbindGoogleAuth(db, currentUser(request).id, request.body.googleCode, request.body.password);
      return ok({ bound: false });
    },
  );

  app.get(
    "/api/user/appUser/checkGoogleAuth",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Whether Google authenticator is bound",
        security,
        response: { 200: envelope(GoogleStatus) },
      },
    },
    async (request) => ok({ bound: await isGoogleBound(db, currentUser(request).id) }),
  );
};
