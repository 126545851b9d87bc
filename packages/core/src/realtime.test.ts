import { describe, expect, it } from 'vitest';
import { realtimeReconnectDelayMs } from './realtime.js';
import { realtimeClientMessageSchema } from './realtime-schemas.js';

describe('realtime reconnect schedule (spec section 9)', () => {
  it('waits 1 s for the first 5 attempts, 5 s below 15, 10 s below 100, then 60 s', () => {
    const delays = Array.from({ length: 120 }, (_, i) => realtimeReconnectDelayMs(i + 1));
    expect(delays.slice(0, 5)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(new Set(delays.slice(5, 14))).toEqual(new Set([5000]));
    expect(delays[13]).toBe(5000);
    expect(delays[14]).toBe(10_000);
    expect(new Set(delays.slice(14, 99))).toEqual(new Set([10_000]));
    expect(delays[99]).toBe(60_000);
    expect(new Set(delays.slice(99))).toEqual(new Set([60_000]));
  });
});

describe('realtime client messages', () => {
  it('accepts subscribing to user and chat channels only', () => {
    expect(realtimeClientMessageSchema.safeParse({ type: 'subscribe', channel: 'user:u_1' }).success).toBe(true);
    expect(realtimeClientMessageSchema.safeParse({ type: 'unsubscribe', channel: 'chat:abc-DEF' }).success).toBe(true);
    for (const bad of [
      { type: 'subscribe', channel: 'admin:all' },
      { type: 'subscribe', channel: 'user:' },
      { type: 'subscribe', channel: 'user:a b' },
      { type: 'subscribe' },
      { type: 'publish', channel: 'user:x' },
    ]) {
      expect(realtimeClientMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
