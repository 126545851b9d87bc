import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference, users } from '../users/tables.js';

/** Where a creator's earnings go. Details keep only what payouts need, masked; one method is active. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    type: text('type').notNull(),
    details: jsonb('details').notNull(),
    /**
     * A bank account's full details, AES-256-GCM sealed, kept only while the server pays bank
     * accounts by manual transfer; read only by the admin's bank transfers export.
     */
    sealedDetails: text('sealed_details'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_methods_one_active').on(t.userId).where(sql`${t.active}`)],
);

/**
 * How a creator is paid: an admin's own hold for them (else the platform's), the automatic
 * schedule they chose, and the pauses: after a change of payout method, and an admin's hold
 * on their payouts. One row per creator, made when one of these is first set.
 */
export const creatorPayoutSettings = pgTable('creator_payout_settings', {
  creatorId: text('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Days earnings are held for this creator; null: the platform's setting. */
  holdDays: integer('hold_days'),
  holdReason: text('hold_reason'),
  /** 'manual' (the creator withdraws), 'weekly' or 'monthly'. */
  schedule: text('schedule').notNull().default('manual'),
  /** Weekly: ISO weekday 1 (Monday) to 7; monthly: day 1 to 28. */
  scheduleDay: integer('schedule_day'),
  /** No payout before this: the payout method changed. */
  methodChangePauseUntil: timestamp('method_change_pause_until', { withTimezone: true }),
  /** An admin stopped this creator's payouts, and why. */
  payoutsHeldAt: timestamp('payouts_held_at', { withTimezone: true }),
  payoutsHeldReason: text('payouts_held_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A creator's account at a payout provider that pays only into accounts the creator opens with
 * it (a Stripe Connect Express account). Its state is the provider's, as its last webhook or
 * read said: the provider keeps the bank details and decides when the account can be paid.
 */
export const payoutProviderAccounts = pgTable(
  'payout_provider_accounts',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    /** The provider sends money to it (Stripe: `payouts_enabled` with transfers active). */
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** The creator finished the provider's onboarding at least once. */
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** What the provider still needs, in its own names (Stripe: `requirements.currently_due` and `past_due`). */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** Why the provider stopped the account, in its own code; null when it did not. */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.provider] }),
    uniqueIndex('payout_provider_accounts_external_idx').on(t.provider, t.externalId),
  ],
);

/**
 * Money sent to a creator. Made `pending` with its ledger debit in one transaction, sent to the
 * provider with its id as the idempotency key, then `in_flight` (the provider took it) and
 * `paid`, or `failed` with its amount returned to the balance. The destination is a snapshot of
 * the method's shown details, so the history stays true after the method is removed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    creatorId: userReference('creator_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    /** 'requested' by the creator or 'scheduled' by their automatic payouts. */
    trigger: text('trigger').notNull(),
    provider: text('provider').notNull(),
    payoutMethodId: text('payout_method_id').references(() => payoutMethods.id, { onDelete: 'set null' }),
    destination: jsonb('destination').notNull(),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amountMinor} > 0`),
    // A creator's history: newest first.
    index('payouts_creator_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payouts_status_idx').on(t.status, t.createdAt),
    // The admin list: newest first.
    index('payouts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The built-in development payout provider's own records, kept like a real provider's: durable and idempotent. */
export const devPayouts = pgTable('dev_payouts', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  destination: jsonb('destination').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  createdAt: createdAt(),
});
