import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { antdImports, nativeResizeObserver, rcUtilEs } from "./build/antd-imports.ts";
import { chunkGroups } from "./build/chunks.ts";
import { firstScreenPreload } from "./build/first-screen.ts";
import { preactAliases, withoutPreactWarnings } from "./build/preact.ts";
import { precompress } from "./build/precompress.ts";
import { shellModules } from "./build/shell-modules.ts";
import { pwa } from "./pwa.config.ts";

// Two entry pages: the app (index.html) and the desktop frame (pc.html). The app runs on
// Preact (build/preact.ts): React's Fast Refresh does not drive it, so in `npm run dev` an
// edit reloads the page.
export default defineConfig({
  plugins: [antdImports(), shellModules(), react({ refreshExclude: /./ }), firstScreenPreload(), pwa(), precompress()],
  resolve: { alias: [...preactAliases, rcUtilEs, nativeResizeObserver] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
        pc: path.resolve(import.meta.dirname, "pc.html"),
      },
      output: { codeSplitting: { groups: chunkGroups } },
      onLog: withoutPreactWarnings,
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:8080", ws: true },
      "/dev": { target: "http://127.0.0.1:8080" },
    },
  },
});
