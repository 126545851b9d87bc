import { eq } from 'drizzle-orm';
import type { Executor } from './database.js';
import { users } from './schema.js';

/**
 * The per-user lock every transaction that changes a user's sign-up progress or identity takes
 * first: the user's row, FOR UPDATE. One lock taken first orders those transactions, so two
 * changes landing at the same moment (a payout saved while the provider's approval lands)
 * neither deadlock nor miss each other. False when the user does not exist.
 */
export async function lockUser(tx: Executor, userId: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return Boolean(user);
}
