// Uploaded files: the type comes from the content (magic bytes), the size is capped per
// kind while streaming, files get random names under DATA_DIR/uploads. Every file is
// private (anyone else gets 404): its owner and staff read it; a chat file also the chat
// token of its conversation (the route asks the chat module) and a short-lived signed URL
// (`?exp=&sig=`, put into chat messages so <img>/<video> can show it); identity documents
// (`kyc`) only their owner and staff of a role that reviews identities (support, compliance,
// admin), never through a signature.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { type UploadResult, uploadPaths } from "@candor/contract";
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { uploads } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { SNIFF_BYTES, type SniffedType, sniff } from "./sniff";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const FILES_URL_PREFIX = uploadPaths.file.replace(":name", "");

/** `chat`: sent in support chat (removed with the conversation after its retention period). */
export type UploadPurpose = "general" | "kyc" | "chat";

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
  /** Called with the size once the whole file is in (before it is kept); throwing refuses it. */
  admit?: (size: number) => Promise<void>;
}

/** Who uploaded a file without an account (a chat guest): for the guest quota. */
export interface GuestUploader {
  guestId: number;
  deviceId: string;
  ip: string;
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
  guest?: GuestUploader,
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
    await file.admit?.(size);
    await out.close();
    out = null;
    const name = `${randomBytes(16).toString("hex")}.${type.ext}`;
    await fsp.rename(tmp, path.join(dir, name));
    await db.insert(uploads).values({
      name,
      ownerId,
      kind: type.kind,
      mime: type.mime,
      sizeBytes: size,
      purpose,
      guestId: guest?.guestId ?? null,
      deviceId: guest?.deviceId ?? null,
      clientIp: guest?.ip ?? null,
    });
    return { url: uploadUrl(name), name, kind: type.kind, mime: type.mime, size };
  } finally {
    await out?.close();
    await fsp.rm(tmp, { force: true });
  }
}

/** Who asks for a file. */
export interface FileReader {
  /** A customer's session. */
  userId: number | null;
  /** A staff session's role (null for anyone else). */
  staffRole: string | null;
  /** The URL's `exp` and `sig` (seconds since the epoch, signature). */
  exp?: number | undefined;
  sig?: string | undefined;
  /** Whether the request's chat token may read this chat file (asked last). */
  chat?: (name: string) => Promise<boolean>;
}

/** Staff roles that review identities (the KYC list's): they may open identity documents. */
export const PRIVATE_FILE_STAFF_ROLES: readonly string[] = ["support", "compliance", "admin"];

const HOUR_MS = 3_600_000;

const signature = (key: Buffer, name: string, exp: number) =>
  createHmac("sha256", key).update(`${name}\n${exp}`).digest("base64url").slice(0, 32);

/**
 * A URL that reads a (non-KYC) file without a token until it expires: between one and two
 * hours from now (the expiry is rounded up to the hour, so the same file keeps the same URL
 * for an hour and the browser's cache works). Only the server makes them.
 */
export function signedUploadUrl(key: Buffer, name: string, nowMs = Date.now()): string {
  const exp = Math.floor((Math.ceil(nowMs / HOUR_MS) * HOUR_MS + HOUR_MS) / 1000);
  return `${uploadUrl(name)}?exp=${exp}&sig=${signature(key, name, exp)}`;
}

function validSignature(key: Buffer, name: string, exp: number | undefined, sig: string | undefined): boolean {
  if (exp === undefined || !sig || exp * 1000 < Date.now()) return false;
  const want = Buffer.from(signature(key, name, exp));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Open a stored file for a reader; a file the reader may not see is simply not found. */
export async function openUpload(
  db: Db,
  dataDir: string,
  name: string,
  reader: FileReader,
  key: Buffer,
): Promise<{ stream: fs.ReadStream; mime: string; size: number; private: boolean; ownerId: number | null }> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  if (!row) throw notFound();
  const isPrivate = row.purpose === "kyc";
  const own = reader.userId !== null && reader.userId === row.ownerId;
  const staff = reader.staffRole !== null && (!isPrivate || PRIVATE_FILE_STAFF_ROLES.includes(reader.staffRole));
  const allowed =
    staff ||
    own ||
    (!isPrivate &&
      (validSignature(key, row.name, reader.exp, reader.sig) || (reader.chat ? await reader.chat(row.name) : false)));
  if (!allowed) throw notFound();
  const file = path.join(uploadsDir(dataDir), row.name);
  try {
    await fsp.access(file);
  } catch {
    throw notFound();
  }
  return {
    stream: fs.createReadStream(file),
    mime: row.mime,
    size: row.sizeBytes,
    private: isPrivate,
    ownerId: row.ownerId,
  };
}

/**
 * The name inside a reference to an upload: exactly the URL the upload endpoint returned
 * (`/api/sys/common/files/<name>`) or the bare name. Anything else — another host, another
 * path, a query — names no upload ("" matches none).
 */
const REF = /^(?:\/api\/sys\/common\/files\/)?([a-f0-9]{32}\.[a-z0-9]{2,4})$/;
export const nameFromRef = (ref: string) => REF.exec(ref.trim())?.[1] ?? "";

/**
 * An image the caller uploaded outside chat, given by its URL or name; anything else (another
 * host, someone else's file, a chat file) is a 400 naming the field. Returns its id and the
 * canonical URL to store.
 */
export async function resolveOwnImage(
  db: Db,
  ownerId: number,
  ref: string,
  field: string,
): Promise<{ id: number; url: string }> {
  const [row] = await db
    .select({ id: uploads.id, kind: uploads.kind, name: uploads.name, purpose: uploads.purpose })
    .from(uploads)
    .where(and(eq(uploads.name, nameFromRef(ref)), eq(uploads.ownerId, ownerId)))
    .limit(1);
  if (row?.kind !== "image" || row.purpose === "chat") throw badRequest("kycImageInvalid", { field });
  return { id: row.id, url: uploadUrl(row.name) };
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

/** A chat guest's daily upload allowance, per device and per client address. */
export const GUEST_UPLOADS_PER_DAY = 20;
export const GUEST_UPLOAD_BYTES_PER_DAY = 200 * 1024 * 1024;

/**
 * Refuses (429) a guest's upload that would pass the allowance of the last 24 hours (real
 * time: it is abuse control, not a business rule) on its device or its address.
 */
export async function checkGuestQuota(db: Db, guest: GuestUploader, size: number): Promise<void> {
  const since = sql`now() - interval '1 day'`;
  const [used] = await db
    .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` })
    .from(uploads)
    .where(and(gt(uploads.createdAt, since), or(eq(uploads.deviceId, guest.deviceId), eq(uploads.clientIp, guest.ip))));
  const files = Number(used?.files ?? 0);
  const bytes = Number(used?.bytes ?? 0);
  if (files >= GUEST_UPLOADS_PER_DAY || bytes + size > GUEST_UPLOAD_BYTES_PER_DAY) {
    throw new AppError(429, "chatGuestUploadQuota", {
      files: GUEST_UPLOADS_PER_DAY,
      mb: GUEST_UPLOAD_BYTES_PER_DAY / (1024 * 1024),
    });
  }
}

/** Removes stored files and their rows (the chat retention job); returns how many went. */
export async function removeUploads(db: Db, dataDir: string, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  for (const name of names) await fsp.rm(path.join(uploadsDir(dataDir), name), { force: true });
  const gone = await db.delete(uploads).where(inArray(uploads.name, names)).returning({ id: uploads.id });
  return gone.length;
}

// Data rights (modules/privacy): what this module holds about a customer.
export { type ExportFile, readUserFiles, removeUploadFiles, uploadRowsOf } from "./data-rights";
