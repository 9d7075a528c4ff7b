// Writes .br (brotli, max quality) and .gz (gzip level 9) beside every text asset of
// the build of 1 KB or more, so the server sends them as they are (@fastify/static
// `preCompressed`, apps/server/src/plugins/web.ts). No runtime dependency: node:zlib.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
export const MIN_BYTES = 1024;

export async function compressFile(file: string): Promise<boolean> {
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  return true;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}

/** Compress everything compressible under `dir` (the whole dist, public files included). */
export async function compressDir(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const f of walk(dir)) if (COMPRESSIBLE.test(f)) files.push(f);
  const done = await Promise.all(files.map(compressFile));
  return done.filter(Boolean).length;
}

export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "candor:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const n = await compressDir(outDir);
      this.info(`precompressed ${n} files (.br, .gz)`);
    },
  };
}
