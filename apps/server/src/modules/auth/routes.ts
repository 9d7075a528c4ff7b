// Registration, logins, one-time codes and captcha (sessions and the authenticator are in
// session-routes.ts).
// Login failures carry hints for the client in headers: `X-Captcha-Required: true`
// (show the security code next time) and `X-Google-Auth-Required: true` (ask for the
// authenticator code).
import {
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
  GoogleSecretLoginBody,
  GuestLoginBody,
  GuestLoginResult,
  LoginBody,
  PhoneCodeQuery,
  PhoneLoginBody,
  RegisterBody,
} from "@candor/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { route } from "../../lib/route";
import { createCaptcha } from "./captcha";
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

const tags = ["accounts"];

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

  route(
    app,
    {
      method: "POST",
      url: "/api/app/register",
      auth: "public",
      tags,
      summary: "Register with e-mail or phone; logs in",
      body: RegisterBody,
      result: AuthResult,
    },
    ({ request, body }) => register(db, body, clientContext(request)),
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

  route(
    app,
    {
      method: "GET",
      url: "/api/app/getEmailCaptcha",
      auth: "public",
      tags,
      summary: "Send a 6-digit code by e-mail (10 min, single use; 1/min and 10/h)",
      query: EmailCodeQuery,
      result: CodeSent,
    },
    ({ request, query }) =>
      requestCode(
        db,
        app.notifier,
        { channel: "email", account: query.email, purpose: query.purpose },
        clientContext(request),
      ),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/app/getPhoneCaptcha",
      auth: "public",
      tags,
      summary: "Send a 6-digit code by SMS (10 min, single use; 1/min and 10/h)",
      query: PhoneCodeQuery,
      result: CodeSent,
    },
    ({ request, query }) =>
      requestCode(
        db,
        app.notifier,
        {
          channel: "sms",
          account: query.phone,
          countryCode: query.countryCode,
          purpose: query.purpose,
        },
        clientContext(request),
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

  route(
    app,
    {
      method: "POST",
      url: "/api/app/guestLogin",
      auth: "public",
      tags,
      summary: "Guest account for a device; the generated password is shown once",
      body: GuestLoginBody,
      result: GuestLoginResult,
    },
    ({ request, body }) => guestLogin(db, body.deviceId, clientContext(request)),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/app/forgotPassword",
      auth: "public",
      tags,
      summary:
        "Set a new login password with a reset code; ends every session (wrong codes count towards the login lockout)",
      body: ForgotPasswordBody,
      result: Done,
    },
    async ({ request, body }) => {
      await resetPasswordByCode(db, body, clientContext(request));
      return { done: true as const };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/app/checkAccount",
      auth: "public",
      tags,
      summary: "Whether an account exists and whether its next login needs the security code",
      query: CheckAccountQuery,
      result: CheckAccountResult,
    },
    ({ request, query }) => checkAccount(db, query.account, query.countryCode, clientContext(request)),
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
};
