// File upload (multipart, field `file`) and file serving with the sniffed content type.

import { uploadEndpoints as E, FileParams, FileQuery, uploadPaths } from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../lib/errors";
import { route } from "../../lib/route";
import { appendAudit, staffFromRequest } from "../staff/service";
import { openUpload, storeUpload, VIDEO_MAX_BYTES } from "./service";

/** A broken multipart body (no boundary, cut short) is the client's mistake: 400, not 500. */
function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
  throw badRequest("invalidField", { field: "file" });
}

export interface UploadRoutesOptions {
  /** Whether the request's chat token (guest or customer) may read this chat file. */
  chatCanRead?: (request: FastifyRequest, name: string) => Promise<boolean>;
}

export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, { chatCanRead }) => {
  // Scoped to this plugin. The hard cap is the video limit; per-kind limits are checked
  // while streaming. Past the cap the parser stops and the answer is 413, not 500.
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route(
    app,
    E.upload,
    async ({ request, query, user }) => {
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      return storeUpload(app.database.db, app.config.dataDir, user.id, query.purpose, {
        stream: part.file,
        truncated: () => part.file.truncated,
      }).catch(malformed);
    },
    // The whole file streams to disk: allow bodies up to the video cap plus multipart overhead.
    { bodyLimit: VIDEO_MAX_BYTES + 1024 * 1024 },
  );

  // Stays a raw route: the answer is the file itself (a stream with its sniffed type), not an envelope.
  app.get(
    uploadPaths.file,
    {
      schema: {
        tags: ["accounts"],
        summary:
          "A stored file, for its owner and staff; a chat file also for its conversation's chat token or a signed URL (others 404)",
        params: FileParams,
        querystring: FileQuery,
      },
    },
    async (request, reply) => {
      // Staff of a role that reviews identities see identity documents too (through a staff
      // session, so behind the console's authenticator); customers only their own.
      const db = app.database.db;
      const staff = request.user ? null : await staffFromRequest(db, request.headers["x-access-token"]);
      const file = await openUpload(
        db,
        app.config.dataDir,
        request.params.name,
        {
          userId: request.user?.id ?? null,
          staffRole: staff?.role ?? null,
          exp: request.query.exp,
          sig: request.query.sig,
          ...(chatCanRead ? { chat: (name: string) => chatCanRead(request, name) } : {}),
        },
        app.keys.key("files"),
      );
      // Every view of an identity document is in the audit log, whoever looks.
      if (file.private) {
        await appendAudit(db, {
          staffId: staff?.id ?? null,
          username: staff?.username ?? `customer:${request.user?.id ?? ""}`,
          role: staff?.role ?? "customer",
          action: "kyc.file.view",
          targetType: "upload",
          targetId: request.params.name,
          after: { ownerId: file.ownerId },
          ip: request.ip,
        });
      }
      return reply
        .type(file.mime)
        .header("Content-Length", file.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", "private, no-store")
        .send(file.stream);
    },
  );
};
