/*
 * Web push in the service worker (imported by the generated one, see vite.config.ts): shows
 * the notification a push message carries, and opens its page when it is tapped, in a window
 * of the app that is already open when there is one.
 *
 * A message is JSON: { kind, title, body, url, tag } (pushNotificationSchema in @aurum/core).
 */

/**
 * A page of this site, as the path a tap opens; '/' for anything else. Read as the browser reads
 * it (a backslash is a slash, `//host` another site), so only what resolves to this origin passes.
 */
function inAppPath(url) {
  if (!url?.startsWith('/')) return '/';
  try {
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The notification a push message asks for; a message that cannot be read still shows something, as browsers require. */
function notificationOf(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  const text = (value) => (typeof value === 'string' && value ? value : undefined);
  const url = inAppPath(text(message?.url));
  return {
    title: text(message?.title) ?? 'Aurum',
    options: {
      body: text(message?.body) ?? '',
      tag: text(message?.tag),
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url },
    },
  };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(inAppPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((focused) => (focused && 'navigate' in focused ? focused.navigate(target) : null));
      }
      return self.clients.openWindow(target);
    }),
  );
});
