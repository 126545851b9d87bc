import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The account: who signs in, with which address, and which labels (roles) it carries. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
  emailVerified: boolean('email_verified').notNull().default(false),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** What others see of a user. The handle is stored lower-case, so uniqueness is case-insensitive. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle'),
    publicName: text('public_name'),
    avatarColor: text('avatar_color').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('profiles_handle_unique').on(t.handle)],
);

/** Private per-user state: registration, identity verification and terms acceptance. */
export const userData = pgTable('user_data', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registrationCompletedAt: timestamp('registration_completed_at', { withTimezone: true }),
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
});

/** One pending sign-in code per address; a new request replaces the row. Only an HMAC of the code is kept. */
export const signInCodes = pgTable('sign_in_codes', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Signed-in sessions. The id is a SHA-256 of the cookie token, so a database leak yields no usable cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server instance (per address, per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
