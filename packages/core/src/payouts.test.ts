import { describe, expect, it } from 'vitest';
import { isScheduledDay, nextScheduledPayout } from './balances.js';
import {
  bankAccountInputSchema,
  compactAccountNumber,
  isValidAbaRoutingNumber,
  isValidIban,
  lastFour,
  type PayoutMethod,
  payoutMethodLabel,
} from './payouts.js';

describe('isValidIban', () => {
  it('accepts well-formed IBANs of several countries, however they are typed', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'FR14 2004 1010 0505 0001 3M02 606',
      'NL91ABNA0417164300',
      'be68-5390-0754-7034',
      'NO9386011117947',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('refuses a wrong check digit, a swapped pair, a wrong length and junk', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 01',
      'DE89 3704 0044 0532 0310 00',
      'DE89 3704 0044 0532 0130 000',
      'DE89 3704 0044 0532 0130',
      'XX00 0000 0000 0000',
      '1234567890123456',
      '',
    ]) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });
});

describe('isValidAbaRoutingNumber', () => {
  it('checks the 3-7-1 weighted sum', () => {
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber('011000015')).toBe(true);
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002')).toBe(false);
    expect(isValidAbaRoutingNumber('02100002a')).toBe(false);
  });
});

describe('masking', () => {
  it('keeps the last four characters of the compacted number only', () => {
    expect(compactAccountNumber(' de89 3704-0044 ')).toBe('DE8937040044');
    expect(lastFour('DE89 3704 0044 0532 0130 00')).toBe('3000');
    expect(lastFour('FR14 2004 1010 0505 0001 3M02 606')).toBe('2606');
    expect(lastFour('12-34')).toBe('1234');
  });

  it('labels methods the way the product shows them', () => {
    const base = { id: 'm1', active: true, createdAt: '2026-01-01T00:00:00.000Z' };
    const bank: PayoutMethod = {
      ...base,
      type: 'bank_account',
      details: { holderName: 'Ada', country: 'DE', currency: 'EUR', last4: '3000', accountKind: 'iban' },
    };
    expect(payoutMethodLabel(bank)).toBe('Bank account ending in 3000');
    expect(payoutMethodLabel({ ...base, type: 'paypal', details: { email: 'ada@example.com' } })).toBe('PayPal - ada@example.com');
  });
});

describe('bankAccountInputSchema', () => {
  const valid = { type: 'bank_account', holderName: 'Ada', country: 'de', currency: 'eur', iban: 'DE89 3704 0044 0532 0130 00' } as const;
  const issuePaths = (input: object) => {
    const result = bankAccountInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('upper-cases codes and accepts a US account with its routing number', () => {
    expect(bankAccountInputSchema.parse(valid)).toMatchObject({ country: 'DE', currency: 'EUR' });
    expect(
      issuePaths({ ...valid, iban: undefined, country: 'US', currency: 'USD', accountNumber: '000123456789', routingNumber: '021000021' }),
    ).toEqual([]);
  });

  it('names the field that is wrong', () => {
    expect(issuePaths({ ...valid, iban: 'GB82 WEST 1234 5698 7654 32' })).toEqual(['iban']);
    expect(issuePaths({ ...valid, accountNumber: '12345678' })).toEqual(['iban']);
    expect(issuePaths({ ...valid, iban: undefined })).toEqual(['iban']);
    expect(issuePaths({ ...valid, iban: undefined, country: 'US', currency: 'USD', accountNumber: '12345678' })).toEqual(['routingNumber']);
    expect(issuePaths({ ...valid, iban: undefined, accountNumber: '1234', routingNumber: 'bad code!' })).toEqual(['routingNumber']);
  });
});

describe('automatic payout schedules', () => {
  const friday = new Date('2026-11-27T15:00:00Z');
  it('pays on the next weekday or day of the month after today, from midnight UTC', () => {
    expect(nextScheduledPayout({ kind: 'manual' }, friday)).toBeNull();
    expect(nextScheduledPayout({ kind: 'weekly', day: 5 }, friday)?.toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(nextScheduledPayout({ kind: 'weekly', day: 1 }, friday)?.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextScheduledPayout({ kind: 'monthly', day: 28 }, friday)?.toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextScheduledPayout({ kind: 'monthly', day: 27 }, friday)?.toISOString()).toBe('2026-12-27T00:00:00.000Z');
  });

  it("tells whether a day is a schedule's day, Sunday as 7", () => {
    expect(isScheduledDay({ kind: 'weekly', day: 5 }, friday)).toBe(true);
    expect(isScheduledDay({ kind: 'weekly', day: 7 }, new Date('2026-11-29T23:59:00Z'))).toBe(true);
    expect(isScheduledDay({ kind: 'monthly', day: 27 }, friday)).toBe(true);
    expect(isScheduledDay({ kind: 'manual' }, friday)).toBe(false);
  });
});
