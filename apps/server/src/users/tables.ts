import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/** The account: who signs in, with which address, and which labels (roles) it carries. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    emailVerified: boolean('email_verified').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set by an admin: the account still signs in, but its posts are hidden and its subscriptions stop renewing. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set when the member deleted their own account (it is disabled too); only such an account can be anonymised. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set when an admin replaced the deleted account's personal data. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The admin users list walks accounts newest first.
  (t) => [
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Its search looks anywhere in an address, any case.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

/** A column naming the user a row belongs to; the row goes when the user's row does. */
export const userReference = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Private per-user state: registration, identity verification and terms acceptance. */
export const userData = pgTable('user_data', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  registrationCompletedAt: timestamp('registration_completed_at', { withTimezone: true }),
  identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  termsVersion: text('terms_version'),
  /** Whether unread chat messages are announced by e-mail after a quiet spell. */
  chatEmailNotices: boolean('chat_email_notices').notNull().default(true),
  /** Whether a new post of a creator one subscribes to is announced by push notification (opt-in). */
  pushNewPosts: boolean('push_new_posts').notNull().default(false),
  /** Whether a new chat message is announced by push notification (opt-in). */
  pushChatMessages: boolean('push_chat_messages').notNull().default(false),
  /** Whether this user's sessions may be recorded (PostHog, production only; opt-in). */
  sessionRecording: boolean('session_recording').notNull().default(false),
  /** The IANA time zone a creator's insights are counted in (days, weeks, months); null: the browser's. */
  timeZone: text('time_zone'),
  /** The language the product speaks to this user (a code of core's LANGUAGES); null: their browser's. */
  language: text('language'),
});
