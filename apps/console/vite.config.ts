// The operator console: its own desktop app (antd), built into dist/ and served by the
// API server at /console/ (apps/server/src/plugins/console.ts).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
// Same brotli/gzip step as the customer app (the server sends the files as they are).
import { precompress } from "../web/build/precompress.ts";

export default defineConfig({
  base: "/console/",
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5174,
    proxy: {
      "/api": { target: "http://127.0.0.1:8080", ws: true },
    },
  },
});
