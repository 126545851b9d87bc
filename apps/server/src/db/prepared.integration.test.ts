import { generateId } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { prepareStatement } from './prepared.js';
import { users } from './schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type UserRow = { id: string; email: string; created_at: string; labels: string[]; extra: { n: number } | null };

describe(`prepared statements (${TEST_DRIVER})`, () => {
  const statement = () =>
    prepareStatement<UserRow>(
      server.context.database.db,
      'test_users_by_prefix',
      sql`select ${users.id} as id, ${users.email} as email, ${users.createdAt} as created_at, ${users.labels} as labels,
          case when ${sql.placeholder('withExtra')}::boolean then json_build_object('n', 1) end as extra
        from ${users} where ${users.email} like ${sql.placeholder('prefix')} || '%' and ${users.createdAt} <= ${sql.placeholder('before')}::timestamptz
        order by ${users.email}`,
    );

  it('runs again and again with the values of each call, rows shaped as the driver gives them', async () => {
    const db = server.context.database.db;
    const prefix = `prep-${generateId()}`;
    await db.insert(users).values([
      { id: generateId(), email: `${prefix}-a@example.com`, labels: ['creators'] },
      { id: generateId(), email: `${prefix}-b@example.com`, labels: [] },
    ]);
    const byPrefix = statement();
    const later = new Date(Date.now() + 60_000);
    const first = await byPrefix.run({ prefix, before: later, withExtra: true });
    expect(first.map((row) => [row.email, row.labels, row.extra])).toEqual([
      [`${prefix}-a@example.com`, ['creators'], { n: 1 }],
      [`${prefix}-b@example.com`, [], { n: 1 }],
    ]);
    // Timestamps stay text, as drizzle's drivers read them.
    expect(typeof first[0]?.created_at).toBe('string');
    expect(await byPrefix.run({ prefix: `${prefix}-b`, before: later, withExtra: false })).toMatchObject([{ extra: null }]);
    expect(await byPrefix.run({ prefix, before: new Date(0), withExtra: false })).toEqual([]);
  });

  it.runIf(TEST_DRIVER === 'pglite')('on PGlite is parsed once, and never runs inside another caller’s open transaction', async () => {
    const db = server.context.database.db;
    const prefix = `prep-${generateId()}`;
    const byPrefix = statement();
    const later = () => new Date(Date.now() + 60_000);
    await byPrefix.run({ prefix, before: later(), withExtra: false });
    const prepared = (await db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name = 'test_users_by_prefix'`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(prepared.rows).toEqual([{ n: 1 }]);

    const id = generateId();
    let read: Promise<UserRow[]> | null = null;
    await db
      .transaction(async (tx) => {
        await tx.insert(users).values({ id, email: `${prefix}-tx@example.com`, labels: [] });
        read = byPrefix.run({ prefix, before: later(), withExtra: false });
        // The read waits for the transaction: had it run inside it, it would see the row, which is then rolled back.
        await new Promise((resolve) => setTimeout(resolve, 50));
        tx.rollback();
      })
      .catch(() => {});
    expect(await (read as unknown as Promise<UserRow[]>)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });
});
