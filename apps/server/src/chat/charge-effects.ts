import type { ChargeEffect, ChargeKind } from '../payments/charges.js';
import type { ChatService } from './service.js';

type ChatChargeKind = Extract<ChargeKind, 'paid_message'>;

/** What the charges of the chat domain buy once paid (a paid message's media, for the member who paid) and what a refund takes back; app.ts registers them. */
export function chatChargeEffects(chat: ChatService): Record<ChatChargeKind, ChargeEffect> {
  return {
    paid_message: {
      description: 'Aurum message',
      offSession: false,
      paid: (tx, charge, paidAt) => chat.recordUnlock(tx, charge, paidAt),
      announcePaid: (charge) => chat.announceUnlock(charge),
      refunded: (tx, charge) => chat.revokeUnlock(tx, charge),
    },
  };
}
