import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { rateLimits } from '../db/schema.js';
import { errors } from '../http/errors.js';

export interface RateRule {
  /** Requests allowed in one window. */
  limit: number;
  windowMs: number;
}

/** A key's fixed window: hits counted in it and when it opened (milliseconds since the epoch). */
export interface RateWindow {
  hits: number;
  startedAtMs: number;
}

/**
 * Where the counters live, shared by every server instance: Redis when the instances have one
 * (no database write per counted request), else the database.
 */
export interface RateCounts {
  /** Counts a hit; a window older than `windowMs` restarts at one, opened now. */
  hit(key: string, windowMs: number, nowMs: number): Promise<RateWindow>;
  /** The key's window as it stands, without counting (null if it never counted). */
  peek(key: string): Promise<RateWindow | null>;
}

/**
 * Fixed-window counters shared by every instance. The clock is the server's (`now`), not the
 * store's, so a window is the same length whichever store counts it.
 */
export class RateLimiter {
  constructor(
    private readonly counts: RateCounts,
    private readonly now: () => Date,
  ) {}

  /** Counts a hit on `key`; throws 429 `rate_limited` once the rule's limit is passed. */
  async hit(key: string, rule: RateRule): Promise<void> {
    const { hits, retryAfterMs } = await this.count(key, rule);
    if (hits > rule.limit) throw errors.rateLimited(retryAfterMs);
  }

  /** Whether `key` has used up its rule in the current window, without counting a hit. */
  async isExhausted(key: string, rule: RateRule): Promise<boolean> {
    const window = await this.counts.peek(key);
    return Boolean(window && window.startedAtMs > this.now().getTime() - rule.windowMs && window.hits >= rule.limit);
  }

  /** Counts a hit and returns the window's total so far. */
  async count(key: string, rule: RateRule): Promise<{ hits: number; retryAfterMs: number }> {
    const nowMs = this.now().getTime();
    const { hits, startedAtMs } = await this.counts.hit(key, rule.windowMs, nowMs);
    return { hits, retryAfterMs: startedAtMs + rule.windowMs - nowMs };
  }
}

/** Counters in the database: one atomic upsert per hit. */
export class DatabaseRateCounts implements RateCounts {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<RateWindow> {
    const now = new Date(nowMs).toISOString();
    const passed = sql`${rateLimits.windowStartedAt} <= ${now}::timestamptz - ${sql.raw(`interval '${Math.trunc(windowMs)} milliseconds'`)}`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, windowStartedAt: new Date(nowMs), hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${passed} then 1 else ${rateLimits.hits} + 1 end`,
          windowStartedAt: sql`case when ${passed} then ${now}::timestamptz else ${rateLimits.windowStartedAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
    if (!row) throw new Error(`rate limit upsert for ${key} returned nothing`);
    return { hits: row.hits, startedAtMs: row.windowStartedAt.getTime() };
  }

  async peek(key: string): Promise<RateWindow | null> {
    const [row] = await this.db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
    return row ? { hits: row.hits, startedAtMs: row.windowStartedAt.getTime() } : null;
  }
}

/**
 * A hit in one round trip: the window restarts when it has passed, else its count goes up.
 * The key expires a window after it opened (by Redis's clock: only to forget it; the window
 * itself is judged by the server's clock).
 */
const HIT_SCRIPT = `
local started = tonumber(redis.call('HGET', KEYS[1], 's'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if started == nil or started <= now - window then
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'h', 1)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, ARGV[1]}
end
return {redis.call('HINCRBY', KEYS[1], 'h', 1), tostring(started)}`;

/**
 * Counters in Redis, one hash per key (`s`: when its window opened, `h`: its hits). While Redis
 * cannot answer, the fallback (the database) counts, so sign-in keeps working and keeps limits.
 */
export class RedisRateCounts implements RateCounts {
  constructor(
    private readonly redis: Redis,
    /** Keys carry the deployment's prefix, so one Redis can serve several. */
    private readonly prefix: string,
    private readonly fallback: RateCounts,
    private readonly logger: Logger,
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<RateWindow> {
    try {
      const [hits, startedAt] = (await this.redis.eval(HIT_SCRIPT, 1, this.keyOf(key), nowMs, Math.trunc(windowMs))) as [number, string];
      return { hits, startedAtMs: Number(startedAt) };
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not count a rate limit in Redis; counting it in the database');
      return this.fallback.hit(key, windowMs, nowMs);
    }
  }

  async peek(key: string): Promise<RateWindow | null> {
    try {
      const [startedAt, hits] = await this.redis.hmget(this.keyOf(key), 's', 'h');
      return startedAt === null || hits === null ? null : { hits: Number(hits), startedAtMs: Number(startedAt) };
    } catch (error) {
      this.logger.warn({ err: error }, 'Could not read a rate limit in Redis; reading the database');
      return this.fallback.peek(key);
    }
  }

  private keyOf(key: string): string {
    return `${this.prefix}rate:${key}`;
  }
}
