// File upload and file serving. Shapes: ../endpoints/uploads.ts.
export const uploadPaths = {
  upload: "/api/sys/common/upload",
  /** A stored file (served as a file stream, not an envelope: no endpoint in the table). */
  file: "/api/sys/common/files/:name",
} as const;
