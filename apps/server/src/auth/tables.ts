import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * Pending sign-ins, one per request: a request never replaces another's, so asking for codes
 * to someone's address cannot void the code they are typing. Each is mailed as a short code
 * (tries counted, see AuthService) and as a link holding a long token nobody can guess. Only
 * HMACs of both are kept.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    linkHash: text('link_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_codes_email_idx').on(table.email, table.expiresAt)],
);
