// Uploads through the API client: images are compressed first (image-compress.ts).
import type { UploadResult } from "@candor/contract";
import { uploadPaths } from "@candor/contract/paths";
import { api } from "./api-client";
import { compressImage } from "./image-compress";

export const UPLOAD_PATH = uploadPaths.upload;
export type UploadPurpose = "general" | "kyc";

/** Post one file as multipart field `file`. */
export function uploadFile(file: Blob, purpose: UploadPurpose = "general", fileName?: string): Promise<UploadResult> {
  const form = new FormData();
  form.append("file", file, fileName ?? (file instanceof File ? file.name : "upload"));
  // Large files on slow phone networks: allow more than the default minute.
  return api.post(UPLOAD_PATH, form, { query: { purpose }, timeoutMs: 180_000 });
}

/** Compress an image (rejects with ImageCompressError) and upload it. */
export async function uploadImage(file: File, purpose: UploadPurpose = "general"): Promise<UploadResult> {
  return uploadFile(await compressImage(file), purpose);
}
