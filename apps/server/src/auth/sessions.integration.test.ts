import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { users } from '../db/schema.js';
import { SESSION_CACHE_MS, SESSION_TTL_MS } from './sessions.js';

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
