import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/** One identity or age check with a provider; its history is in verification_events. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    /** `provider`: a session with the configured provider; `manual`: checked by an admin by hand (asked for by the member, or done from the user detail). */
    kind: text('kind').notNull().default('provider'),
    /** What the member wrote when asking for a manual check. */
    note: text('note'),
    providerSessionId: text('provider_session_id'),
    sessionType: text('session_type').notNull().default('age'),
    status: text('status').notNull(),
    providerUrl: text('provider_url'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_requests_user_idx').on(t.userId),
    uniqueIndex('verification_requests_provider_session_unique').on(t.provider, t.providerSessionId),
    // The admin queue walks requests newest first, all of them or one status.
    index('verification_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('verification_requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member has at most one manual request waiting for an admin.
    uniqueIndex('verification_requests_one_pending_manual').on(t.userId).where(sql`${t.kind} = 'manual' and ${t.status} = 'pending'`),
    check('verification_requests_kind_check', sql`${t.kind} in ('provider', 'manual')`),
  ],
);

export const verificationEvents = pgTable(
  'verification_events',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => verificationRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    source: text('source').notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_events_request_idx').on(t.requestId)],
);
