import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference, users } from '../users/tables.js';

/**
 * A user's authenticator app. The secret must be read back to check codes, so it is sealed
 * (AES-GCM under a key derived from the server secret); `confirmedAt` is null while it is being
 * added. `lastUsedStep` is the time step of the last accepted code: a code is accepted once.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: userReference('user_id').primaryKey(),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** A user's passkeys (WebAuthn credentials), by the credential's id (base64url). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; one that goes back marks a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    synced: boolean('synced').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);

/** One-time recovery codes, as HMACs; a used one keeps its row so the count of those left is honest. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: userReference('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * A WebAuthn challenge handed to a browser, answered once within its time. `userId` is null for
 * a passkey sign-in, where the browser chooses the account.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'verify'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('passkey_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * A sign-in whose first factor (the mailed code or link) passed, waiting for the second. The id
 * is a SHA-256 of the ticket the browser holds; wrong second factors are counted on it.
 */
export const signInTickets = pgTable('sign_in_tickets', {
  id: text('id').primaryKey(),
  userId: userReference('user_id'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
