import type { PayoutMethod, WithdrawBlock } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import type { PayoutSettings } from '../config/config.js';
import type { PayoutProvider } from './provider.js';
import { minimumPayout, type PayoutState, refusalOf, scheduleOf, withdrawBlock } from './rules.js';
import type { CreatorPayoutSettingsRow } from './settings.js';

const at = new Date('2026-11-27T12:00:00Z');
const method: PayoutMethod = { id: 'm1', type: 'paypal', active: true, createdAt: at.toISOString(), details: { email: 'ada@example.com' } };
const provider = {
  name: 'development',
  pays: ['paypal', 'bank_account'],
  send: async () => ({ status: 'paid', providerRef: 'x' }),
} as PayoutProvider;
const settings = (values: Partial<CreatorPayoutSettingsRow>): CreatorPayoutSettingsRow => ({
  creatorId: 'c1',
  holdDays: null,
  holdReason: null,
  schedule: 'manual',
  scheduleDay: null,
  methodChangePauseUntil: null,
  payoutsHeldAt: null,
  payoutsHeldReason: null,
  updatedAt: at,
  ...values,
});
const payable: PayoutState = {
  available: 2400,
  minimum: 2000,
  settings: undefined,
  method,
  detailsSealed: false,
  provider,
  providerAccount: undefined,
  at,
};
/** A provider that pays only accounts the creator opens with it, as Stripe Connect does. */
const accountProvider = { ...provider, onboarding: {} } as PayoutProvider;
const bankAccount: PayoutMethod = {
  ...method,
  type: 'bank_account',
  details: { holderName: 'Ada', country: 'DE', currency: 'EUR', last4: '3000', accountKind: 'iban' },
};
const manual = { name: 'manual', pays: ['bank_account'], needsSealedBankDetails: true, send: provider.send } as PayoutProvider;

describe('payout rules', () => {
  it('pays an available balance at or above the minimum to a method a provider pays', () => {
    expect(withdrawBlock(payable)).toBeNull();
    expect(withdrawBlock({ ...payable, available: 2000 })).toBeNull();
    expect(withdrawBlock({ ...payable, settings: settings({ methodChangePauseUntil: at }) })).toBeNull();
    expect(withdrawBlock({ ...payable, provider: accountProvider, providerAccount: { payoutsEnabled: true } })).toBeNull();
  });

  it('names each block, the gravest first', () => {
    const cases: [Partial<PayoutState>, WithdrawBlock][] = [
      [{ available: 1999 }, 'below_minimum'],
      [{ available: -1 }, 'negative'],
      [{ available: -1, settings: settings({ methodChangePauseUntil: new Date(at.getTime() + 1) }) }, 'method_changed'],
      [
        {
          available: -1,
          provider: accountProvider,
          providerAccount: { payoutsEnabled: false },
          settings: settings({ methodChangePauseUntil: new Date(at.getTime() + 1) }),
        },
        'provider_onboarding',
      ],
      [{ provider: accountProvider, providerAccount: undefined }, 'provider_onboarding'],
      [{ available: -1, method: bankAccount, provider: manual, detailsSealed: true }, 'negative'],
      [{ available: -1, method: bankAccount, provider: manual }, 'bank_details_missing'],
      [{ available: -1, method: bankAccount, provider }, 'negative'],
      [{ available: -1, provider: null, settings: settings({ methodChangePauseUntil: new Date(at.getTime() + 1) }) }, 'method_unsupported'],
      [{ available: -1, provider: null, method: null }, 'no_method'],
      [{ available: -1, provider: null, method: null, settings: settings({ payoutsHeldAt: at }) }, 'held'],
    ];
    for (const [change, block] of cases) expect(withdrawBlock({ ...payable, ...change })).toBe(block);
  });

  it('answers each block with its refusal', () => {
    const state = {
      minimum: 2000,
      settings: settings({ methodChangePauseUntil: new Date('2026-12-02T12:00:00Z') }),
      currency: 'USD' as const,
    };
    expect(refusalOf('held', state).type).toBe('payouts_held');
    expect(refusalOf('no_method', state).type).toBe('payout_method_missing');
    expect(refusalOf('method_unsupported', state).type).toBe('payout_method_unsupported');
    expect(refusalOf('provider_onboarding', state).type).toBe('payout_onboarding_needed');
    expect(refusalOf('bank_details_missing', state).type).toBe('payout_bank_details_missing');
    expect(refusalOf('method_changed', state)).toMatchObject({
      type: 'payouts_paused',
      message: expect.stringContaining('Wed, 02 Dec 2026'),
    });
    expect(refusalOf('negative', state)).toMatchObject({ type: 'payout_below_minimum', message: expect.stringContaining('$20.00') });
    expect(refusalOf('below_minimum', state).type).toBe('payout_below_minimum');
  });

  it("reads the minimum per currency and the creator's schedule", () => {
    const payouts = { minimumMinor: { default: 2000, GBP: 1500 } } as PayoutSettings;
    expect(minimumPayout(payouts, 'GBP')).toBe(1500);
    expect(minimumPayout(payouts, 'EUR')).toBe(2000);
    expect(scheduleOf(undefined)).toEqual({ kind: 'manual' });
    expect(scheduleOf(settings({ schedule: 'weekly', scheduleDay: 3 }))).toEqual({ kind: 'weekly', day: 3 });
    expect(scheduleOf(settings({ schedule: 'monthly', scheduleDay: 28 }))).toEqual({ kind: 'monthly', day: 28 });
  });
});
