import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/database.js';
import { type ChargeEffect, ChargesService, type ChargesServiceDeps } from './charges.js';

const effect: ChargeEffect = { description: 'Aurum test', offSession: false, paid: async () => {} };

function chargesModule() {
  const registered: string[] = [];
  const jobs = { register: (type: string) => registered.push(type) };
  const charges = new ChargesService({ jobs } as unknown as ChargesServiceDeps);
  return { charges, registered };
}

describe('the charges registry', () => {
  it('runs the reconcile job, and takes one effect per kind', () => {
    const { charges, registered } = chargesModule();
    expect(registered).toEqual(['payments.reconcile-charge']);
    charges.register({ subscription: effect });
    expect(() => charges.register({ renewal: effect, subscription: effect })).toThrow(
      'the effect of subscription charges is registered twice',
    );
  });

  it('refuses to begin a charge of a kind nobody registered, before writing anything', async () => {
    const { charges } = chargesModule();
    const tx = {} as Executor;
    await expect(
      charges.begin(tx, {
        kind: 'plan_change',
        idempotencyKey: 'k',
        userId: 'u',
        creatorId: 'c',
        paymentMethodId: 'm',
        amountMinor: 100,
        currency: 'EUR',
        planId: 'p',
        subscriptionId: 's',
        periodStart: new Date('2026-11-01T00:00:00Z'),
        periodEnd: new Date('2026-12-01T00:00:00Z'),
      }),
    ).rejects.toThrow('no effect is registered for plan_change charges');
  });
});
