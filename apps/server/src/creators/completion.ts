import { ROLE } from '@aurum/core';
import { and, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { hasRoleSql } from '../access/access.js';
import type { Executor } from '../db/database.js';
import { creatorOnboarding, profiles, userData, users } from '../db/schema.js';

export type OnboardingRow = typeof creatorOnboarding.$inferSelect;

/** Every step after `start` is done; they may have been done in any order. */
export function allStepsDone(row: Pick<OnboardingRow, 'ageGenderDoneAt' | 'imagesBioDoneAt' | 'identityDoneAt' | 'payoutDoneAt'>): boolean {
  return Boolean(row.ageGenderDoneAt && row.imagesBioDoneAt && row.identityDoneAt && row.payoutDoneAt);
}

/** Keeps the first time something happened: a repeated approval or a second payout method changes nothing. */
export const firstTime = (column: AnyPgColumn, now: Date): SQL => sql`coalesce(${column}, ${now.toISOString()}::timestamptz)`;

/**
 * Records sign-up progress and, once every step is done, makes the user a creator: the
 * only code that grants the creators label. The caller holds `lockUser` (`db/user-lock.ts`) in the same
 * transaction. Returns the updated row, or null when the user has not started.
 */
export async function recordOnboardingProgress(
  tx: Executor,
  userId: string,
  changes: PgUpdateSetSource<typeof creatorOnboarding>,
  now: Date,
): Promise<OnboardingRow | null> {
  const [row] = await tx.update(creatorOnboarding).set(changes).where(eq(creatorOnboarding.userId, userId)).returning();
  if (!row || row.completedAt || !allStepsDone(row)) return row ?? null;
  await tx
    .update(users)
    .set({ labels: sql`array_append(${users.labels}, ${ROLE.creators})` })
    .where(and(eq(users.id, userId), not(hasRoleSql(users.labels, ROLE.creators))));
  const [completed] = await tx.update(creatorOnboarding).set({ completedAt: now }).where(eq(creatorOnboarding.userId, userId)).returning();
  return completed ?? row;
}

/** Identity confirmed, by the provider or an admin: the user's flags, then the sign-up step. Caller holds `lockUser`. */
export async function markIdentityVerified(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(userData)
    .set({ identityVerifiedAt: firstTime(userData.identityVerifiedAt, now) })
    .where(eq(userData.userId, userId));
  await tx.update(profiles).set({ isVerified: true }).where(eq(profiles.userId, userId));
  await recordOnboardingProgress(tx, userId, { identityDoneAt: firstTime(creatorOnboarding.identityDoneAt, now) }, now);
}

/** The last payout method is gone before sign-up finished: the payout step is open again. Caller holds `lockUser`. */
export async function reopenPayoutStep(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(creatorOnboarding)
    .set({ payoutDoneAt: null })
    .where(and(eq(creatorOnboarding.userId, userId), isNull(creatorOnboarding.completedAt)));
}
