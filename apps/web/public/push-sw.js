// Web Push in the service worker (price alerts, issue 34 §5). Workbox's generated /sw.js
// loads this file (pwa.config.ts: importScripts). The server sends JSON
// {alertId, symbol, kind, value, price, title, body, url}, already in the language the
// device subscribed with; a click focuses an open app window (and navigates it to the
// url) or opens one. Only same-origin paths are opened.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//") ? data.url : "/";
  const title = typeof data.title === "string" && data.title ? data.title : "Candor";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: data.alertId ? `price-alert-${data.alertId}` : undefined,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path =
    event.notification.data && typeof event.notification.data.url === "string" ? event.notification.data.url : "/";
  const target = new URL(path.startsWith("/") && !path.startsWith("//") ? path : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((w) => (w && "navigate" in w ? w.navigate(target) : w));
      }
      return self.clients.openWindow(target);
    }),
  );
});
