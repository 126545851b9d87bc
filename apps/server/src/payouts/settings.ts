import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { creatorPayoutSettings } from '../db/schema.js';

/** A creator's payout settings: their own hold, schedule, the pause after a method change, an admin's hold. */
export type CreatorPayoutSettingsRow = typeof creatorPayoutSettings.$inferSelect;

/** Reading and keeping a creator's payout settings: one row per creator, made at its first change. */
export const payoutSettings = {
  async of(executor: Executor, creatorId: string): Promise<CreatorPayoutSettingsRow | undefined> {
    const [settings] = await executor.select().from(creatorPayoutSettings).where(eq(creatorPayoutSettings.creatorId, creatorId));
    return settings;
  },

  /** Changes the given settings, leaving the others as they are (the platform's defaults for a new row). */
  async save(executor: Executor, creatorId: string, values: Partial<Omit<CreatorPayoutSettingsRow, 'creatorId'>>): Promise<void> {
    await executor
      .insert(creatorPayoutSettings)
      .values({ creatorId, ...values })
      .onConflictDoUpdate({ target: creatorPayoutSettings.creatorId, set: values });
  },
};
