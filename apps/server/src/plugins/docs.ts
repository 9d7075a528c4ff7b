// OpenAPI 3 document generated from the route schemas (/api/docs/json) and a docs page.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Candor API",
        description:
          "Every response is the envelope {success, code, message, result, timestamp}. " +
          "Authenticate with the X-Access-Token header; choose the message language with X-Lang. " +
          "The original mobile client's paths (SEED-API.md) are served too: where one names an existing call it is " +
          "an alias of it (one implementation, the alias's description names the original); " +
          "/api/user/appUser/importantCustomerOnLine is declined and always answers 404.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: { accessToken: { type: "apiKey", in: "header", name: "X-Access-Token" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}

export default fp(docsPlugin, { name: "docs" });
