import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateLimits } from '../db/schema.js';
import { errors } from '../http/errors.js';

export interface RateRule {
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every server instance shares them.
 * One atomic upsert per hit: a window that has passed restarts at one.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Counts a hit on `key`; throws 429 `rate_limited` once the rule's limit is passed. */
  async hit(key: string, rule: RateRule): Promise<void> {
    const { hits, retryAfterMs } = await this.count(key, rule);
    if (hits > rule.limit) throw errors.rateLimited(retryAfterMs);
  }

  /** Whether `key` has used up its rule in the current window, without counting a hit. */
  async isExhausted(key: string, rule: RateRule): Promise<boolean> {
    const windowStart = this.now().getTime() - rule.windowMs;
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    return Boolean(row && row.windowStartedAt.getTime() > windowStart && row.hits >= rule.limit);
  }

  /** Counts a hit and returns the window's total so far. */
  async count(key: string, rule: RateRule): Promise<{ hits: number; retryAfterMs: number }> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    if (!row) throw new Error(`rate limit upsert for ${key} returned nothing`);
    return { hits: row.hits, retryAfterMs: row.windowStartedAt.getTime() + rule.windowMs - now.getTime() };
  }
}
