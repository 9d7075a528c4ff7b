// Decide a file's type from its first bytes (magic numbers), never from its name or
// the client's Content-Type. Only the formats the app can show are recognised.

export interface SniffedType {
  kind: "image" | "video";
  mime: string;
  ext: string;
}

/** Bytes needed to recognise every supported format. */
export const SNIFF_BYTES = 64;

const ascii = (buf: Uint8Array, start: number, end: number) => Buffer.from(buf.subarray(start, end)).toString("latin1");

/** ISO base media (ftyp) brands of MP4 and QuickTime video; audio-only brands (M4A) are not accepted. */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "mmp4",
  "MSNV",
  "3gp4",
  "3gp5",
  "3gp6",
]);

export function sniff(head: Uint8Array): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: "image", mime: "image/jpeg", ext: "jpg" };
  }
  if (head.length >= 8 && ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") {
    return { kind: "image", mime: "image/png", ext: "png" };
  }
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) {
    return { kind: "image", mime: "image/gif", ext: "gif" };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { kind: "image", mime: "image/webp", ext: "webp" };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "qt  ") return { kind: "video", mime: "video/quicktime", ext: "mov" };
    if (MP4_BRANDS.has(brand)) return { kind: "video", mime: "video/mp4", ext: "mp4" };
    return null;
  }
  // WebM is Matroska (EBML) with DocType "webm" in the header; plain .mkv is not accepted.
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    if (ascii(head, 4, Math.min(head.length, SNIFF_BYTES)).includes("webm")) {
      return { kind: "video", mime: "video/webm", ext: "webm" };
    }
  }
  return null;
}
