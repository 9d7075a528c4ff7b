// Builds the Fastify instance: plugins, then module routes. server.ts listens.
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database } from "./db";
import { serveAliases } from "./lib/aliases";
import jobsPlugin from "./lib/jobs";
import { LOG_REDACT, logSerializers } from "./lib/log-redaction";
import { installServerKeys, serverKeys } from "./lib/secrets";
import { TradeModes } from "./lib/trade-mode";
import accountFeedPlugin from "./modules/account-feed/plugin";
import alertsPlugin from "./modules/alerts/plugin";
import { externalLoginRoutes } from "./modules/auth/external-routes";
import { authRoutes } from "./modules/auth/routes";
import { seedAuthRoutes } from "./modules/auth/seed-routes";
import { sessionRoutes } from "./modules/auth/session-routes";
import chatPlugin from "./modules/chat/plugin";
import clockPlugin, { clockRoutes } from "./modules/clock/plugin";
import contentPlugin from "./modules/content/plugin";
import contestsPlugin from "./modules/contests/plugin";
import contractsPlugin from "./modules/contracts/plugin";
import { countryRoutes } from "./modules/countries/routes";
import { customerRoutes } from "./modules/customers/routes";
import demoPlugin from "./modules/demo/plugin";
import { demoRoutes } from "./modules/demo/routes";
import disclosurePlugin from "./modules/disclosure/plugin";
import earnPlugin from "./modules/earn/plugin";
import { exchangeRoutes } from "./modules/exchange/routes";
import ieoPlugin from "./modules/ieo/plugin";
import { jobsRoutes } from "./modules/jobs/routes";
import { kycRoutes } from "./modules/kyc/routes";
import loansPlugin from "./modules/loans/plugin";
import { outstandingLoans } from "./modules/loans/service";
import marketPlugin from "./modules/market/plugin";
import notifierPlugin from "./modules/notifier/plugin";
import { notifierRoutes } from "./modules/notifier/routes";
import optionsPlugin from "./modules/options/plugin";
import privacyPlugin from "./modules/privacy/plugin";
import productsPlugin from "./modules/products/plugin";
import { profileRoutes } from "./modules/profile/routes";
import protectionPlugin from "./modules/protection/plugin";
import reservesPlugin from "./modules/reserves/plugin";
import rewardsPlugin from "./modules/rewards/plugin";
import { riskRoutes } from "./modules/risk/routes";
import samplesPlugin from "./modules/samples/plugin";
import settlementPlugin from "./modules/settlement/plugin";
import { shortLinkRoutes } from "./modules/short-links/routes";
import spotPlugin from "./modules/spot/plugin";
import { staffOperatorRoutes } from "./modules/staff/operator-routes";
import staffPlugin from "./modules/staff/plugin";
import { staffRoutes } from "./modules/staff/routes";
import statementsPlugin from "./modules/statements/plugin";
import { systemRoutes } from "./modules/system/routes";
import { seedSystemRoutes } from "./modules/system/seed-routes";
import { uploadRoutes } from "./modules/uploads/routes";
import walletPlugin from "./modules/wallet/plugin";
import authPlugin from "./plugins/auth";
import busPlugin from "./plugins/bus";
import { clientErrorHandler } from "./plugins/client-errors";
import consolePlugin from "./plugins/console";
import databasePlugin from "./plugins/database";
import docsPlugin from "./plugins/docs";
import envelopePlugin from "./plugins/envelope";
import securityPlugin from "./plugins/security";
import validationPlugin, { lazySchemaController } from "./plugins/validation";
import webPlugin from "./plugins/web";
import websocketPlugin from "./plugins/websocket";

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
}

/**
 * TRUST_PROXY for Fastify: a hop count becomes "trust the n addresses nearest the server"
 * (Fastify 5 refuses a bare number: it trusts no hop then), so the client address is the
 * one the outermost trusted proxy saw; forged entries further left are never read.
 */
export function trustProxyOption(trust: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    // No e-mail, phone, code or secret in log lines or access-log query strings (lib/log-redaction.ts).
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === "object" ? logger : {}),
            serializers: logSerializers,
            redact: LOG_REDACT,
          },
    // Clients never choose request ids; they are for correlating our own logs.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Requests the HTTP parser refuses (431 oversized line or header, 400 malformed) get the envelope.
    clientErrorHandler,
    schemaController: lazySchemaController,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const keys = serverKeys(config);
  installServerKeys(keys);
  app.decorate("keys", keys);
  // Per-app registries the modules fill in at start-up (never module-level state: two apps in
  // one process must not share them).
  app.decorate("tradeModes", new TradeModes());
  await app.register(databasePlugin, { database, config });
  await app.register(envelopePlugin);
  await app.register(validationPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: config.rateLimitPerMinute });
  await app.register(authPlugin);
  await app.register(staffPlugin);
  await app.register(notifierPlugin);
  await app.register(docsPlugin);
  await app.register(busPlugin);
  await app.register(websocketPlugin);
  await app.register(clockPlugin);
  await app.register(jobsPlugin);
  await app.register(clockRoutes);
  // Before every route: its hook gates the requests that open new business.
  await app.register(productsPlugin);
  // Limits, time-outs and self-exclusion gate money-in and risk-taking routes (modules/protection/gate.ts).
  await app.register(protectionPlugin);

  // Seed paths that are another name of an existing call (lib/aliases.ts); before the modules.
  serveAliases(app);
  await app.register(systemRoutes);
  await app.register(seedSystemRoutes);
  await app.register(profileRoutes);
  await app.register(authRoutes);
  await app.register(externalLoginRoutes);
  await app.register(sessionRoutes);
  await app.register(seedAuthRoutes);
  await app.register(countryRoutes);
  await app.register(notifierRoutes);
  // A chat file is also readable with its conversation's chat token: the chat module decides.
  await app.register(uploadRoutes, { chatCanRead: (request, name) => app.chat.service.canReadFile(request, name) });
  await app.register(kycRoutes);
  await app.register(marketPlugin);
  await app.register(settlementPlugin);
  await app.register(demoPlugin);
  await app.register(contractsPlugin);
  await app.register(demoRoutes);
  await app.register(optionsPlugin);
  await app.register(spotPlugin);
  await app.register(exchangeRoutes);
  // Net assets subtract loans owed (issue 35 §3); loans read the wallet, so app.ts hands it over.
  await app.register(walletPlugin, { debts: outstandingLoans });
  await app.register(riskRoutes);
  await app.register(jobsRoutes);
  await app.register(shortLinkRoutes);
  await app.register(earnPlugin);
  await app.register(loansPlugin);
  await app.register(contestsPlugin);
  await app.register(ieoPlugin);
  await app.register(rewardsPlugin);
  await app.register(reservesPlugin);
  await app.register(disclosurePlugin);
  await app.register(statementsPlugin);
  await app.register(staffRoutes);
  await app.register(staffOperatorRoutes);
  await app.register(customerRoutes);
  await app.register(chatPlugin);
  await app.register(accountFeedPlugin);
  // Price alerts: evaluated by the settlement leader, notices to the sockets, Web Push.
  await app.register(alertsPlugin);
  await app.register(contentPlugin);
  // Data rights: download my data, close my account (reads the modules above through their services).
  await app.register(privacyPlugin);
  // Sandbox sample IEO projects and contests, through the modules above (after their ready hooks).
  await app.register(samplesPlugin);

  await app.register(consolePlugin, { consoleDist: config.consoleDist });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
