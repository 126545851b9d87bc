import { z } from './zod-config.js';

/** The length of base64url text (no padding) that encodes `bytes` bytes. */
const base64UrlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

const base64Url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`)
    .length(base64UrlLength(bytes), `${what} must encode ${bytes} bytes`);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's
 * endpoint, the browser's P-256 public key (an uncompressed point, 65 bytes) and its 16-byte
 * auth secret (RFC 8291). Whether the endpoint must be https is the server's call (production).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'The endpoint must be an http(s) URL.' }).max(2048, 'The endpoint is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64Url(65, 'p256dh').refine((key) => key.startsWith('B'), 'p256dh must be an uncompressed P-256 point'),
    auth: base64Url(16, 'auth'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Unsubscribing names the endpoint only. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/** The server's VAPID public key (base64url, 65 bytes), the applicationServerKey of PushManager.subscribe; null: push is off. */
export const pushPublicKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** The kinds of push notification, each with its own opt-in in personal details. */
export const PUSH_KINDS = ['newPost', 'chatMessage'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What a push message carries (encrypted to the browser, shown by the service worker): never
 * paid content, since a notification shows on a locked screen. `url` is a path of the app.
 */
export const pushNotificationSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string().max(120),
  body: z.string().max(240),
  url: z.string().startsWith('/'),
  /** Notifications with one tag replace each other (one per chat, one per post). */
  tag: z.string().max(128),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

/** Cuts text for a notification's body at a word, with an ellipsis. */
export function notificationExcerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
