import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAN_SHARE_REDIS, instancesSharingRedis, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { users } from '../db/schema.js';
import { SESSION_CACHE_MS, SESSION_TTL_MS } from '../sessions/sessions.js';

/**
 * Resolved sessions are kept in memory for a few seconds. What must hold: a change made
 * through the server is seen by the very next request, and nothing is kept past its time.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function newSession(labels: string[] = []) {
  const userId = generateId();
  await server.context.database.db.insert(users).values({ id: userId, email: `${userId}@example.com`, labels });
  const { token } = await server.context.sessions.create(userId, {});
  return { userId, token };
}

const setLabels = (userId: string, labels: string[]) =>
  server.context.database.db.update(users).set({ labels }).where(eq(users.id, userId));

describe(`session cache (${TEST_DRIVER})`, () => {
  it('answers from memory until the user is forgotten, then reads the labels afresh', async () => {
    const { sessions } = server.context;
    const { userId, token } = await newSession();
    expect((await sessions.resolve(token))?.labels).toEqual([]);
    await setLabels(userId, ['creators']);
    expect((await sessions.resolve(token))?.labels).toEqual([]);
    sessions.forgetUser(userId);
    expect((await sessions.resolve(token))?.labels).toEqual(['creators']);
  });

  it('does not keep a read that overlapped a forget, since it may predate the change', async () => {
    const { sessions } = server.context;
    const { userId, token } = await newSession();
    const reading = sessions.resolve(token);
    sessions.forgetUser(userId);
    expect((await reading)?.userId).toBe(userId);
    await setLabels(userId, ['creators']);
    expect((await sessions.resolve(token))?.labels).toEqual(['creators']);
  });

  it('ends a signed-out session at once, and every session of a disabled account', async () => {
    const { sessions, users: accounts } = server.context;
    const signedOut = await newSession();
    await sessions.resolve(signedOut.token);
    await sessions.deleteByToken(signedOut.token);
    expect(await sessions.resolve(signedOut.token)).toBeNull();

    const disabled = await newSession();
    const second = await sessions.create(disabled.userId, {});
    await sessions.resolve(disabled.token);
    await sessions.resolve(second.token);
    await accounts.disableAccount(disabled.userId);
    expect(await sessions.resolve(disabled.token)).toBeNull();
    expect(await sessions.resolve(second.token)).toBeNull();
  });

  it('keeps a session no longer than the cache time, nor past its expiry', async () => {
    const { sessions } = server.context;
    const { userId, token } = await newSession();
    await sessions.resolve(token);
    await setLabels(userId, ['creators']);
    server.advanceClock(SESSION_CACHE_MS + 1);
    expect((await sessions.resolve(token))?.labels).toEqual(['creators']);

    server.advanceClock(SESSION_TTL_MS + 1);
    expect(await sessions.resolve(token)).toBeNull();
  });
});

describe.runIf(CAN_SHARE_REDIS)('session cache across instances (Redis)', () => {
  const instances = instancesSharingRedis();

  it('a label granted or a sign-out on one instance reaches the others before their cache time', async () => {
    const userId = generateId();
    await instances.first.context.database.db.insert(users).values({ id: userId, email: `${userId}@example.com`, labels: [] });
    const { token } = await instances.first.context.sessions.create(userId, {});
    expect((await instances.second.context.sessions.resolve(token))?.labels).toEqual([]);

    await instances.first.context.database.db
      .update(users)
      .set({ labels: ['creators'] })
      .where(eq(users.id, userId));
    instances.first.context.sessions.forgetUser(userId);
    // Without the bus the second instance would answer from memory for SESSION_CACHE_MS.
    await vi.waitFor(async () => expect((await instances.second.context.sessions.resolve(token))?.labels).toEqual(['creators']), {
      timeout: SESSION_CACHE_MS / 2,
    });

    await instances.first.context.sessions.deleteByToken(token);
    await vi.waitFor(async () => expect(await instances.second.context.sessions.resolve(token)).toBeNull(), {
      timeout: SESSION_CACHE_MS / 2,
    });
  });
});

describe(`session cache with Redis unreachable (${TEST_DRIVER})`, () => {
  it('still signs in and out: the bus only logs that it cannot publish', async () => {
    const unreachable = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const { sessions, database } = unreachable.context;
      const userId = generateId();
      await database.db.insert(users).values({ id: userId, email: `${userId}@example.com`, labels: [] });
      const { token } = await sessions.create(userId, {});
      expect((await sessions.resolve(token))?.userId).toBe(userId);
      sessions.forgetUser(userId);
      await sessions.deleteByToken(token);
      expect(await sessions.resolve(token)).toBeNull();
    } finally {
      await unreachable.close();
    }
  });
});
