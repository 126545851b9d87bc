import { generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAN_REPLICATE, type ReplicatedPostgres, startReplicatedPostgres } from '../../test/replicated-postgres.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { RECENT_WRITE_COOKIE } from '../http/read-routing.js';

const MAX_LAG_SECONDS = 3;

/**
 * A server on a real primary with a real streaming replica (a cluster made for the test): its
 * replay is paused to see which of the two a read came from. Run with the PostgreSQL suites.
 */
describe.runIf(TEST_DRIVER === 'postgres' && CAN_REPLICATE)('reads from a streaming replica', { timeout: 60_000 }, () => {
  let cluster: ReplicatedPostgres;
  let server: TestServer;
  beforeAll(async () => {
    cluster = await startReplicatedPostgres();
    server = await startTestServer(
      { REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS) },
      { url: cluster.primaryUrl, replicaUrls: [cluster.replicaUrl] },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await cluster?.stop();
  });

  /** A member signed in, and the same session as a browser that has not written lately. */
  async function member() {
    const client = new ApiClient(server);
    const unique = generateId();
    const me = await client.register(`replica-${unique}@example.com`, `replica_${unique.slice(-10)}`, 'Before');
    const reader = new ApiClient(server);
    reader.cookie = client.cookie;
    return { client, reader, id: me.id as string };
  }
  const nameOn = async (reader: ApiClient, userId: string, headers: Record<string, string> = {}) =>
    (await reader.request('GET', `/api/users/${userId}/profile-page`, undefined, headers)).body.publicName;

  it('reads lists and profiles from the replica, a member’s own writes from the primary, and the primary past the lag limit', async () => {
    const alice = await member();
    const bob = await member();
    // Caught up: both see what is committed.
    await vi.waitFor(async () => expect(await nameOn(bob.reader, alice.id)).toBe('Before'), { timeout: 10_000 });

    await cluster.onReplica('select pg_wal_replay_pause()');
    const renamed = await alice.client.post('/api/me/profile', { handle: `replica_${generateId().slice(-10)}`, publicName: 'After' });
    expect(renamed.status).toBe(200);
    const recentWrite = renamed.headers.getSetCookie().find((line) => line.startsWith(`${RECENT_WRITE_COOKIE}=`));
    expect(recentWrite).toMatch(new RegExp(`Max-Age=${MAX_LAG_SECONDS + 2}; Path=/; HttpOnly; SameSite=Lax`));

    // Bob reads the paused replica; Alice, holding the cookie of her write, reads the primary.
    expect(await nameOn(bob.reader, alice.id)).toBe('Before');
    expect(await nameOn(alice.reader, alice.id, { cookie: `${alice.reader.cookie}; ${recentWrite?.split(';')[0]}` })).toBe('After');
    // The same session without the cookie is any reader.
    expect(await nameOn(alice.reader, alice.id)).toBe('Before');

    // The replica falls behind past the limit: everyone reads the primary.
    await vi.waitFor(async () => expect(await nameOn(bob.reader, alice.id)).toBe('After'), { timeout: 15_000, interval: 250 });
    await cluster.onReplica('select pg_wal_replay_resume()');
  });

  it('reads the primary when the replica is gone, failing no request', async () => {
    const carol = await member();
    await cluster.stopReplica();
    for (let read = 0; read < 5; read++) {
      const page = await carol.reader.get(`/api/users/${carol.id}/profile-page`);
      expect(page.status).toBe(200);
    }
    for (const list of ['/api/creators', '/api/me/creators']) expect((await carol.reader.get(list)).status).toBe(200);
  });
});
