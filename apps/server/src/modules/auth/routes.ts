// Registration, logins, one-time codes and captcha (sessions and the authenticator are in
// session-routes.ts).
// Login failures carry hints for the client in headers: `X-Captcha-Required: true`
// (show the security code next time) and `X-Google-Auth-Required: true` (ask for the
// authenticator code).
import { authEndpoints as E } from "@candor/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { captchaRoutes } from "./captcha-routes";
import { clientContext } from "./client-context";
import { LoginError } from "./login-guard";
import {
  checkAccount,
  guestLogin,
  loginWithCode,
  loginWithPassword,
  register,
  requestCode,
  resetPasswordByCode,
} from "./service";

/** Pass login challenges to the client as headers, then let the one error handler answer. */
export async function withChallenge<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
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
  await app.register(captchaRoutes);

  route(app, E.register, ({ body, request, reply }) =>
    withChallenge(reply, () => register(db, body, clientContext(request), app.config.freeSignupsPerAddress)),
  );
  route(app, E.login, ({ body, request, reply }) =>
    withChallenge(reply, () => loginWithPassword(db, body, clientContext(request))),
  );
  route(app, E.googleSecretLogin, ({ body, request, reply }) =>
    withChallenge(reply, () => loginWithPassword(db, body, clientContext(request))),
  );
  route(app, E.emailCode, ({ request, query }) =>
    requestCode(
      db,
      app.notifier,
      { channel: "email", account: query.email, purpose: query.purpose },
      clientContext(request),
    ),
  );
  route(app, E.phoneCode, ({ request, query }) =>
    requestCode(
      db,
      app.notifier,
      { channel: "sms", account: query.phone, countryCode: query.countryCode, purpose: query.purpose },
      clientContext(request),
    ),
  );
  route(app, E.emailLogin, ({ body, request, reply }) =>
    withChallenge(reply, () =>
      loginWithCode(db, { ...body, channel: "email", account: body.email }, clientContext(request)),
    ),
  );
  route(app, E.phoneLogin, ({ body, request, reply }) =>
    withChallenge(reply, () =>
      loginWithCode(db, { ...body, channel: "sms", account: body.phone }, clientContext(request)),
    ),
  );
  route(app, E.guestLogin, ({ request, body }) => guestLogin(db, body.deviceId, clientContext(request)));
  route(app, E.forgotPassword, async ({ body, request, reply }) => {
    const { userId } = await withChallenge(reply, () => resetPasswordByCode(db, body, clientContext(request)));
    app.bus.publish("access.revoked", { userId });
    return { done: true as const };
  });
  route(app, E.checkAccount, ({ request, query }) =>
    checkAccount(db, query.account, query.countryCode, clientContext(request)),
  );
};
