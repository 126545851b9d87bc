import { vi } from 'vitest';

export interface FakePushSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

/**
 * A browser with a service worker, Notification and PushManager for the push code: the
 * permission it has and what the prompt answers, and the subscriptions PushManager makes.
 * `restore()` takes the service worker away again (stubbed globals go after each test).
 */
export function fakePushBrowser(options: { permission: NotificationPermission; prompt?: NotificationPermission }) {
  const state: { subscription: FakePushSubscription | null } = { subscription: null };
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = options.prompt ?? 'granted';
    return FakeNotification.permission;
  });
  const FakeNotification: { permission: NotificationPermission; requestPermission: typeof requestPermission } = {
    permission: options.permission,
    requestPermission,
  };
  const makeSubscription = (key: ArrayBuffer, n: number): FakePushSubscription => {
    const endpoint = `https://push.example/send/${n}`;
    const subscription: FakePushSubscription = {
      endpoint,
      options: { applicationServerKey: key },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: vi.fn(async () => {
        if (state.subscription === subscription) state.subscription = null;
        return true;
      }),
    };
    return subscription;
  };
  let made = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (init: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      state.subscription = makeSubscription(init.applicationServerKey.slice().buffer as ArrayBuffer, ++made);
      return state.subscription;
    }),
  };
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }), getRegistration: async () => ({ pushManager }) },
  });
  return {
    state,
    pushManager,
    requestPermission,
    subscribeWith: (key: Uint8Array) => {
      state.subscription = makeSubscription(key.slice().buffer as ArrayBuffer, ++made);
      return state.subscription;
    },
    restore: () => {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
}
