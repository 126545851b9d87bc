import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/** One pending sign-in code per address; a new request replaces the row. Only an HMAC of the code is kept. */
export const signInCodes = pgTable('sign_in_codes', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
