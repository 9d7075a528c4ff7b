// Image compression before upload (docs/product.md "Accounts → Uploads"). The decision is a
// pure function of the file's size, type and pixel width (unit-tested as a table); the
// canvas part runs in the browser.
import { i18n } from "./i18n";

const KB = 1024;
const MB = 1024 * KB;

/** Files under this size are uploaded as they are. */
export const UNCHANGED_BELOW_BYTES = 200 * KB;
/** Output width in pixels (smaller images are not enlarged). */
export const OUTPUT_WIDTH_PX = 1080;
/** PNGs above about this size become JPEG on a white background. */
export const PNG_TO_JPEG_ABOVE_BYTES = 2_048_000;

/** Quality by size: the first band whose upper bound (inclusive) holds the file. */
const QUALITY_BANDS: readonly [maxBytes: number, quality: number][] = [
  [512 * KB, 0.9],
  [1 * MB, 0.8],
  [2 * MB, 0.85],
  [10 * MB, 0.8],
  [20 * MB, 0.75],
];
/** Beyond the last band (docs/product.md stops at 20 MB): keep the lowest quality. */
const QUALITY_ABOVE_BANDS = 0.75;

/** Types a canvas can encode; others (BMP, HEIC…) come out as JPEG. */
const ENCODABLE = new Set(["image/jpeg", "image/png", "image/webp"]);

export interface ImageFacts {
  size: number;
  type: string;
  /** Natural width in pixels. */
  width: number;
}

export interface CompressPlan {
  quality: number;
  outputType: string;
  width: number;
}

export function compressionQuality(size: number): number {
  for (const [maxBytes, quality] of QUALITY_BANDS) if (size <= maxBytes) return quality;
  return QUALITY_ABOVE_BANDS;
}

export function planCompression({ size, type, width }: ImageFacts): CompressPlan | "unchanged" {
  if (size < UNCHANGED_BELOW_BYTES) return "unchanged";
  const mime = type === "image/jpg" ? "image/jpeg" : type;
  let outputType = ENCODABLE.has(mime) ? mime : "image/jpeg";
  if (mime === "image/png" && size > PNG_TO_JPEG_ABOVE_BYTES) outputType = "image/jpeg";
  return { quality: compressionQuality(size), outputType, width: Math.min(width, OUTPUT_WIDTH_PX) };
}

/** The file name after a type change: "scan.png" as JPEG → "scan.jpg". */
export function outputName(name: string, outputType: string): string {
  const ext = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" }[outputType];
  if (!ext) return name;
  const base = name.replace(/\.[^./\\]*$/, "") || "image";
  const current = name.slice(base.length + 1).toLowerCase();
  if (current === ext || (ext === "jpg" && current === "jpeg")) return name;
  return `${base}.${ext}`;
}

export type ImageErrorReason = "notImage" | "readFailed" | "loadFailed";

/** One of the three compression failures, with a translated message. */
export class ImageCompressError extends Error {
  constructor(readonly reason: ImageErrorReason) {
    super(i18n.t(`upload:${reason}`));
    this.name = "ImageCompressError";
  }
}

export const isImageFile = (file: Blob) => file.type.startsWith("image/");

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new ImageCompressError("readFailed"));
    reader.onerror = () => reject(new ImageCompressError("readFailed"));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve(img) : reject(new ImageCompressError("loadFailed")));
    img.onerror = () => reject(new ImageCompressError("loadFailed"));
    img.src = src;
  });
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImageCompressError("loadFailed"))), type, quality),
  );
}

/**
 * Compress an image for upload. Resolves with the original file when it is small (or
 * when re-encoding would not make it smaller without a resize or type change);
 * rejects with an ImageCompressError otherwise.
 */
export async function compressImage(file: File): Promise<File> {
  if (!isImageFile(file)) throw new ImageCompressError("notImage");
  if (file.size < UNCHANGED_BELOW_BYTES) return file;
  const img = await loadImage(await readAsDataUrl(file));
  const plan = planCompression({ size: file.size, type: file.type, width: img.naturalWidth });
  if (plan === "unchanged") return file;
  const canvas = document.createElement("canvas");
  canvas.width = plan.width;
  canvas.height = Math.max(1, Math.round((img.naturalHeight * plan.width) / img.naturalWidth));
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new ImageCompressError("loadFailed");
  if (plan.outputType === "image/jpeg") {
    // JPEG has no transparency: paint white under the image instead of black.
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const blob = await encode(canvas, plan.outputType, plan.quality);
  const sameShape = plan.width === img.naturalWidth && plan.outputType === file.type;
  if (sameShape && blob.size >= file.size) return file;
  // A browser that cannot encode the asked type falls back to PNG: name the file after what it got.
  const type = blob.type || plan.outputType;
  return new File([blob], outputName(file.name, type), { type, lastModified: Date.now() });
}
