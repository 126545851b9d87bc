import { generateId } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { ApiClient, CAN_SHARE_REDIS, instancesSharingRedis } from '../../test/test-server.js';
import { rateLimits } from '../db/schema.js';
import { AUTH_RATE_RULES } from './service.js';

/** Sign-in's limits hold for the instances together: counted once, in the Redis they share. */
describe.runIf(CAN_SHARE_REDIS)('a rate limit across instances sharing Redis', () => {
  const instances = instancesSharingRedis();

  it('is counted once for all instances, in Redis rather than the database', async () => {
    const email = `limits-${generateId().toLowerCase()}@example.com`;
    const { limit } = AUTH_RATE_RULES.codeRequestPerAddressAndIp;
    const clients = [new ApiClient(instances.first), new ApiClient(instances.second)];
    // Alternating between the instances: each alone would allow `limit` more.
    for (let request = 0; request < limit; request++) {
      expect((await clients[request % 2]?.post('/api/auth/code', { email }))?.status).toBe(200);
    }
    for (const client of clients) expect((await client.post('/api/auth/code', { email })).body.type).toBe('rate_limited');
    expect(await instances.first.context.database.db.select().from(rateLimits)).toEqual([]);
  });
});
