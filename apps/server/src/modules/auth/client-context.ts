// Who is calling, as the auth service needs it (address, device, language): read from the
// request by every auth routes file.
import type { FastifyRequest } from "fastify";
import type { ClientContext } from "./service";

export function clientContext(request: FastifyRequest): ClientContext {
  const ua = request.headers["user-agent"];
  return { ip: request.ip, device: (typeof ua === "string" ? ua : "").slice(0, 200), lang: request.lang };
}
