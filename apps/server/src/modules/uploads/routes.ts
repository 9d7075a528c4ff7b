// File upload (multipart, field `file`) and file serving with the sniffed content type.

import { envelope, FileParams, UploadQuery, UploadResult } from "@candor/contract";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { AppError, badRequest } from "../../lib/errors";
import { currentUser } from "../../plugins/auth";
import { staffFromRequest } from "../staff/service";
import { openUpload, storeUpload, VIDEO_MAX_BYTES } from "./service";

/** A broken multipart body (no boundary, cut short) is the client's mistake: 400, not 500. */
function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
  throw badRequest("invalidField", { field: "file" });
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin. The hard cap is the video limit; per-kind limits are checked
  // while streaming. Past the cap the parser stops and the answer is 413, not 500.
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.post(
    "/api/sys/common/upload",
    {
      onRequest: app.requireUser,
      // The whole file streams to disk: allow bodies up to the video cap plus multipart overhead.
      bodyLimit: VIDEO_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ["accounts"],
        summary: "Upload an image (≤ 5 MB) or video (≤ 50 MB), multipart field `file`; type by content",
        security: [{ accessToken: [] }],
        consumes: ["multipart/form-data"],
        querystring: UploadQuery,
        response: { 200: envelope(UploadResult) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest("requiredField", { field: "file" });
      const part = await request.file().catch(malformed);
      if (part?.fieldname !== "file") throw badRequest("requiredField", { field: "file" });
      const stored = await storeUpload(
        app.database.db,
        app.config.dataDir,
        currentUser(request).id,
        request.query.purpose,
        { stream: part.file, truncated: () => part.file.truncated },
      ).catch(malformed);
      return ok(stored);
    },
  );

  app.get(
    "/api/sys/common/files/:name",
    {
      schema: {
        tags: ["accounts"],
        summary: "A stored file; KYC files only for their owner and staff (others 404)",
        params: FileParams,
      },
    },
    async (request, reply) => {
      // Staff (the console) see identity documents too; customers only their own.
      const staff = request.user ? null : await staffFromRequest(app.database.db, request.headers["x-access-token"]);
      const viewer = request.user ?? (staff ? { id: 0, role: "operator" } : null);
      const file = await openUpload(app.database.db, app.config.dataDir, request.params.name, viewer);
      return reply
        .type(file.mime)
        .header("Content-Length", file.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", file.private ? "private, no-store" : "public, max-age=31536000, immutable")
        .send(file.stream);
    },
  );
};
