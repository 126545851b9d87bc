/**
 * The weekly payout run for many creators on PostgreSQL, beside its floor, and the same run
 * killed half way and started again.
 *
 *   node --import tsx bench/payouts.ts [--creators 10000] [--database-url postgres://…]
 *
 * Each creator of a fresh database `aurum_bench_payouts` has one paid charge whose earning is
 * past its hold (24.00 USD available), a PayPal payout method and a weekly schedule on today.
 * - floor: the same writes as set-based SQL in one transaction (payouts, their ledger debits,
 *   the balances, the development provider's records, the payouts marked paid), rolled back;
 * - run: `ScheduledPayouts.run()` as the server runs it, through the development provider;
 * - killed: the run in a child process, killed with SIGKILL once half the creators have a
 *   payout, then run again; the send job's work (`process`) is done for payouts left pending.
 *   Each creator must then have exactly one payout, the provider one record per payout, and
 *   every balance its 24.00 paid out.
 * Finally it shows the plan of reading one creator's balance.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { databaseUrlOf, inProcessServices } from './in-process.js';
import { argument, DEFAULT_SERVER_URL, ms, timed } from './target.js';

const DATABASE = 'aurum_bench_payouts';
const creators = Number(argument('creators') ?? 10_000);
const serverUrl = argument('database-url') ?? DEFAULT_SERVER_URL;
const databaseUrl = databaseUrlOf(serverUrl, DATABASE);

/** A fresh database, migrated by the server's own code, seeded with the creators. */
async function seed(admin: pg.Client): Promise<void> {
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const migrated = await openDatabase({ url: databaseUrl });
  await migrated.close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const weekday = new Date().getUTCDay() || 7;
  await db.query(`
    insert into users (id, email) values ('member', 'member@bench.example');
    insert into payment_methods (id, user_id, provider, provider_ref, type, is_default) values ('pm', 'member', 'dev', 'devtok', 'card', true);
    insert into users (id, email, labels)
      select 'c' || lpad(n::text, 6, '0'), 'c' || n || '@bench.example', '{creators}' from generate_series(1, ${creators}) n;
    insert into payout_methods (id, user_id, type, details, active)
      select 'pm' || u.id, u.id, 'paypal', jsonb_build_object('email', u.email, 'fingerprint', md5(u.email)), true
      from users u where u.id like 'c%';
    insert into creator_payout_settings (creator_id, schedule, schedule_day)
      select id, 'weekly', ${weekday} from users where id like 'c%';
    insert into charges (id, idempotency_key, kind, status, user_id, creator_id, message_id, payment_method_id, provider, amount_minor, currency, created_at, settled_at)
      select 'ch' || id, 'key' || id, 'paid_message', 'succeeded', 'member', id, 'bench', 'pm', 'dev', 3000, 'USD', now() - interval '10 days', now() - interval '10 days'
      from users where id like 'c%';
    insert into ledger_entries (id, charge_id, kind, user_id, amount_minor, currency, created_at, available_at, released_at)
      select 'le1' || c.id, c.id, 'payment', 'member', 3000, 'USD', c.created_at, null::timestamptz, null::timestamptz from charges c
      union all select 'le2' || c.id, c.id, 'platform_fee', null, 600, 'USD', c.created_at, null, null from charges c
      union all select 'le3' || c.id, c.id, 'creator_earning', c.creator_id, 2400, 'USD', c.created_at, c.created_at + interval '7 days', now() from charges c;
    insert into creator_balances (creator_id, currency, available_minor) select creator_id, 'USD', 2400 from charges;
    analyze;`);
  await db.end();
}

/** The same writes as one set of statements, the best any implementation could do; rolled back. */
async function floor(): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('begin');
    const { ms: took } = await timed(() =>
      db.query(`
        insert into payouts (id, idempotency_key, creator_id, amount_minor, currency, status, trigger, provider, payout_method_id, destination, created_at)
          select 'po' || b.creator_id, 'scheduled:' || b.creator_id || ':USD:' || current_date, b.creator_id, b.available_minor, b.currency, 'pending', 'scheduled', 'development', m.id,
            jsonb_build_object('type', 'paypal', 'label', 'PayPal - ' || (m.details->>'email'), 'email', m.details->>'email'), now()
          from creator_balances b join creator_payout_settings s on s.creator_id = b.creator_id join payout_methods m on m.user_id = b.creator_id and m.active
          where b.available_minor >= 2000;
        insert into ledger_entries (id, payout_id, kind, user_id, amount_minor, currency, created_at, available_at, released_at)
          select 'lp' || p.id, p.id, 'payout', p.creator_id, -p.amount_minor, p.currency, now(), now(), now() from payouts p;
        update creator_balances b set available_minor = b.available_minor - p.amount_minor, paid_out_minor = b.paid_out_minor + p.amount_minor
          from payouts p where p.creator_id = b.creator_id and p.currency = b.currency;
        insert into dev_payouts (idempotency_key, id, amount_minor, currency, destination, status)
          select p.id, 'devpo' || p.id, p.amount_minor, p.currency, p.destination, 'paid' from payouts p;
        update payouts set status = 'paid', provider_ref = 'devpo' || id, sent_at = now(), settled_at = now();`),
    );
    return took;
  } finally {
    await db.query('rollback');
    await db.end();
  }
}

async function count(db: pg.Client, text: string): Promise<number> {
  return Number((await db.query(text)).rows[0]?.count ?? 0);
}

/** The run in a child process, killed once `killAt` creators have a payout; resolves when it is gone. */
async function runKilledAt(killAt: number): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--child-run', '--database-url', serverUrl], { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (;;) {
      if ((await count(db, 'select count(*) from payouts')) >= killAt) break;
      if (child.exitCode !== null) throw new Error('the run ended before it was killed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill('SIGKILL');
    await exited;
  } finally {
    await db.end();
  }
}

if (process.argv.includes('--child-run')) {
  const { context } = await inProcessServices(databaseUrl, { PAYOUT_PROVIDERS: 'development' });
  await context.scheduledPayouts.run();
  process.exit(0);
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  console.log(`Payout run for ${creators.toLocaleString('en')} creators on PostgreSQL\n`);
  await seed(admin);
  const floorMs = await floor();
  const first = await inProcessServices(databaseUrl, { PAYOUT_PROVIDERS: 'development' });
  const cpuBefore = process.cpuUsage();
  const { result: made, ms: runMs } = await timed(() => first.context.scheduledPayouts.run());
  const cpu = process.cpuUsage(cpuBefore);
  await first.close();
  console.log('| | payouts | time | payouts/s |\n| --- | ---: | ---: | ---: |');
  console.log(`| floor: set-based SQL, rolled back | ${creators} | ${ms(floorMs)} ms | ${Math.round((creators / floorMs) * 1000)} |`);
  console.log(`| ScheduledPayouts.run() | ${made} | ${ms(runMs)} ms | ${Math.round((made / runMs) * 1000)} |`);
  console.log(`\nrun / floor: ${(runMs / floorMs).toFixed(1)}x the time (target: the whole run within 60 s)`);
  console.log(
    `the run's Node process used ${ms((cpu.user + cpu.system) / 1000)} ms of CPU (${Math.round(((cpu.user + cpu.system) / 1000 / runMs) * 100)}% of its wall time); the rest is waiting on PostgreSQL`,
  );

  // Killed half way, then run again.
  await seed(admin);
  await runKilledAt(Math.floor(creators / 2));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const beforeRestart = await count(db, 'select count(*) from payouts');
  const second = await inProcessServices(databaseUrl, { PAYOUT_PROVIDERS: 'development' });
  const { ms: restartMs } = await timed(() => second.context.scheduledPayouts.run());
  const pending = (await db.query<{ id: string }>(`select id from payouts where status = 'pending'`)).rows;
  for (const { id } of pending) await second.context.payouts.process(id);
  await second.close();
  const checks = {
    payouts: await count(db, 'select count(*) from payouts'),
    creatorsPaid: await count(db, 'select count(distinct creator_id) from payouts'),
    paid: await count(db, `select count(*) from payouts where status = 'paid'`),
    providerRecords: await count(db, 'select count(*) from dev_payouts'),
    providerDuplicates: await count(db, 'select count(*) from (select idempotency_key from dev_payouts group by 1 having count(*) > 1) d'),
    balancesNotPaid: await count(db, `select count(*) from creator_balances where available_minor <> 0 or paid_out_minor <> 2400`),
  };
  const plan = (await db.query(`explain select * from creator_balances where creator_id = 'c000001'`)).rows.map((row) => row['QUERY PLAN']);
  await db.end();
  console.log(
    `\nKilled after ${beforeRestart} payouts, run again in ${ms(restartMs)} ms; ${pending.length} left pending were sent as the send job would.`,
  );
  console.log('| check | value | expected |\n| --- | ---: | ---: |');
  const expected: Record<keyof typeof checks, number> = {
    payouts: creators,
    creatorsPaid: creators,
    paid: creators,
    providerRecords: creators,
    providerDuplicates: 0,
    balancesNotPaid: 0,
  };
  for (const [name, value] of Object.entries(checks)) console.log(`| ${name} | ${value} | ${expected[name as keyof typeof checks]} |`);
  const exactlyOnce = Object.entries(checks).every(([name, value]) => value === expected[name as keyof typeof checks]);
  console.log(`\neach creator paid exactly once: ${exactlyOnce ? 'yes' : 'NO'}`);
  console.log(`\nReading one creator's balance:\n${plan.join('\n')}`);
  if (!exactlyOnce) process.exitCode = 1;
} finally {
  await admin.end();
}
