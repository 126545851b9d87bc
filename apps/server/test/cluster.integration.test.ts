import { generateId, UPLOAD_CHUNK_BYTES } from '@aurum/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Cluster, startCluster } from './cluster.js';
import { HAPROXY } from './haproxy.js';
import { pngOf } from './media-fixtures.js';
import { openSocket, subscribe } from './realtime-client.js';
import { CAN_REPLICATE } from './replicated-postgres.js';
import { ApiClient, TEST_DRIVER, type TestServer } from './test-server.js';
import { TusTestClient } from './tus-client.js';

/**
 * The whole product past one machine: three compiled instances behind HAProxy's round robin,
 * sharing PostgreSQL (with a streaming replica), Redis and an S3 bucket. Run with the
 * PostgreSQL suites, where Redis is there too.
 */
describe.runIf(TEST_DRIVER === 'postgres' && HAPROXY && CAN_REPLICATE && process.env.TEST_REDIS_URL)(
  'a cluster of three instances behind a load balancer',
  { timeout: 120_000 },
  () => {
    let cluster: Cluster;
    let startedAt: Date;
    beforeAll(async () => {
      startedAt = new Date();
      // A killed instance's jobs are taken over after 5 s instead of 5 minutes.
      cluster = await startCluster({ env: { JOB_LEASE_SECONDS: '5' } });
    }, 180_000);
    afterAll(async () => {
      await cluster?.stop();
    });

    /** What a member's browser talks to: the balancer. */
    const viaBalancer = () => ({ baseUrl: cluster.baseUrl, smtp: cluster.smtp }) as unknown as TestServer;
    async function member() {
      const client = new ApiClient(viaBalancer());
      const unique = generateId();
      const me = await client.register(`cluster-${unique}@example.com`, `cluster_${unique.slice(-10)}`);
      return { client, id: me.id as string };
    }
    const onPrimary = async <Row>(text: string, values: unknown[]) => {
      const client = new pg.Client({ connectionString: cluster.database.primaryUrl });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as Row[];
      } finally {
        await client.end();
      }
    };

    it('takes an upload’s chunks on any instance, and resumes it after the one that took its first chunk was killed', async () => {
      const { client } = await member();
      const tus = new TusTestClient(viaBalancer(), client);
      const bytes = Buffer.concat([await pngOf(900, 700), Buffer.alloc(UPLOAD_CHUNK_BYTES)]);
      const created = await tus.create(bytes.length, 'cluster.png');
      expect(created.status).toBe(201);
      const location = created.headers.get('location') ?? '';
      const first = cluster.instances[0];
      if (!first) throw new Error('no instance');
      // The first chunk straight to the first instance, which is then killed.
      const firstChunk = await tus.patch(`${first.baseUrl}${location}`, 0, bytes.subarray(0, 1000));
      expect(firstChunk.status).toBe(204);
      first.child.kill('SIGKILL');
      await first.exited;
      // The browser asks the balancer where to go on, and sends the rest there, chunk by chunk.
      const finished = await tus.resume(tus.urlOf(location), bytes);
      expect(finished.status).toBe(200);
      const { mediaId } = (await finished.json()) as { mediaId: string };
      const [row] = await onPrimary<{ size_bytes: string }>('select size_bytes from media where id = $1', [mediaId]);
      expect(Number(row?.size_bytes)).toBe(bytes.length);
      await cluster.restart(0);
    });

    it('counts a sign-in limit once for all instances', async () => {
      const client = new ApiClient(viaBalancer());
      const email = `limited-${generateId()}@example.com`;
      // Round robin: each instance alone would allow five.
      for (let request = 0; request < 5; request++) expect((await client.post('/api/auth/code', { email })).status).toBe(200);
      expect((await client.post('/api/auth/code', { email })).body.type).toBe('rate_limited');
    });

    it('loses no accepted write when an instance is killed mid-traffic, and its sockets reconnect to another', async () => {
      const { client, id } = await member();
      const sockets = [0, 1, 2].map(() => openSocket(viaBalancer(), { cookie: client.cookie }));
      for (const socket of sockets) expect(await subscribe(socket, `user:${id}`)).toMatchObject({ type: 'subscribed' });
      const ticket = await client.post('/api/support/tickets', { subject: 'Cluster', message: 'Opening' });
      expect(ticket.status).toBe(201);

      const accepted: string[] = [];
      const victim = cluster.instances[1];
      if (!victim) throw new Error('no instance');
      const traffic = (async () => {
        for (let message = 0; message < 40; message++) {
          const text = `message ${message}`;
          const answer = await client.post(`/api/support/tickets/${ticket.body.ticket.id}/messages`, { message: text }).catch(() => null);
          if (answer && answer.status < 300) accepted.push(text);
        }
      })();
      await vi.waitFor(() => expect(accepted.length).toBeGreaterThanOrEqual(10), { timeout: 30_000, interval: 20 });
      victim.child.kill('SIGKILL');
      await traffic;
      expect(accepted.length).toBeGreaterThanOrEqual(30);
      const stored = await onPrimary<{ body: string }>('select body from support_messages where ticket_id = $1', [ticket.body.ticket.id]);
      expect(stored.map((message) => message.body)).toEqual(expect.arrayContaining(accepted));

      // The sockets the killed instance held closed; opened again, they reach a live one.
      const dropped = sockets.filter((socket) => socket.socket.readyState !== socket.socket.OPEN);
      expect(dropped.length).toBeGreaterThanOrEqual(1);
      for (const _closed of dropped) {
        const again = openSocket(viaBalancer(), { cookie: client.cookie });
        expect(await subscribe(again, `user:${id}`)).toMatchObject({ type: 'subscribed' });
        again.socket.close();
      }
      for (const socket of sockets) socket.socket.close();
      await cluster.restart(1);
    });
    /** A creator selling a plan with chat and a member subscribed to it, with their chat open. */
    async function chatPair() {
      const creator = await member();
      await onPrimary(`update users set labels = array_append(array_remove(labels, 'creators'), 'creators') where id = $1`, [creator.id]);
      // Signed in again, so the session carries the creators label whichever instance answers.
      await creator.client.signIn(await emailOf(creator.id));
      const plan = await creator.client.post('/api/plans', { name: 'With chat', priceMinor: 900, currency: 'USD', perks: { chat: true } });
      expect((await creator.client.post(`/api/plans/${plan.body.id}/activate`)).status).toBe(200);
      const fan = await member();
      await onPrimary(
        `insert into subscriptions (id, user_id, creator_id, plan_id, valid_until) values ($1, $2, $3, $4, now() + interval '30 days')`,
        [generateId(), fan.id, creator.id, plan.body.id],
      );
      const chat = await fan.client.post('/api/chats', { partnerId: creator.id });
      expect(chat.status).toBe(200);
      return { creator, fan, chatId: chat.body.id as string };
    }
    const emailOf = async (userId: string) =>
      (await onPrimary<{ email: string }>('select email from users where id = $1', [userId]))[0]?.email ?? '';

    /**
     * A creator's open app: a socket on the chat through the balancer that, when its instance goes
     * away, connects again and reads the history, as the web app resyncs after a reconnect.
     */
    function creatorApp(client: ApiClient, chatId: string) {
      const seen = new Set<string>();
      let reconnects = 0;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const socket = openSocket(viaBalancer(), { cookie: client.cookie });
        socket.socket.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { type: string; event?: string; data?: { messageId?: string } };
          if (message.type === 'event' && message.event === 'message.created' && message.data?.messageId) seen.add(message.data.messageId);
        });
        socket.socket.on('close', () => {
          if (stopped) return;
          reconnects++;
          void connect();
        });
        await subscribe(socket, `chat:${chatId}`);
        const history = await client.get(`/api/chats/${chatId}/messages`);
        for (const item of history.body.items as { id: string }[]) seen.add(item.id);
        current = socket;
      };
      let current: ReturnType<typeof openSocket> | null = null;
      return {
        seen,
        started: connect(),
        reconnects: () => reconnects,
        stop: () => {
          stopped = true;
          current?.socket.close();
        },
      };
    }

    it('delivers chat between members on different instances through a rolling restart of all three, failing no request', async () => {
      const { creator, fan, chatId } = await chatPair();
      const app = creatorApp(creator.client, chatId);
      await app.started;

      const sent: string[] = [];
      const failures: string[] = [];
      let restarting = true;
      const traffic = (async () => {
        for (let message = 0; restarting || message < 5; message++) {
          const id = generateId();
          const answer = await fan.client
            .post(`/api/chats/${chatId}/messages`, { id, text: `message ${message}` })
            .catch((error: Error) => ({ status: 0, body: error.message }));
          if (answer.status === 200) sent.push(id);
          else failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
        }
      })();
      // One instance after the other: drained (readiness 503, the balancer stops sending), stopped, started again.
      for (let index = 0; index < cluster.instances.length; index++) {
        const instance = cluster.instances[index];
        if (!instance) throw new Error('no instance');
        instance.child.kill('SIGTERM');
        expect(await instance.exited).toBe('0');
        await cluster.restart(index);
        // Back in the balancer's rotation (checked every 250 ms) before the next goes.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      restarting = false;
      await traffic;
      expect(failures).toEqual([]);
      expect(sent.length).toBeGreaterThan(20);
      // Every message reached the creator's app: told on a socket, or read again after a reconnect.
      await vi.waitFor(() => expect([...app.seen]).toEqual(expect.arrayContaining(sent)), { timeout: 10_000 });
      expect(app.reconnects()).toBeGreaterThanOrEqual(1);
      app.stop();
    });

    it('takes over the jobs of a killed instance once their lease runs out: the mail it was sending leaves once', async () => {
      const { client, id } = await member();
      const email = await emailOf(id);
      const mail = cluster.smtp.hold(email);
      const requested = await client.post('/api/me/data-export');
      expect(requested.status).toBe(202);
      const jobId = `personal-data.export-mail:${requested.body.exportId}`;
      // The instance that took the job waits on the mail server's answer: it is killed there.
      await vi.waitFor(() => expect(mail.heldCount()).toBe(1), { timeout: 30_000, interval: 50 });
      const [taken] = await onPrimary<{ locked_by: string }>('select locked_by from jobs where id = $1', [jobId]);
      const holder = cluster.instances.findIndex((instance) => taken?.locked_by.endsWith(`/${instance.child.pid}`));
      const killed = cluster.instances[holder];
      if (!killed) throw new Error(`no instance ran the job: ${taken?.locked_by}`);
      killed.child.kill('SIGKILL');
      await killed.exited;

      // Another instance takes the job once the lease has run out, and sends the mail again.
      await vi.waitFor(() => expect(mail.heldCount()).toBe(2), { timeout: 15_000, interval: 50 });
      mail.release();
      const [done] = await onPrimary<{ status: string; attempts: number; locked_by: string }>(
        'select status, attempts, locked_by from jobs where id = $1',
        [jobId],
      );
      expect(done?.attempts).toBe(2);
      expect(done?.locked_by).not.toBe(taken?.locked_by);
      expect((await cluster.smtp.nextMailTo(email, 10_000)).subject).toMatch(/data/i);
      await vi.waitFor(async () =>
        expect((await onPrimary<{ status: string }>('select status from jobs where id = $1', [jobId]))[0]?.status).toBe('done'),
      );
      // The killed instance's delivery was never accepted: one mail in all.
      expect(cluster.smtp.messages.filter((message) => message.to === email.toLowerCase())).toEqual([]);
      await cluster.restart(holder);
    });

    it('runs each recurring job once per slot across instances, through kills and restarts', async () => {
      const slotsOf = () =>
        onPrimary<{ id: string; status: string; run_at: Date }>(
          `select id, status, run_at from jobs where type = 'payouts.release-held' and run_at > $1 order by run_at`,
          [startedAt],
        );
      // The release of held earnings runs every minute: wait for one slot after the cluster started to pass.
      await vi.waitFor(async () => expect((await slotsOf()).filter((slot) => slot.status === 'done').length).toBeGreaterThanOrEqual(1), {
        timeout: 75_000,
        interval: 500,
      });
      const slots = await slotsOf();
      const due = slots.filter((slot) => slot.run_at.getTime() < Date.now() - 5000);
      // Every slot that came ran to the end (none missed while instances died), each a minute after the one before...
      expect(due.every((slot) => slot.status === 'done')).toBe(true);
      const gaps = due.slice(1).map((slot, index) => slot.run_at.getTime() - (due[index]?.run_at.getTime() ?? 0));
      expect(gaps.every((gap) => gap === 60_000)).toBe(true);
      // ...and one row per slot, not one per instance: the next slot is queued once.
      expect(slots.filter((slot) => slot.status === 'queued')).toHaveLength(1);
    });
  },
);
