// Uploaded files: the type comes from the content (magic bytes), the size is capped per
// kind while streaming, files get random names under DATA_DIR/uploads. KYC files are
// private: only their owner and operators can read them (anyone else gets 404).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { UploadResult } from "@candor/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { uploads } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { SNIFF_BYTES, type SniffedType, sniff } from "./sniff";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const FILES_URL_PREFIX = "/api/sys/common/files/";

export type UploadPurpose = "general" | "kyc";

export const uploadsDir = (dataDir: string) => path.join(dataDir, "uploads");
export const uploadUrl = (name: string) => `${FILES_URL_PREFIX}${name}`;

const maxBytes = (type: SniffedType) => (type.kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES);
const tooLarge = (type: SniffedType) =>
  new AppError(413, type.kind === "image" ? "imageTooLarge" : "videoTooLarge", {
    mb: maxBytes(type) / (1024 * 1024),
  });

export interface IncomingFile {
  stream: AsyncIterable<Buffer>;
  /** True when the multipart parser cut the file at its hard limit. */
  truncated: () => boolean;
  /** Only this kind is accepted (a picker for images gets 415 "images only" for a video). */
  accept?: "image" | "video";
}

const wrongKind = (accept: "image" | "video") =>
  new AppError(415, accept === "image" ? "uploadImagesOnly" : "uploadVideosOnly");

/**
 * Stream an upload to disk. The first bytes decide the type (415 when unknown); the
 * stream is read to the end either way so the client gets a clean answer.
 */
export async function storeUpload(
  db: Db,
  dataDir: string,
  ownerId: number | null,
  purpose: UploadPurpose,
  file: IncomingFile,
): Promise<UploadResult> {
  const dir = uploadsDir(dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${randomBytes(8).toString("hex")}.part`);
  let out: fsp.FileHandle | null = null;
  let type: SniffedType | null = null;
  let failure: AppError | null = null;
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  try {
    for await (const chunk of file.stream) {
      if (failure) continue; // drain the rest, then answer
      size += chunk.length;
      if (!out) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes < SNIFF_BYTES) continue;
        type = sniff(Buffer.concat(head));
        if (!type) {
          failure = file.accept ? wrongKind(file.accept) : new AppError(415, "uploadTypeNotAllowed");
          continue;
        }
        if (file.accept && type.kind !== file.accept) {
          failure = wrongKind(file.accept);
          continue;
        }
        out = await fsp.open(tmp, "wx");
        await out.write(Buffer.concat(head));
      } else {
        await out.write(chunk);
      }
      if (type && size > maxBytes(type)) failure = tooLarge(type);
    }
    if (failure) throw failure;
    if (!out) {
      // A file shorter than the sniffing window.
      type = sniff(Buffer.concat(head));
      if (!type) throw file.accept ? wrongKind(file.accept) : new AppError(415, "uploadTypeNotAllowed");
      if (file.accept && type.kind !== file.accept) throw wrongKind(file.accept);
      out = await fsp.open(tmp, "wx");
      await out.write(Buffer.concat(head));
    }
    if (!type) throw new AppError(415, "uploadTypeNotAllowed");
    if (file.truncated()) throw tooLarge(type);
    await out.close();
    out = null;
    const name = `${randomBytes(16).toString("hex")}.${type.ext}`;
    await fsp.rename(tmp, path.join(dir, name));
    await db.insert(uploads).values({ name, ownerId, kind: type.kind, mime: type.mime, sizeBytes: size, purpose });
    return { url: uploadUrl(name), name, kind: type.kind, mime: type.mime, size };
  } finally {
    await out?.close();
    await fsp.rm(tmp, { force: true });
  }
}

export interface Viewer {
  id: number;
  role: string;
}

/** Open a stored file for a viewer; private files of someone else are simply not found. */
export async function openUpload(
  db: Db,
  dataDir: string,
  name: string,
  viewer: Viewer | null,
): Promise<{ stream: fs.ReadStream; mime: string; size: number; private: boolean }> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  if (!row) throw notFound();
  const isPrivate = row.purpose === "kyc";
  if (isPrivate && !(viewer && (viewer.id === row.ownerId || viewer.role === "operator"))) throw notFound();
  const file = path.join(uploadsDir(dataDir), row.name);
  try {
    await fsp.access(file);
  } catch {
    throw notFound();
  }
  return { stream: fs.createReadStream(file), mime: row.mime, size: row.sizeBytes, private: isPrivate };
}

/** The name inside an upload URL (or the name itself). */
const nameFromRef = (ref: string) => ref.trim().split("?")[0]?.split("/").pop() ?? "";

/** An image the caller uploaded, given by URL or name; anything else is a 400 naming the field. */
export async function resolveOwnImage(db: Db, ownerId: number, ref: string, field: string): Promise<number> {
  const [row] = await db
    .select({ id: uploads.id, kind: uploads.kind })
    .from(uploads)
    .where(and(eq(uploads.name, nameFromRef(ref)), eq(uploads.ownerId, ownerId)))
    .limit(1);
  if (row?.kind !== "image") throw badRequest("kycImageInvalid", { field });
  return row.id;
}

/** A stored upload given by URL or name: its owner (null for a chat guest's) and kind; null when unknown. */
export async function findUpload(
  db: Db,
  ref: string,
): Promise<{ name: string; ownerId: number | null; kind: string; purpose: string } | null> {
  const [row] = await db
    .select({ name: uploads.name, ownerId: uploads.ownerId, kind: uploads.kind, purpose: uploads.purpose })
    .from(uploads)
    .where(eq(uploads.name, nameFromRef(ref)))
    .limit(1);
  return row ?? null;
}

/** Identity documents become private once they are part of a verification. */
export async function markPrivate(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(uploads).set({ purpose: "kyc" }).where(inArray(uploads.id, ids));
}
