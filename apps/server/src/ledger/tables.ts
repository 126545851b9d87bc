import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { charges } from '../payments/tables.js';
import { payouts } from '../payouts/tables.js';
import { userReference, users } from '../users/tables.js';

/**
 * Money movements in integer minor units. A settled charge posts the member's payment, the
 * platform's fee and the creator's earning (fee + earning = payment); a refund posts the
 * reversals; a dispute posts its chargeback (and dispute fee) and a won dispute's credit on the disputed charge; a payout posts the creator's withdrawal (negative) and, if it fails, its return.
 * One entry per charge (or payout) and kind, so posting twice is impossible.
 *
 * A creator's entries also carry when they count as available: an earning after the hold, a
 * debit at once (or with the earning it reverses, while that is still held). `released_at`
 * marks the entries the creator's kept balance already counts as available.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').references(() => charges.id),
    payoutId: text('payout_id').references(() => payouts.id),
    kind: text('kind').notNull(),
    /** The member for payments and refunds, the creator for earnings and payouts; null for the platform's fee. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    /** A creator's entry: when it leaves the hold. Null on the member's and the platform's entries. */
    availableAt: timestamp('available_at', { withTimezone: true }),
    /** A creator's entry: when the kept balance moved it from pending to available. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_entries_charge_kind_unique').on(t.chargeId, t.kind),
    uniqueIndex('ledger_entries_payout_kind_unique').on(t.payoutId, t.kind),
    check('ledger_entries_source_check', sql`(${t.chargeId} is null) <> (${t.payoutId} is null)`),
    index('ledger_entries_user_idx').on(t.userId, t.kind),
    // The admin ledger list: newest first.
    index('ledger_entries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Held entries: the release sweep reads those due, a creator's balance when each comes free.
    index('ledger_entries_held_idx').on(t.availableAt).where(sql`${t.releasedAt} is null and ${t.availableAt} is not null`),
    // A payout's statement: the creator's entries made available between their previous payout and it.
    index('ledger_entries_released_idx').on(t.userId, t.currency, t.releasedAt, t.id).where(sql`${t.releasedAt} is not null`),
    index('ledger_entries_held_user_idx')
      .on(t.userId, t.currency, t.availableAt)
      .where(sql`${t.releasedAt} is null and ${t.availableAt} is not null`),
  ],
);

/**
 * A creator's money in one currency, kept in the transaction of every ledger entry that changes
 * it: pending (still held), available (held no more, not yet paid out; can be negative after a
 * refund of paid-out earnings) and paid out in all. Pending plus available is the sum of the
 * creator's entries; the test of the ledger proves it after every kind of change.
 */
export const creatorBalances = pgTable(
  'creator_balances',
  {
    creatorId: userReference('creator_id'),
    currency: text('currency').notNull(),
    pendingMinor: bigint('pending_minor', { mode: 'number' }).notNull().default(0),
    availableMinor: bigint('available_minor', { mode: 'number' }).notNull().default(0),
    paidOutMinor: bigint('paid_out_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.currency] })],
);
