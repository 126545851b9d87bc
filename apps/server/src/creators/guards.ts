import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { userData, users } from '../db/schema.js';
import { errors } from '../http/errors.js';

/**
 * Becoming a creator and managing payouts is for users who finished registration
 * (handle and terms); anyone else gets 403 registration_incomplete.
 */
export async function requireCompletedRegistration(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ registrationCompletedAt: userData.registrationCompletedAt })
    .from(users)
    .innerJoin(userData, eq(userData.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw errors.unauthenticated();
  if (!row.registrationCompletedAt) {
    throw errors.registrationIncomplete();
  }
}
