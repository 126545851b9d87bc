import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatState,
  MESSAGE_MEDIA_MAX,
  type MessageMediaAccess,
  mayFetchMessageDerivative,
  messageMediaAccess,
  sendMessageSchema,
  unlockMessageSchema,
} from './chat.js';
import { CONTENT_PRICE_MAX_MINOR, CONTENT_PRICE_MIN_MINOR } from './content-price.js';
import { DERIVATIVE_KINDS } from './media.js';

describe('chatState', () => {
  it('is decided for every combination of block and chat perk', () => {
    const table = [
      { blocked: false, chatPerk: true, state: 'open' },
      { blocked: false, chatPerk: false, state: 'read_only' },
      { blocked: true, chatPerk: true, state: 'blocked' },
      { blocked: true, chatPerk: false, state: 'blocked' },
    ] as const;
    for (const { state, ...facts } of table) expect(chatState(facts), JSON.stringify(facts)).toBe(state);
  });
});

describe('sendMessageSchema', () => {
  const id = '18c0a1b2c3d4e5f';
  it('trims the text and refuses an empty or too long one', () => {
    expect(sendMessageSchema.parse({ id, text: '  hello  ' }).text).toBe('hello');
    expect(sendMessageSchema.safeParse({ id, text: '   ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id: 'not an id', text: 'hi' }).success).toBe(false);
  });

  it('takes media without text, but not nothing at all, nor the same item twice', () => {
    expect(sendMessageSchema.parse({ id, mediaIds: ['m1'] })).toEqual({ id, text: '', mediaIds: ['m1'], price: null });
    expect(sendMessageSchema.safeParse({ id, text: '', mediaIds: [] }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, text: 'hi', mediaIds: ['m1', 'm1'] }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, mediaIds: Array.from({ length: MESSAGE_MEDIA_MAX + 1 }, (_, i) => `m${i}`) }).success).toBe(
      false,
    );
  });
});

describe('messageMediaAccess', () => {
  const expected = (facts: {
    viewerIsParticipant: boolean;
    viewerIsSender: boolean;
    priceMinor: number | null;
    paid: boolean;
  }): MessageMediaAccess => {
    if (!facts.viewerIsParticipant) return 'none';
    if (facts.viewerIsSender) return 'full';
    if (facts.priceMinor === null) return 'full';
    return facts.paid ? 'full' : 'blurred';
  };

  it('is decided for every combination of participant, sender, price and payment', () => {
    let cases = 0;
    for (const viewerIsParticipant of [true, false])
      for (const viewerIsSender of [true, false])
        for (const priceMinor of [null, CONTENT_PRICE_MIN_MINOR, 999])
          for (const paid of [true, false]) {
            const facts = { viewerIsParticipant, viewerIsSender, priceMinor, paid };
            expect(messageMediaAccess(facts), JSON.stringify(facts)).toBe(expected(facts));
            cases += 1;
          }
    expect(cases).toBe(24);
  });

  it('shows an unpaid recipient only the blurred media, and outsiders nothing even when they paid', () => {
    expect(messageMediaAccess({ viewerIsParticipant: true, viewerIsSender: false, priceMinor: 500, paid: false })).toBe('blurred');
    expect(messageMediaAccess({ viewerIsParticipant: true, viewerIsSender: false, priceMinor: 500, paid: true })).toBe('full');
    expect(messageMediaAccess({ viewerIsParticipant: false, viewerIsSender: false, priceMinor: 500, paid: true })).toBe('none');
    expect(messageMediaAccess({ viewerIsParticipant: false, viewerIsSender: false, priceMinor: null, paid: false })).toBe('none');
  });
});

describe('mayFetchMessageDerivative', () => {
  it('gives full access every derivative, blurred access only the blurred ones, none nothing', () => {
    for (const kind of DERIVATIVE_KINDS) {
      const blurred = kind === 'blur' || kind === 'blurThumb';
      expect(mayFetchMessageDerivative('full', kind), kind).toBe(true);
      expect(mayFetchMessageDerivative('blurred', kind), kind).toBe(blurred);
      expect(mayFetchMessageDerivative('none', kind), kind).toBe(false);
    }
  });
});

describe('message price', () => {
  const id = '18c0a1b2c3d4e5f';
  it('is optional, only with media, a whole number of cents within the limits, in a supported currency', () => {
    expect(sendMessageSchema.parse({ id, text: 'hi' }).price).toBeNull();
    const priced = (amountMinor: number, currency = 'USD') => ({ id, mediaIds: ['m1'], price: { amountMinor, currency } });
    expect(sendMessageSchema.parse(priced(CONTENT_PRICE_MIN_MINOR)).price).toEqual({
      amountMinor: CONTENT_PRICE_MIN_MINOR,
      currency: 'USD',
    });
    expect(sendMessageSchema.safeParse(priced(CONTENT_PRICE_MAX_MINOR, 'EUR')).success).toBe(true);
    expect(sendMessageSchema.safeParse(priced(CONTENT_PRICE_MIN_MINOR - 1)).success).toBe(false);
    expect(sendMessageSchema.safeParse(priced(CONTENT_PRICE_MAX_MINOR + 1)).success).toBe(false);
    expect(sendMessageSchema.safeParse(priced(499.5)).success).toBe(false);
    expect(sendMessageSchema.safeParse(priced(500, 'XYZ')).success).toBe(false);
    expect(sendMessageSchema.safeParse({ id, text: 'no media', price: { amountMinor: 500, currency: 'USD' } }).success).toBe(false);
  });

  it('is unlocked with a saved method and a per-attempt key', () => {
    expect(unlockMessageSchema.safeParse({ paymentMethodId: '18c0a1b2c3d4e5f', idempotencyKey: 'a'.repeat(32) }).success).toBe(true);
    expect(unlockMessageSchema.safeParse({ paymentMethodId: '18c0a1b2c3d4e5f', idempotencyKey: 'short' }).success).toBe(false);
  });
});
