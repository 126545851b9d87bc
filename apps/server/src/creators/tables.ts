import { date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.js';

/** A creator-to-be's progress through the sign-up steps; each step records when it was done. */
export const creatorOnboarding = pgTable('creator_onboarding', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  birthDate: date('birth_date'),
  gender: text('gender'),
  ageGenderDoneAt: timestamp('age_gender_done_at', { withTimezone: true }),
  imagesBioDoneAt: timestamp('images_bio_done_at', { withTimezone: true }),
  identityDoneAt: timestamp('identity_done_at', { withTimezone: true }),
  payoutDoneAt: timestamp('payout_done_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
