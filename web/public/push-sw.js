// Pushes and their taps, for the service worker Workbox generates (vite.config.ts imports this).
// A push carries a title, one short line, the page to open and a tag: a newer push with the same
// tag (one chat) replaces the one before it.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title : "Campus Bazaar";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      renotify: typeof data.tag === "string",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: {
        url:
          typeof data.url === "string" && data.url.startsWith("/") && !data.url.startsWith("//")
            ? data.url
            : "/notifications",
      },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/notifications", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
