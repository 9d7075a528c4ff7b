// Data rights: download my data (a zip prepared by a job, offered 7 days) and close my
// account. Shapes: ../endpoints/privacy.ts.
export const privacyPaths = {
  dataExport: "/api/user/dataExport",
  /** The zip itself (a stream, not an envelope): `?id=&exp=&sig=`, the signed link `url` gives. */
  dataExportFile: "/api/user/dataExport/file",
  close: "/api/user/close",
  closeCheck: "/api/user/close/check",
} as const;
