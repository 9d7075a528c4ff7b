// First-start credentials (the console admin's and the sandbox demo customer's passwords)
// are written to DATA_DIR/initial-credentials.txt, readable by the owner only (0600), never
// to stdout or the log: the start output says where the file is.
import fs from "node:fs";
import path from "node:path";

export const CREDENTIALS_FILE = "initial-credentials.txt";

/** Appends `text` to the credentials file (created 0600) and returns the file's path. */
export function writeCredentials(dataDir: string, text: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, CREDENTIALS_FILE);
  fs.appendFileSync(file, `${new Date().toISOString()}\n${text}\n\n`, { mode: 0o600 });
  // appendFile's mode applies only to a new file: an older file is tightened too.
  fs.chmodSync(file, 0o600);
  return file;
}

/**
 * Where seeded credentials go: the file in DATA_DIR (and one line on stdout naming it). With
 * no DATA_DIR (throw-away databases of tests, benches and the OpenAPI build) they go nowhere.
 */
export function credentialsSink(dataDir: string | undefined): (text: string) => void {
  return (text) => {
    if (!dataDir) return;
    const file = writeCredentials(dataDir, text);
    console.log(`Seeded account created: its first password is in ${file} (readable only by this user)`);
  };
}
