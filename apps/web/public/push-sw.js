/*
 * Web push in the service worker (imported by the generated one, see vite.config.ts): shows
 * the notification a push message carries, and opens its page when it is tapped, in a window
 * of the app that is already open when there is one.
 *
 * A message is JSON: { kind, title, body, url, tag } (pushNotificationSchema in @aurum/core).
 */

/** The notification a push message asks for; a message that cannot be read still shows something, as browsers require. */
function notificationOf(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  const text = (value) => (typeof value === 'string' && value ? value : undefined);
  const url = text(message?.url)?.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
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
  const path = event.notification.data?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
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
