import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'whsec_unit_test_secret';
const NOW = new Date('2026-11-20T12:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const BODY = Buffer.from('{"id":"evt_1","type":"identity.verification_session.verified"}');
/** Computed independently of the module under test, as Stripe documents it. */
const stripeSignature = (secret: string, timestamp: number, body: Buffer) =>
  createHmac('sha256', secret)
    .update(`${timestamp}.${body.toString('utf8')}`)
    .digest('hex');

const check = (header: string | string[] | undefined, now = NOW, payload = BODY) =>
  verifyWebhookSignature({ header, payload, secret: SECRET, now });

describe('verifyWebhookSignature', () => {
  it('accepts the signature Stripe sends, and signs the same way', () => {
    const header = `t=${T},v1=${stripeSignature(SECRET, T, BODY)}`;
    expect(signWebhookPayload(SECRET, BODY, T)).toBe(header);
    expect(check(header)).toEqual({ ok: true, timestamp: T });
    expect(check(`t=${T},v1=${stripeSignature(SECRET, T, BODY).toUpperCase()}`).ok).toBe(true);
  });

  it('accepts when any of several v1 values matches (secret rolling) and ignores other schemes', () => {
    const good = stripeSignature(SECRET, T, BODY);
    const other = stripeSignature('whsec_old', T, BODY);
    expect(check(`t=${T},v1=${other},v1=${good}`).ok).toBe(true);
    expect(check(`t=${T},v0=${good},v1=${other}`)).toEqual({ ok: false, reason: 'no_match' });
  });

  it('refuses a wrong secret, a changed body or a changed timestamp', () => {
    expect(check(`t=${T},v1=${stripeSignature('whsec_wrong', T, BODY)}`)).toEqual({ ok: false, reason: 'no_match' });
    expect(check(`t=${T},v1=${stripeSignature(SECRET, T, BODY)}`, NOW, Buffer.from(`${BODY} `))).toEqual({ ok: false, reason: 'no_match' });
    expect(check(`t=${T - 1},v1=${stripeSignature(SECRET, T, BODY)}`)).toEqual({ ok: false, reason: 'no_match' });
  });

  it('refuses timestamps more than five minutes away, in either direction', () => {
    const at = (timestamp: number) => `t=${timestamp},v1=${stripeSignature(SECRET, timestamp, BODY)}`;
    expect(check(at(T - 300)).ok).toBe(true);
    expect(check(at(T - 301))).toEqual({ ok: false, reason: 'stale' });
    expect(check(at(T + 301))).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses missing and malformed headers', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(check('')).toEqual({ ok: false, reason: 'missing' });
    expect(check(['a', 'b'])).toEqual({ ok: false, reason: 'missing' });
    expect(check(`v1=${stripeSignature(SECRET, T, BODY)}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=${T}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(`t=${T},v1=abc`)).toEqual({ ok: false, reason: 'malformed' });
    expect(check('t=soon,v1=zz')).toEqual({ ok: false, reason: 'malformed' });
  });
});
