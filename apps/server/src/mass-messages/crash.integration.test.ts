import { DAY_MS, generateId, massMessageCopyId } from '@aurum/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { crashSuite } from '../../test/crash-suite.js';
import { startTestServer, TEST_DRIVER } from '../../test/test-server.js';
import { DELIVERY_BATCH } from './delivery.js';

/**
 * The crash test for a mass message's delivery: 100,000 subscribers, the server process killed
 * (SIGKILL) while it writes their copies, and restarted. Every recipient must have exactly one
 * copy with its media, the counts must add up, and no batch may be written twice. On PostgreSQL,
 * where the test can watch the delivery from outside the process it kills.
 */

const RECIPIENTS = 100_000;
const suite = crashSuite('mass-messages');

describe.skipIf(TEST_DRIVER !== 'postgres')(
  `a crash in the middle of a mass message's delivery (${TEST_DRIVER})`,
  { timeout: 300_000 },
  () => {
    it('delivers to each of 100,000 fans exactly once after the restart', async () => {
      const seed = await startTestServer(suite.env, suite.database);
      const id = generateId();
      let creatorId: string;
      try {
        const creator = await signUp(seed, 'masscrash', { creator: true });
        creatorId = creator.id;
        const planId = await createActivePlan(creator.client, 'Gold', 800, 'USD');
        const validUntil = new Date(Date.now() + 30 * DAY_MS).toISOString();
        await seed.context.database.db.execute(sql`insert into users (id, email)
        select 'fan-' || n, 'fan-' || n || '@crash.example' from generate_series(1, ${RECIPIENTS}) as n`);
        await seed.context.database.db.execute(sql`insert into subscriptions (id, user_id, creator_id, plan_id, valid_until)
        select 'sub-' || n, 'fan-' || n, ${creator.id}, ${planId}, ${validUntil}::timestamptz from generate_series(1, ${RECIPIENTS}) as n`);
        // One fan already has a chat with the creator: their copy goes there, not into a second chat.
        await seed.context.database.db.execute(
          sql`insert into chats (id, user_low, user_high) values ('existing', least('fan-1', ${creator.id}), greatest('fan-1', ${creator.id}))`,
        );
        await seed.context.database.db.execute(sql`insert into chat_participants (chat_id, user_id, partner_id, activity_at)
          values ('existing', 'fan-1', ${creator.id}, now()), ('existing', ${creator.id}, 'fan-1', now())`);
        const photo = await insertMediaRow(seed, creator.id);
        // Sent a moment from now, so the process the test kills is the one that delivers it.
        const sent = await creator.client.post('/api/me/mass-messages', {
          id,
          text: 'For all of you',
          mediaIds: [photo],
          price: { amountMinor: 500, currency: 'USD' },
          include: ['subscribers'],
          sendAt: new Date(Date.now() + 2000).toISOString(),
        });
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      } finally {
        await seed.close();
      }

      const watcher = new pg.Client({ connectionString: suite.database.url });
      await watcher.connect();
      try {
        const progress = async () =>
          (
            await watcher.query<{ batches: number; delivered: number }>(
              'select batches, delivered_count as delivered from mass_messages where id = $1',
              [id],
            )
          ).rows[0] as { batches: number; delivered: number };

        // Killed once a few batches are in, in the middle of whatever it is writing.
        const running = await suite.startProcess();
        await expect.poll(async () => (await progress()).batches, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(3);
        running.child.kill('SIGKILL');
        expect(await running.exited).toBe('SIGKILL');
        const atKill = await progress();
        expect(atKill.delivered).toBeLessThan(RECIPIENTS);

        // The restarted server takes the job up again once the dead worker's lease has run out.
        const restarted = await startTestServer(suite.env, suite.database);
        try {
          restarted.advanceClock(6 * 60_000);
          restarted.context.jobs.wake();
          await expect
            .poll(async () => (await watcher.query('select status from mass_messages where id = $1', [id])).rows[0]?.status, {
              timeout: 180_000,
              interval: 200,
            })
            .toBe('sent');
        } finally {
          await restarted.close();
        }

        const counts = (
          await watcher.query(
            `select
            (select count(*)::int from messages where mass_message_id = $1) as copies,
            (select count(distinct chat_id)::int from messages where mass_message_id = $1) as chats,
            (select count(*)::int from message_media mm join messages m on m.id = mm.message_id where m.mass_message_id = $1) as copy_media_rows,
            (select count(*)::int from mass_message_batches where mass_message_id = $1) as undelivered,
            (select count(*)::int from chats where user_low = $2 or user_high = $2) as creator_chats,
            (select count(*)::int from chat_participants where user_id = $2) as creator_sides,
            (select count(*)::int from jobs where type = 'push.mass-message' and id like $3) as push_jobs,
            (select delivered_count from mass_messages where id = $1) as delivered,
            (select recipient_count from mass_messages where id = $1) as recipients,
            (select batches from mass_messages where id = $1) as batches`,
            [id, creatorId, `push.mass-message:${id}:%`],
          )
        ).rows[0];
        expect(counts).toEqual({
          copies: RECIPIENTS,
          chats: RECIPIENTS,
          // Every copy shows its mass message's media, written once.
          copy_media_rows: 0,
          undelivered: 0,
          creator_chats: RECIPIENTS,
          creator_sides: RECIPIENTS,
          push_jobs: counts.batches,
          delivered: RECIPIENTS,
          recipients: RECIPIENTS,
          batches: Math.ceil(RECIPIENTS / DELIVERY_BATCH),
        });
        const existing = await watcher.query('select id from messages where chat_id = $1', ['existing']);
        expect(existing.rows.map((row) => row.id)).toEqual([massMessageCopyId(id, 'fan-1')]);
      } finally {
        await watcher.end();
      }
    });
  },
);
