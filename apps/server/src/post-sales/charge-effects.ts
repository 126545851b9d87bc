import type { ChargeEffect, ChargeKind } from '../payments/charges.js';
import type { PostSalesService } from './service.js';

type PostSaleChargeKind = Extract<ChargeKind, 'paid_post'>;

/** What a paid purchase of a post does (the member reads it, the creator is told) and what a refund takes back; services.ts registers it. */
export function postSaleChargeEffects(sales: PostSalesService): Record<PostSaleChargeKind, ChargeEffect> {
  return {
    paid_post: {
      description: 'Aurum post',
      offSession: false,
      paid: (tx, charge, paidAt) => sales.recordPaid(tx, charge, paidAt),
      announcePaid: (charge) => sales.announcePaid(charge),
      refunded: (tx, charge) => sales.recordRefunded(tx, charge),
    },
  };
}
