// Where the server's own files are on disk, found the same way whether this code runs
// from src/ (tsx, tests) or bundled into dist/server.js (npm start): the nearest folder
// above this file that holds the server's package.json.
import fs from "node:fs";
import path from "node:path";

function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** apps/server */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository root (apps/server/../..). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, "../..");
