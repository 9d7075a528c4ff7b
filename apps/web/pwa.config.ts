// The installable app: a Workbox service worker (vite-plugin-pwa, generateSW) that
// precaches the shell and shows /offline.html when a page navigation fails offline.
// The manifest is our own file, apps/web/public/manifest.webmanifest.
import { VitePWA } from "vite-plugin-pwa";

export function pwa() {
  return VitePWA({
    // A new build's worker takes over at once (skipWaiting + clientsClaim): no stale
    // assets after a rebuild.
    registerType: "autoUpdate",
    // Registered by the app itself once its first screen is up (src/start.tsx): a
    // /registerSW.js script in the page would be one more request before the first paint.
    injectRegister: false,
    manifest: false,
    workbox: {
      // The shell: scripts, styles, pages, icons and the offline page. Money data
      // (/api) and the sandbox outbox (/dev) are never cached.
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      // The chart library chunk is precached too (it is under this limit); anything
      // larger loads from the network only.
      maximumFileSizeToCacheInBytes: 600 * 1024,
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // Web Push (price alerts): the push and notificationclick handlers (public/push-sw.js).
      importScripts: ["/push-sw.js"],
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Pages always come from the network; offline, the precached offline page.
          urlPattern: ({ request, url }) =>
            request.mode === "navigate" && !url.pathname.startsWith("/api") && !url.pathname.startsWith("/dev"),
          handler: "NetworkOnly",
          options: { precacheFallback: { fallbackURL: "/offline.html" } },
        },
      ],
    },
  });
}
