/**
 * A mass message's delivery on PostgreSQL, beside its floor, and one-to-one chat while it runs.
 *
 *   node --import tsx bench/mass-messages.ts [--sizes 10000,100000] [--database-url postgres://…]
 *
 * For each size, a fresh database `aurum_bench_mass` holds a creator with that many subscribers,
 * and a second creator in a chat with a member of theirs.
 * - first send: a paid mass message with a photo to all subscribers, through the server's own
 *   service and job (`MassMessagesService`, its `bulk` lane): recipients resolved, then chats
 *   opened and copies written a batch at a time; timed from the send to the last copy;
 * - later sends: the same again, now that every chat exists (as for every mass message after a
 *   creator's first), one after another until the chat below has as many samples as it had idle
 *   (a p99 of 50 samples would be their maximum, not comparable with the idle one): the median;
 * - floor: after each later send, its copies written again by one `INSERT … SELECT` into the
 *   existing chats, the best any implementation could do for the same rows; rolled back; the median;
 * - chat: the member sends one-to-one messages to their creator, one after another, while nothing
 *   else runs and then while the later sends run: p50 and p99 of each.
 */
import { generateId } from '@aurum/core';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { databaseUrlOf, inProcessServices } from './in-process.js';
import { argument, DEFAULT_SERVER_URL, ms, timed } from './target.js';

const DATABASE = 'aurum_bench_mass';
const sizes = (argument('sizes') ?? '10000,100000').split(',').map(Number);
const serverUrl = argument('database-url') ?? DEFAULT_SERVER_URL;
const databaseUrl = databaseUrlOf(serverUrl, DATABASE);

/** A fresh database, migrated by the server's own code: the creator and their subscribers, the chatting pair. */
async function seed(admin: pg.Client, fans: number): Promise<void> {
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const migrated = await openDatabase({ url: databaseUrl });
  await migrated.close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`
    insert into users (id, email, labels) values ('creator', 'creator@bench.example', '{creators}'),
      ('talker', 'talker@bench.example', '{creators}'), ('member', 'member@bench.example', '{}');
    insert into profiles (user_id, handle, public_name, avatar_color)
      values ('creator', 'creator', 'Creator', '#c9a227'), ('talker', 'talker', 'Talker', '#c9a227'), ('member', 'member', 'Member', '#c9a227');
    insert into plans (id, creator_id, name, price_minor, currency, active, perks)
      values ('gold', 'creator', 'Gold', 900, 'USD', true, '{"chat": true}'), ('chatty', 'talker', 'Chatty', 900, 'USD', true, '{"chat": true}');
    insert into users (id, email) select 'fan' || lpad(n::text, 6, '0'), 'fan' || n || '@bench.example' from generate_series(1, ${fans}) n;
    insert into subscriptions (id, user_id, creator_id, plan_id, valid_until)
      select 's' || u.id, u.id, 'creator', 'gold', now() + interval '30 days' from users u where u.id like 'fan%';
    insert into subscriptions (id, user_id, creator_id, plan_id, valid_until) values ('s-member', 'member', 'talker', 'chatty', now() + interval '30 days');
    insert into media (id, owner_id, kind, mime, size_bytes, original_key, status, thumb_key, blur_key, blur_thumb_key)
      values ('photo', 'creator', 'image', 'image/jpeg', 1000, 'originals/photo', 'ready', 't', 'b', 'bt');
    insert into chats (id, user_low, user_high) values ('pair', 'member', 'talker');
    insert into chat_participants (chat_id, user_id, partner_id, activity_at)
      values ('pair', 'member', 'talker', now()), ('pair', 'talker', 'member', now());
    analyze;`);
  await db.end();
}

/** The copies of a mass message as one INSERT … SELECT into the chats that exist; rolled back. */
async function floor(massMessageId: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { ms: took } = await timed(() =>
      db.query(
        `insert into messages (id, chat_id, sender_id, body, price_minor, currency, mass_message_id, created_at)
          select 'floor-' || s.user_id, c.id, 'creator', 'Floor', 500, 'USD', $1, now()
          from subscriptions s join chats c on c.user_low = least(s.user_id, 'creator') and c.user_high = greatest(s.user_id, 'creator')
          where s.creator_id = 'creator'`,
        [massMessageId],
      ),
    );
    return took;
  } finally {
    await db.query('rollback');
    await db.end();
  }
}

/** One-to-one messages timed idle, and at least as many during the sends. */
const IDLE_SAMPLES = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The member's one-to-one messages, one after another, until `until` resolves (or `count` are sent): their latencies. */
async function chatting(
  context: Awaited<ReturnType<typeof inProcessServices>>['context'],
  until: Promise<unknown> | number,
): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  if (typeof until !== 'number') void until.finally(() => (done = true));
  const enough = () => (typeof until === 'number' ? latencies.length >= until : done);
  while (!enough()) {
    const { ms: took } = await timed(() => context.chat.send('member', 'pair', { id: generateId(), text: 'Hello', mediaIds: [] }));
    latencies.push(took);
  }
  return latencies.sort((a, b) => a - b);
}

/** Sends a paid mass message to every subscriber and resolves when its last copy is written: the time it took. */
async function send(context: Awaited<ReturnType<typeof inProcessServices>>['context'], db: pg.Client): Promise<{ id: string; ms: number }> {
  const id = generateId();
  const started = performance.now();
  await context.massMessages.create('creator', {
    id,
    text: 'A new set is out',
    mediaIds: ['photo'],
    price: { amountMinor: 500, currency: 'USD' },
    include: ['subscribers'],
    exclude: [],
    sendAt: null,
  });
  for (;;) {
    const status = (await db.query('select status from mass_messages where id = $1', [id])).rows[0]?.status;
    if (status === 'sent') return { id, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  const rows: string[] = [];
  for (const fans of sizes) {
    await seed(admin, fans);
    const { context, close } = await inProcessServices(databaseUrl);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      context.jobs.start();
      const idle = await chatting(context, IDLE_SAMPLES);
      const first = await send(context, db);
      const later: number[] = [];
      const floors: number[] = [];
      const during: number[] = [];
      while (during.length < IDLE_SAMPLES) {
        const sending = send(context, db);
        during.push(...(await chatting(context, sending)));
        const sent = await sending;
        const copies = Number((await db.query('select count(*) from messages where mass_message_id = $1', [sent.id])).rows[0]?.count);
        if (copies !== fans) throw new Error(`a send wrote ${copies} copies for ${fans} fans`);
        later.push(sent.ms);
        floors.push(await floor(sent.id));
      }
      during.sort((a, b) => a - b);
      const laterMs = median(later);
      const floorMs = median(floors);
      const rate = (took: number) => Math.round((fans / took) * 1000);
      rows.push(
        `| ${fans.toLocaleString('en')} | ${ms(first.ms)} ms (${rate(first.ms)}/s) | ${ms(laterMs)} ms (${rate(laterMs)}/s) of ${later.length} | ${ms(floorMs)} ms (${rate(floorMs)}/s) | ${(floorMs / laterMs).toFixed(2)}x | ${ms(percentile(idle, 50))} / ${ms(percentile(idle, 99))} ms | ${ms(percentile(during, 50))} / ${ms(percentile(during, 99))} ms (${during.length} sent) | ${(percentile(during, 99) / percentile(idle, 99)).toFixed(2)}x |`,
      );
    } finally {
      await db.end();
      await close();
    }
  }
  console.log('Mass message delivery on PostgreSQL\n');
  console.log(
    '| fans | first send (opens the chats) | later sends (chats exist): median | floor: one INSERT … SELECT, median | later / floor, rows/s (bar 0.3x) | chat p50 / p99 idle | chat p50 / p99 during the later sends | p99 during / idle (bar 2x) |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
} finally {
  await admin.end();
}
