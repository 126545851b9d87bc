import type { ChargeEffect, ChargeKind } from '../payments/charges.js';
import type { TipsService } from './service.js';

type TipChargeKind = Extract<ChargeKind, 'tip'>;

/** What a paid tip does (it counts, the creator is told) and what a refund takes back; services.ts registers it. */
export function tipChargeEffects(tips: TipsService): Record<TipChargeKind, ChargeEffect> {
  return {
    tip: {
      description: 'Aurum tip',
      offSession: false,
      paid: (tx, charge, paidAt) => tips.recordPaid(tx, charge, paidAt),
      announcePaid: (charge) => tips.announcePaid(charge),
      refunded: (tx, charge, _takeBack, refundedAt) => tips.recordRefunded(tx, charge, refundedAt),
    },
  };
}
