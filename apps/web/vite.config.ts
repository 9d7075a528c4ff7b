import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { pwa } from "./pwa.config";

// Two entry pages: the app (index.html) and the desktop frame (pc.html).
export default defineConfig({
  plugins: [react(), pwa()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
        pc: path.resolve(import.meta.dirname, "pc.html"),
      },
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
