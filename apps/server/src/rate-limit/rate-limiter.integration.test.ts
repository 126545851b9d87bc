import { generateId } from '@aurum/core';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { DatabaseRateCounts, type RateCounts, RateLimiter, RedisRateCounts } from './rate-limiter.js';

/**
 * The rate limiter's rules on each store it counts in: the database (one instance, or several
 * without Redis) and Redis (several instances with REDIS_URL). Sign-in's limits counted across
 * two instances: `auth/limits-across-instances.integration.test.ts`.
 */

const RULE = { limit: 3, windowMs: 60_000 };

/** The same cases for every store: `counts` is made once the store is open. */
function rulesHoldOn(store: string, open: () => Promise<{ counts: RateCounts; close: () => Promise<void> }>) {
  describe(`the rate limiter counting in ${store}`, () => {
    let counts: RateCounts;
    let close: () => Promise<void>;
    let nowMs = Date.UTC(2026, 10, 30, 12);
    const limiter = () => new RateLimiter(counts, () => new Date(nowMs));
    const key = () => `test:${generateId()}`;
    beforeAll(async () => {
      ({ counts, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('lets a key go up to its limit in a window, then refuses with the wait until the window ends', async () => {
      const limited = key();
      for (let hit = 0; hit < RULE.limit; hit++) await limiter().hit(limited, RULE);
      nowMs += 20_000;
      const refused = await limiter()
        .hit(limited, RULE)
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refused).toMatchObject({ type: 'rate_limited', statusCode: 429 });
      expect(await limiter().count(limited, RULE)).toEqual({ hits: 5, retryAfterMs: 40_000 });
      // Another key is counted apart.
      await limiter().hit(key(), RULE);
    });

    it('opens a new window, counting from one, once the last one has passed', async () => {
      const limited = key();
      for (let hit = 0; hit < 4; hit++) await limiter().count(limited, RULE);
      nowMs += RULE.windowMs;
      expect(await limiter().count(limited, RULE)).toEqual({ hits: 1, retryAfterMs: RULE.windowMs });
      expect(await limiter().count(limited, RULE)).toEqual({ hits: 2, retryAfterMs: RULE.windowMs });
    });

    it('tells whether a key is used up without counting a hit', async () => {
      const limited = key();
      expect(await limiter().isExhausted(limited, RULE)).toBe(false);
      for (let hit = 0; hit < RULE.limit - 1; hit++) await limiter().count(limited, RULE);
      expect(await limiter().isExhausted(limited, RULE)).toBe(false);
      expect(await limiter().isExhausted(limited, RULE)).toBe(false);
      await limiter().count(limited, RULE);
      expect(await limiter().isExhausted(limited, RULE)).toBe(true);
      nowMs += RULE.windowMs;
      expect(await limiter().isExhausted(limited, RULE)).toBe(false);
    });
  });
}

/** The database both the database's counters and Redis's fallback count in. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

rulesHoldOn(`the database (${TEST_DRIVER})`, async () => ({
  counts: new DatabaseRateCounts(server.context.database.db),
  close: async () => {},
}));

describe('Redis counters while Redis cannot answer', () => {
  it('count in the database instead, so limits keep holding', async () => {
    // Nothing listens on port 1.
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    down.on('error', () => {});
    const database = new DatabaseRateCounts(server.context.database.db);
    const counts = new RedisRateCounts(down, 'aurum-test:', database, pino({ level: 'silent' }));
    const limiter = new RateLimiter(counts, () => new Date(Date.UTC(2026, 10, 30, 12)));
    for (let hit = 0; hit < RULE.limit; hit++) await limiter.hit('test:redis-down', RULE);
    expect(await limiter.isExhausted('test:redis-down', RULE)).toBe(true);
    expect(await database.peek('test:redis-down')).toMatchObject({ hits: RULE.limit });
    down.disconnect();
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('with Redis', () => {
  rulesHoldOn('Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    const notCounting = async (): Promise<never> => {
      throw new Error('Redis answers: nothing may be counted elsewhere');
    };
    const counts = new RedisRateCounts(redis, `aurum-test-${generateId()}:`, { hit: notCounting, peek: notCounting }, pino());
    return { counts, close: async () => void redis.disconnect() };
  });
});
