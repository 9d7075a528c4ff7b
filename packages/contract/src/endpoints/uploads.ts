// File upload (multipart, field `file`). Files are served at uploadPaths.file as a stream
// (not an envelope), so that path has no entry here.
import { UploadQuery, UploadResult } from "../accounts";
import { endpoints } from "../endpoint";
import { uploadPaths as P } from "../paths/uploads";

export const uploadEndpoints = endpoints({
  upload: {
    method: "POST",
    path: P.upload,
    auth: "user",
    tags: ["accounts"],
    summary: "Upload an image (≤ 5 MB) or video (≤ 50 MB), multipart field `file`; type by content",
    query: UploadQuery,
    multipart: true,
    result: UploadResult,
    errors: [413, 415],
  },
});
