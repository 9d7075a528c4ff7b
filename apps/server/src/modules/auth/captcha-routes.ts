// The security check's endpoints: a proof-of-work challenge for the app's widget, and the
// original client's captchaImage, kept answering (same fields, plus the challenge) though
// there is no code to read any more.
import { authEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { t } from "../../i18n";
import { route } from "../../lib/route";
import { createCaptcha } from "./captcha";
import { clientContext } from "./client-context";
import { captchaLevelFor } from "./service";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small image telling a person of the original client to update the app. */
function updateAppSvg(text: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48" role="img">' +
    `<title>${escapeXml(text)}</title><rect width="240" height="48" fill="#f5f5f5"/>` +
    `<text x="120" y="29" font-size="12" text-anchor="middle" fill="#333">${escapeXml(text)}</text></svg>`
  );
}

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const work = app.config.captchaWork;
  const free = app.config.freeSignupsPerAddress;

  route(app, E.captchaChallenge, async ({ request, query }) => {
    const level = await captchaLevelFor(db, query.account, query.countryCode, clientContext(request), free);
    return createCaptcha(db, work, level);
  });
  route(app, E.captchaImage, async ({ request }) => {
    const level = await captchaLevelFor(db, undefined, undefined, clientContext(request), free);
    const { captchaKey, challenge, expiresInSeconds } = await createCaptcha(db, work, level);
    return { captchaKey, challenge, expiresInSeconds, svg: updateAppSvg(t(request.lang, "captchaUpdateApp")) };
  });
};
