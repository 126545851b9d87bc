import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { charges } from '../payments/tables.js';

/**
 * A member's bank disputing a payment (a chargeback), as the provider reports it: one per
 * charge and provider dispute. Its money is ledger entries on the disputed charge (the
 * chargeback when the provider took the funds, the credit when it gave them back); the
 * `debited_at` and `credited_at` marks say which were posted, so a repeated or late
 * notification posts nothing twice.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The provider's id for the dispute (Stripe `dp_...`). */
    providerRef: text('provider_ref').notNull(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The provider's dispute fee taken from the platform and passed to the creator. */
    feeMinor: integer('fee_minor').notNull().default(0),
    /** What of the fee the provider gave back with a won dispute. */
    feeReturnedMinor: integer('fee_returned_minor').notNull().default(0),
    reason: text('reason').notNull(),
    /** The provider's state (core DISPUTE_STATUSES). */
    status: text('status').notNull(),
    outcome: text('outcome'),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    /** Where an admin submits evidence (the provider's dashboard); null where there is none. */
    evidenceUrl: text('evidence_url'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** When the chargeback entries were posted: the provider took the funds. */
    debitedAt: timestamp('debited_at', { withTimezone: true }),
    /** When a won dispute's credit was posted. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('disputes_provider_ref_unique').on(t.provider, t.providerRef),
    // A payment is disputed once: its ledger entries are one per kind.
    uniqueIndex('disputes_charge_unique').on(t.chargeId),
    check('disputes_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('won', 'lost')`),
    // The admin list: newest first, or the soonest deadline first.
    index('disputes_opened_idx').on(t.openedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('disputes_due_idx').on(t.evidenceDueBy.asc().nullsLast(), t.id),
  ],
);
