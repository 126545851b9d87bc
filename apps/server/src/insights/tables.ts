import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userReference } from '../users/tables.js';

/**
 * Creator insights per creator and local day (in the creator's stored time zone, UTC without
 * one): the ledger's gross, fee, net and charge count per currency (`key`), the subscription
 * events per plan and the follows. Kept exact by triggers on ledger_entries, charges,
 * subscriptions and follows, and rebuilt when the creator's time zone changes (migration 0015).
 */
export const creatorDailyInsights = pgTable(
  'creator_daily_insights',
  {
    creatorId: userReference('creator_id'),
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day, t.metric, t.key] })],
);
