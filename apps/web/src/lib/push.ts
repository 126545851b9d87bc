import type { PushPublicKey, PushSubscriptionInput } from '@aurum/core';
import { apiRequest } from './api/client';

/**
 * This browser's side of web push: the permission, the PushManager subscription made with the
 * server's VAPID key, and telling the server about it. The service worker shows what arrives
 * (public/push-sw.js).
 */

/** Whether this browser can take push messages here (a secure page with a service worker, Notification and PushManager). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** 'granted', 'denied' or 'default' (not asked yet); 'unsupported' where push cannot work. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The base64url key as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PushUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'denied' | 'off',
  ) {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

/** How long subscribing waits for the service worker to be active (it installs on the first visit). */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** The active service worker's registration, waiting for it a while; subscribing needs one. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushUnavailableError('The app is still installing in this browser. Try again in a moment.', 'unsupported')),
      SERVICE_WORKER_WAIT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's current subscription, if any (none without a service worker: `ready` would never settle then). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Asks for permission when not asked yet, subscribes this browser with the server's key (or
 * keeps its subscription when it was made with that key) and stores it at the server.
 */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailableError('This browser cannot show notifications from Aurum.', 'unsupported');
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    throw new PushUnavailableError('Notifications are blocked for Aurum. Allow them in the browser’s site settings.', 'denied');
  }
  const { publicKey } = await apiRequest<PushPublicKey>('GET', '/push/public-key');
  if (!publicKey) throw new PushUnavailableError('Push notifications are off on this server.', 'off');
  const key = applicationServerKey(publicKey);
  const { pushManager } = await activeRegistration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with a key the server no longer signs with: its messages would be refused.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiRequest<void>('PUT', '/me/push-subscriptions', subscription.toJSON() as PushSubscriptionInput);
}

/** Ends this browser's subscription, here and at the server (turning push off, signing out). */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest<void>('DELETE', `/me/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
  await subscription.unsubscribe();
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}
