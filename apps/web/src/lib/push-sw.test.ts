import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/push-sw.js'), 'utf8');

type Listener = (event: { waitUntil(promise: Promise<unknown>): void } & Record<string, unknown>) => void;

/** The push script in a service worker's global scope of our own making; returns its listeners and the scope's fakes. */
function loadWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const clients = windows.map((window) => ({
    url: window.url,
    focus: vi.fn(async function (this: unknown) {
      return this;
    }),
    navigate: vi.fn(async () => null),
  }));
  const scope = {
    location: { origin: 'https://aurum.example' },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  runInNewContext(SCRIPT, { self: scope, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise) => pending.push(promise) });
    await Promise.all(pending);
  };
  return { scope, clients, dispatch };
}

const pushData = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) });

describe('the push service worker', () => {
  it('shows the notification a push message carries', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('push', {
      data: pushData({ kind: 'chatMessage', title: 'Ada', body: 'Hello!', url: '/chat/c1', tag: 'chat-c1' }),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Ada', {
      body: 'Hello!',
      tag: 'chat-c1',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: '/chat/c1' },
    });
  });

  it('still shows something for a message it cannot read, and never sends a tap off the site', async () => {
    const { scope, dispatch } = loadWorker();
    await dispatch('push', { data: pushData('not json {') });
    await dispatch('push', { data: pushData({ title: 'Hi', url: '//evil.example/x' }) });
    await dispatch('push', { data: null });
    // A backslash reads as a slash: another site, however it is spelled.
    await dispatch('push', { data: pushData({ title: 'Sly', url: '/\\evil.example/x' }) });
    await dispatch('push', { data: pushData({ title: 'Sly', url: '/\t/evil.example/x' }) });
    await dispatch('push', { data: pushData({ title: 'Fine', url: '/posts/p1?from=push#media' }) });
    const calls = scope.registration.showNotification.mock.calls as unknown as [string, { data: { url: string } }][];
    expect(calls.map(([title, options]) => [title, options.data.url])).toEqual([
      ['Aurum', '/'],
      ['Hi', '/'],
      ['Aurum', '/'],
      ['Sly', '/'],
      ['Sly', '/'],
      ['Fine', '/posts/p1?from=push#media'],
    ]);
  });

  it('opens the page of a tapped notification in an open window of the app, else in a new one', async () => {
    const open = loadWorker([{ url: 'https://aurum.example/home' }]);
    const close = vi.fn();
    await open.dispatch('notificationclick', { notification: { close, data: { url: '/posts/p1' } } });
    expect(close).toHaveBeenCalled();
    expect(open.clients[0]?.focus).toHaveBeenCalled();
    expect(open.clients[0]?.navigate).toHaveBeenCalledWith('https://aurum.example/posts/p1');
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();

    const tampered = loadWorker([{ url: 'https://aurum.example/home' }]);
    await tampered.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/\\evil.example' } } });
    expect(tampered.clients[0]?.navigate).toHaveBeenCalledWith('https://aurum.example/');

    const none = loadWorker();
    await none.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/chat/c1' } } });
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith('https://aurum.example/chat/c1');
  });
});
