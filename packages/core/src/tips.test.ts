import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_SETTINGS, TIP_MAX_MINOR, tipAmountMessage, tipAmountProblem, tipPlaceOf, tipRequestSchema } from './tips.js';

const settings = { enabled: true, currency: 'EUR', minimumMinor: 500 } as const;

describe('tipAmountProblem', () => {
  it('takes any amount from the creator’s minimum to the platform’s maximum, in the creator’s currency', () => {
    expect(tipAmountProblem({ amountMinor: 500, currency: 'EUR' }, settings)).toBeNull();
    expect(tipAmountProblem({ amountMinor: TIP_MAX_MINOR, currency: 'EUR' }, settings)).toBeNull();
    expect(tipAmountProblem({ amountMinor: 499, currency: 'EUR' }, settings)).toBe('below_minimum');
    expect(tipAmountProblem({ amountMinor: TIP_MAX_MINOR + 1, currency: 'EUR' }, settings)).toBe('above_maximum');
    expect(tipAmountProblem({ amountMinor: 500, currency: 'USD' }, settings)).toBe('wrong_currency');
  });

  it('refuses every amount while the creator takes no tips', () => {
    expect(tipAmountProblem({ amountMinor: 500, currency: 'EUR' }, { ...settings, enabled: false })).toBe('tips_disabled');
  });

  it('tells the member the creator’s terms', () => {
    expect(tipAmountMessage('below_minimum', settings)).toBe('The smallest tip this creator takes is €5.00.');
    expect(tipAmountMessage('wrong_currency', settings)).toBe('This creator takes tips in EUR.');
    expect(tipAmountMessage('above_maximum', DEFAULT_TIP_SETTINGS)).toBe('A tip is at most $500.00.');
  });
});

describe('tipRequestSchema', () => {
  const request = { amountMinor: 500, currency: 'EUR', paymentMethodId: 'pm1', idempotencyKey: 'key-0123456789abcdef' };

  it('keeps a message trimmed, and an empty one as none', () => {
    expect(tipRequestSchema.parse({ ...request, message: '  thanks!  ' }).message).toBe('thanks!');
    expect(tipRequestSchema.parse({ ...request, message: '   ' }).message).toBeNull();
  });

  it('refuses unknown fields, fractions of a cent and overlong messages', () => {
    expect(tipRequestSchema.safeParse({ ...request, threadId: 'c1' }).success).toBe(false);
    expect(tipRequestSchema.safeParse({ ...request, amountMinor: 5.5 }).success).toBe(false);
    expect(tipRequestSchema.safeParse({ ...request, message: 'x'.repeat(301) }).success).toBe(false);
  });

  it('is given on a post, in a chat or on the profile, never on a post and in a chat at once', () => {
    expect(tipPlaceOf(tipRequestSchema.parse({ ...request, postId: 'p1' }))).toBe('post');
    expect(tipPlaceOf(tipRequestSchema.parse({ ...request, chatId: 'c1' }))).toBe('chat');
    expect(tipPlaceOf(tipRequestSchema.parse(request))).toBe('profile');
    const both = tipRequestSchema.safeParse({ ...request, postId: 'p1', chatId: 'c1' });
    expect(both.error?.issues[0]?.path).toEqual(['chatId']);
  });
});
