import { DAY_MS, generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { PushStandIn, type StandInSubscription } from '../../test/push-stand-in.js';
import { startTestServer, TEST_DRIVER, TEST_VAPID_KEYS, type TestServer } from '../../test/test-server.js';
import { generateVapidKeys } from '../config/config.js';
import { jobs, pushSubscriptions } from '../db/schema.js';
import { webPushTransport } from './sender.js';

let server: TestServer;
let pushService: PushStandIn;
beforeAll(async () => {
  pushService = new PushStandIn(TEST_VAPID_KEYS.publicKey);
  await pushService.start();
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await pushService?.stop();
});

type Member = Awaited<ReturnType<typeof signUp>>;

async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    server.context.jobs.wake();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until no push job is queued or running any more. */
async function pushJobsSettled(): Promise<void> {
  const db = server.context.database.db;
  await eventually(async () => {
    const rows = await db.select({ type: jobs.type, status: jobs.status, runAt: jobs.runAt }).from(jobs);
    const now = server.context.now().getTime();
    return !rows.some(
      (job) => job.type.startsWith('push.') && (job.status === 'running' || (job.status === 'queued' && job.runAt.getTime() <= now)),
    );
  }, 'push jobs to settle');
}

async function subscribeDevice(
  member: Member,
  prefs: { pushNewPosts?: boolean; pushChatMessages?: boolean },
): Promise<StandInSubscription> {
  const device = pushService.subscription();
  expect((await member.client.request('PUT', '/api/me/push-subscriptions', device)).status).toBe(204);
  if (Object.keys(prefs).length > 0) expect((await member.client.request('PUT', '/api/me/preferences', prefs)).status).toBe(200);
  return device;
}

async function subscriptionRows(endpoint: string) {
  return server.context.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

describe(`web push (${TEST_DRIVER})`, () => {
  it('has a stand-in that refuses messages signed with another key and takes those signed with the server’s', async () => {
    const device = pushService.subscription();
    const target = { endpoint: device.endpoint, ...device.keys };
    const options = { ttlSeconds: 60, urgency: 'normal' as const };
    const stranger = generateVapidKeys();
    const forged = webPushTransport({
      vapidPublicKey: stranger.publicKey,
      vapidPrivateKey: stranger.privateKey,
      vapidSubject: 'mailto:someone@example.com',
      publicEndpointsOnly: false,
    });
    expect(await forged(target, '{}', options)).toMatchObject({ kind: 'rejected', status: 401 });
    expect(pushService.refused.at(-1)).toEqual({ endpoint: device.endpoint, reason: 'k is not the application server key' });
    const genuine = webPushTransport(server.context.config.push);
    expect(await genuine(target, '{"hello":"there"}', options)).toEqual({ kind: 'delivered' });
    expect(pushService.notificationsFor(device.endpoint)).toEqual([{ hello: 'there' }]);
    pushService.answer(device.endpoint, 503, '120');
    expect(await genuine(target, '{}', options)).toMatchObject({ kind: 'retry', status: 503, retryAfterMs: 120_000 });
  });

  it('sends nothing to an endpoint that is not a public push service, whatever was stored', async () => {
    const guarded = webPushTransport({ ...server.context.config.push, publicEndpointsOnly: true });
    const options = { ttlSeconds: 60, urgency: 'normal' as const };
    const device = pushService.subscription();
    const received = pushService.notificationsFor(device.endpoint).length;
    for (const endpoint of [device.endpoint, 'https://127.0.0.1:4699/internal/admin', 'https://localhost/push']) {
      expect(await guarded({ endpoint, ...device.keys }, '{}', options), endpoint).toMatchObject({ kind: 'not_public' });
    }
    expect(pushService.notificationsFor(device.endpoint)).toHaveLength(received);
  });

  it('gives out the VAPID public key and keeps one subscription per endpoint, for whoever subscribed it last', async () => {
    const member = await signUp(server, 'pusher');
    const other = await signUp(server, 'pusher');
    const key = await member.client.get('/api/push/public-key');
    expect(key.body).toEqual({ publicKey: TEST_VAPID_KEYS.publicKey });

    const device = pushService.subscription();
    expect((await member.client.request('PUT', '/api/me/push-subscriptions', device)).status).toBe(204);
    expect((await member.client.request('PUT', '/api/me/push-subscriptions', { ...device, expirationTime: null })).status).toBe(204);
    expect(await subscriptionRows(device.endpoint)).toMatchObject([{ userId: member.id, p256dh: device.keys.p256dh }]);
    // Another account signed in on the same browser takes the subscription over.
    expect((await other.client.request('PUT', '/api/me/push-subscriptions', device)).status).toBe(204);
    expect(await subscriptionRows(device.endpoint)).toMatchObject([{ userId: other.id }]);
    // Someone else cannot remove it; its user can.
    expect(
      (await member.client.request('DELETE', `/api/me/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`)).status,
    ).toBe(204);
    expect(await subscriptionRows(device.endpoint)).toHaveLength(1);
    expect(
      (await other.client.request('DELETE', `/api/me/push-subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`)).status,
    ).toBe(204);
    expect(await subscriptionRows(device.endpoint)).toHaveLength(0);

    const broken = [
      { ...device, endpoint: 'ftp://127.0.0.1/push' },
      { ...device, keys: { ...device.keys, p256dh: 'short' } },
      { ...device, keys: { ...device.keys, auth: device.keys.p256dh } },
    ];
    for (const body of broken) {
      expect((await member.client.request('PUT', '/api/me/push-subscriptions', body)).status).toBe(400);
    }
    expect((await member.client.request('PUT', '/api/me/preferences', {})).status).toBe(400);
    const me = await member.client.request('PUT', '/api/me/preferences', { pushChatMessages: true });
    expect(me.body).toMatchObject({ chatEmailNotices: true, pushNewPosts: false, pushChatMessages: true });
  });

  it('announces a new post to its creator’s subscribers who opted in, and never with a locked post’s text', async () => {
    const creator = await signUp(server, 'author', { creator: true });
    const planId = await createActivePlan(creator.client, 'Fans', 500);
    const validUntil = new Date(Date.now() + 30 * DAY_MS);
    const keen = await signUp(server, 'keen');
    const quiet = await signUp(server, 'quiet');
    const stranger = await signUp(server, 'stranger');
    const lapsed = await signUp(server, 'lapsed');
    await subscribe(server, keen.id, planId, validUntil);
    await subscribe(server, quiet.id, planId, validUntil);
    await subscribe(server, lapsed.id, planId, new Date(Date.now() - DAY_MS));
    const phone = await subscribeDevice(keen, { pushNewPosts: true });
    const laptop = await subscribeDevice(keen, {});
    const quietPhone = await subscribeDevice(quiet, { pushChatMessages: true });
    const strangerPhone = await subscribeDevice(stranger, { pushNewPosts: true });
    const lapsedPhone = await subscribeDevice(lapsed, { pushNewPosts: true });

    const locked = await creator.client.post('/api/posts', { text: 'The secret recipe is saffron', access: [planId] });
    expect(locked.status).toBe(201);
    await eventually(() => pushService.notificationsFor(laptop.endpoint).length === 1, 'the locked post notification');
    const open = await creator.client.post('/api/posts', { text: 'Hello everyone, a free one', access: ['public'] });
    await eventually(() => pushService.notificationsFor(laptop.endpoint).length === 2, 'the public post notification');
    await pushJobsSettled();

    for (const device of [phone, laptop]) {
      expect(pushService.notificationsFor(device.endpoint)).toEqual([
        {
          kind: 'newPost',
          title: 'New post from author name',
          body: 'Tap to see it.',
          url: `/posts/${locked.body.id}`,
          tag: `post-${locked.body.id}`,
        },
        {
          kind: 'newPost',
          title: 'New post from author name',
          body: 'Hello everyone, a free one',
          url: `/posts/${open.body.id}`,
          tag: `post-${open.body.id}`,
        },
      ]);
    }
    for (const device of [quietPhone, strangerPhone, lapsedPhone]) expect(pushService.notificationsFor(device.endpoint)).toEqual([]);
    expect(pushService.received.some((push) => push.payload.includes('saffron'))).toBe(false);
    const sample = pushService.received.find((push) => push.endpoint === phone.endpoint);
    expect(sample).toMatchObject({ ttl: 86400, claims: { sub: 'mailto:no-reply@aurum.local' } });
    expect(pushService.refused.filter((r) => [phone, laptop].some((d) => d.endpoint === r.endpoint))).toEqual([]);
  });

  it('announces a scheduled post when it goes out, at its latest time, and a private one never', async () => {
    const creator = await signUp(server, 'planner', { creator: true });
    const planId = await createActivePlan(creator.client, 'Fans', 500);
    const fan = await signUp(server, 'fan');
    await subscribe(server, fan.id, planId, new Date(Date.now() + 30 * DAY_MS));
    const phone = await subscribeDevice(fan, { pushNewPosts: true });

    const hour = 60 * 60 * 1000;
    const later = await creator.client.post('/api/posts', {
      text: 'Later',
      access: ['subscription'],
      publishAt: new Date(Date.now() + hour).toISOString(),
    });
    expect(later.status).toBe(201);
    // Moved to two hours from now before it went out.
    const moved = await creator.client.request('PATCH', `/api/posts/${later.body.id}`, {
      publishAt: new Date(Date.now() + 2 * hour).toISOString(),
    });
    expect(moved.status).toBe(200);
    await creator.client.post('/api/posts', { text: 'Just me', access: ['private'] });
    await pushJobsSettled();
    expect(pushService.notificationsFor(phone.endpoint)).toEqual([]);

    server.advanceClock(hour + 60_000);
    await pushJobsSettled();
    expect(pushService.notificationsFor(phone.endpoint)).toEqual([]);
    server.advanceClock(hour);
    await eventually(() => pushService.notificationsFor(phone.endpoint).length === 1, 'the scheduled post notification');
    await pushJobsSettled();
    expect(pushService.notificationsFor(phone.endpoint)).toMatchObject([{ url: `/posts/${later.body.id}`, body: 'Tap to see it.' }]);
  });

  it('tells a chat message’s recipient who opted in, on every device, and respects an opt-out', async () => {
    const creator = await signUp(server, 'talker', { creator: true });
    const chatPlan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    const member = await signUp(server, 'listener');
    await subscribe(server, member.id, chatPlan, new Date(Date.now() + 30 * DAY_MS));
    const memberPhone = await subscribeDevice(member, { pushChatMessages: true });
    const creatorPhone = await subscribeDevice(creator, { pushChatMessages: true });
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;

    expect((await creator.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text: 'Welcome aboard!' })).status).toBe(200);
    await eventually(() => pushService.notificationsFor(memberPhone.endpoint).length === 1, 'the chat notification');
    expect(pushService.notificationsFor(memberPhone.endpoint)).toEqual([
      { kind: 'chatMessage', title: 'talker name', body: 'Welcome aboard!', url: `/chat/${chatId}`, tag: `chat-${chatId}` },
    ]);
    expect(pushService.received.find((push) => push.endpoint === memberPhone.endpoint)?.urgency).toBe('high');

    // The creator turned chat pushes off: the member's reply rings nowhere.
    await creator.client.request('PUT', '/api/me/preferences', { pushChatMessages: false });
    await member.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text: 'Thanks!' });
    await pushJobsSettled();
    expect(pushService.notificationsFor(creatorPhone.endpoint)).toEqual([]);
    expect(pushService.notificationsFor(memberPhone.endpoint)).toHaveLength(1);
  });

  it('tells each recipient of a mass message who opted in, in their own chat, and nobody it skipped', async () => {
    const creator = await signUp(server, 'announcer', { creator: true });
    const plan = await createActivePlan(creator.client, 'Gold', 900, 'USD');
    const inAMonth = new Date(Date.now() + 30 * DAY_MS);
    const [keen, quiet, blocker] = [await signUp(server, 'keen'), await signUp(server, 'quiet'), await signUp(server, 'blocker')];
    for (const fan of [keen, quiet, blocker]) await subscribe(server, fan.id, plan, inAMonth);
    const keenPhone = await subscribeDevice(keen, { pushChatMessages: true });
    const quietPhone = await subscribeDevice(quiet, { pushChatMessages: false });
    const blockerPhone = await subscribeDevice(blocker, { pushChatMessages: true });
    expect((await blocker.client.request('PUT', `/api/users/${creator.id}/block`)).status).toBeLessThan(300);

    const id = generateId();
    expect((await creator.client.post('/api/me/mass-messages', { id, text: 'A new set is out', include: ['subscribers'] })).status).toBe(
      201,
    );
    await eventually(() => pushService.notificationsFor(keenPhone.endpoint).length === 1, 'the mass message notification');
    const chatId = ((await keen.client.get('/api/chats')).body.items as { id: string }[])[0]?.id;
    expect(pushService.notificationsFor(keenPhone.endpoint)).toEqual([
      { kind: 'chatMessage', title: 'announcer name', body: 'A new set is out', url: `/chat/${chatId}`, tag: `chat-${chatId}` },
    ]);
    await pushJobsSettled();
    expect(pushService.notificationsFor(quietPhone.endpoint)).toEqual([]);
    expect(pushService.notificationsFor(blockerPhone.endpoint)).toEqual([]);
  });

  it('deletes a subscription the push service calls gone, and sends again what it asked to have later', async () => {
    const creator = await signUp(server, 'sender', { creator: true });
    const chatPlan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    const member = await signUp(server, 'reader');
    await subscribe(server, member.id, chatPlan, new Date(Date.now() + 30 * DAY_MS));
    const gone = await subscribeDevice(member, { pushChatMessages: true });
    const busy = await subscribeDevice(member, {});
    const fine = await subscribeDevice(member, {});
    pushService.answer(gone.endpoint, 410);
    pushService.answer(busy.endpoint, 429, '1');
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;

    await creator.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text: 'Are you there?' });
    await eventually(async () => (await subscriptionRows(gone.endpoint)).length === 0, 'the gone subscription to be deleted');
    await pushJobsSettled();
    expect(pushService.notificationsFor(fine.endpoint)).toHaveLength(1);
    expect(await subscriptionRows(busy.endpoint)).toHaveLength(1);
    expect(pushService.notificationsFor(busy.endpoint)).toEqual([]);

    // The busy service recovers; the retry is due after its wait.
    pushService.answer(busy.endpoint, null);
    server.advanceClock(60_000);
    await eventually(() => pushService.notificationsFor(busy.endpoint).length === 1, 'the retried message');
    expect(pushService.notificationsFor(busy.endpoint)).toMatchObject([{ body: 'Are you there?' }]);
    expect(pushService.notificationsFor(fine.endpoint)).toHaveLength(1);
  });
});
