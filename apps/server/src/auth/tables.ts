import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

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

/**
 * The devices each user has signed in from, by a SHA-256 of the device cookie (a random token
 * the browser keeps for a year): a sign-in from any other device is mailed to the user.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userReference('user_id'),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
