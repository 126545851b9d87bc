import { describe, expect, it } from 'vitest';
import { notificationExcerpt, pushSubscriptionSchema } from './push.js';

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe('push subscriptions', () => {
  it('takes what PushSubscription.toJSON() gives', () => {
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys };
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
  });

  it('refuses keys of the wrong size or form, and endpoints that are not http(s)', () => {
    const endpoint = 'https://push.example/1';
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { ...keys, p256dh: `A${'A'.repeat(86)}` } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { ...keys, p256dh: 'B'.repeat(80) } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint, keys: { ...keys, auth: 'A+A/'.repeat(5) } }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'javascript:alert(1)', keys }).success).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint: `https://push.example/${'a'.repeat(2100)}`, keys }).success).toBe(false);
  });
});

describe('notificationExcerpt', () => {
  it('flattens white space and cuts long text at a word with an ellipsis', () => {
    expect(notificationExcerpt('  Hello\n\n there  ')).toBe('Hello there');
    const long = 'word '.repeat(60);
    const cut = notificationExcerpt(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toBe('word word word word word word word…');
  });
});
