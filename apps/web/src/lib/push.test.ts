import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { fakePushBrowser } from '../test/push-browser';
import { applicationServerKey, disablePush, enablePush, PushUnavailableError, pushPermission, pushSupported } from './push';

// 65 bytes: 0x04 and 64 bytes of 0x01, as a VAPID public key is.
const KEY_BYTES = Uint8Array.from([4, ...new Array(64).fill(1)]);
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('push client', () => {
  it('decodes a base64url key into the bytes PushManager takes', () => {
    expect([...applicationServerKey(KEY)]).toEqual([...KEY_BYTES]);
    expect([...applicationServerKey('-_8')]).toEqual([0xfb, 0xff]);
  });

  it('is unsupported without a service worker and PushManager', () => {
    expect(pushSupported()).toBe(false);
    expect(pushPermission()).toBe('unsupported');
  });

  it('asks for permission, subscribes with the server key and stores the subscription', async () => {
    const browser = fakePushBrowser({ permission: 'default', prompt: 'granted' });
    restore = browser.restore;
    const stored: unknown[] = [];
    mockApi({
      'GET /api/push/public-key': () => ({ status: 200, body: { publicKey: KEY } }),
      'PUT /api/me/push-subscriptions': (body) => {
        stored.push(body);
        return { status: 204 };
      },
    });
    await enablePush();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const init = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(init?.userVisibleOnly).toBe(true);
    expect([...(init?.applicationServerKey ?? [])]).toEqual([...KEY_BYTES]);
    expect(stored).toEqual([
      { endpoint: 'https://push.example/send/1', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
    ]);

    // Again: the subscription made with this key is kept, not made anew.
    await enablePush();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(stored).toHaveLength(2);
  });

  it('replaces a subscription made with another key', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    restore = browser.restore;
    const old = browser.subscribeWith(new Uint8Array(65).fill(9));
    mockApi({
      'GET /api/push/public-key': () => ({ status: 200, body: { publicKey: KEY } }),
      'PUT /api/me/push-subscriptions': () => ({ status: 204 }),
    });
    await enablePush();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('stops when notifications are blocked, and unsubscribes here and at the server', async () => {
    const browser = fakePushBrowser({ permission: 'default', prompt: 'denied' });
    restore = browser.restore;
    const fetchMock = mockApi({
      'DELETE /api/me/push-subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fsend%2F1': () => ({ status: 204 }),
    });
    await expect(enablePush()).rejects.toBeInstanceOf(PushUnavailableError);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    const subscription = browser.subscribeWith(applicationServerKey(KEY));
    await disablePush();
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith('/api/me/push-subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fsend%2F1', expect.anything());
  });
});
