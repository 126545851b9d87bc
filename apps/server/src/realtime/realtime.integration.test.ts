import { DAY_MS, REALTIME_PATH, REALTIME_POLICY_CLOSE, userChannel } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSocket, subscribe } from '../../test/realtime-client.js';
import {
  ApiClient,
  CAN_SHARE_REDIS,
  instancesSharingRedis,
  startTestServer,
  TEST_DRIVER,
  type TestServer,
} from '../../test/test-server.js';
import { SESSION_TTL_MS } from '../sessions/sessions.js';

async function member(server: TestServer, name: string) {
  const client = new ApiClient(server);
  const profile = await client.register(`${name}-${Math.random().toString(36).slice(2)}@example.com`, `${name}${Date.now() % 100000}`);
  return { client, userId: profile.id as string };
}

describe(`realtime websocket (${TEST_DRIVER})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes with 1008 without a session, and for a page of another site', async () => {
    const anonymous = openSocket(server, {});
    expect(await anonymous.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'not signed in' });

    const { client } = await member(server, 'crosssite');
    const foreign = openSocket(server, { cookie: client.cookie, origin: 'https://evil.example' });
    expect(await foreign.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'not from this site' });

    const forged = openSocket(server, { cookie: 'aurum_session=not-a-session' });
    expect((await forged.closed).code).toBe(REALTIME_POLICY_CLOSE);

    const plain = await client.get(REALTIME_PATH);
    expect(plain).toMatchObject({ status: 426, body: { type: 'realtime_upgrade_required' } });
  });

  it("delivers events on the user's own channel and refuses anyone else's", async () => {
    const alice = await member(server, 'alice');
    const bob = await member(server, 'bob');
    const connection = openSocket(server, { cookie: alice.client.cookie });

    expect(await subscribe(connection, userChannel(alice.userId))).toEqual({ type: 'subscribed', channel: userChannel(alice.userId) });
    const refused = await subscribe(connection, userChannel(bob.userId));
    expect(refused).toMatchObject({ type: 'error', channel: userChannel(bob.userId), error: { type: 'realtime_channel_forbidden' } });
    // No chat authorizer decides for this one yet, so nobody may follow it.
    expect(await subscribe(connection, 'chat:some-chat')).toMatchObject({ type: 'error', error: { type: 'realtime_channel_forbidden' } });

    server.context.realtime.publish(userChannel(bob.userId), 'account.changed');
    server.context.realtime.publish(userChannel(alice.userId), 'account.changed', { n: 1 });
    expect(await connection.next((message) => message.type === 'event')).toEqual({
      type: 'event',
      channel: userChannel(alice.userId),
      event: 'account.changed',
      data: { n: 1 },
    });
    expect(connection.received.filter((message) => message.type === 'event')).toHaveLength(1);

    connection.send({ type: 'unsubscribe', channel: userChannel(alice.userId) });
    connection.send('not json');
    await connection.next((message) => message.type === 'error' && message.error.type === 'realtime_invalid_message');
    server.context.realtime.publish(userChannel(alice.userId), 'account.changed', { n: 2 });
    // Answered after the publish was handled: had the event still been delivered, it would have come first.
    expect(await subscribe(connection, 'user:marker')).toMatchObject({ type: 'error' });
    expect(connection.received.filter((message) => message.type === 'event')).toHaveLength(1);
    connection.socket.close();
  });

  it('closes a socket that floods it, or keeps asking for channels not its own, while everyone else is served', async () => {
    const mallory = await member(server, 'flooder');
    const bystander = await member(server, 'bystander');

    const prying = openSocket(server, { cookie: mallory.client.cookie });
    await prying.opened;
    for (let i = 0; i < 40; i++) prying.send({ type: 'subscribe', channel: userChannel(bystander.userId) });
    expect(await prying.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'too many refused messages' });
    expect(prying.received.filter((message) => message.type === 'error')).toHaveLength(20);

    const flooding = openSocket(server, { cookie: mallory.client.cookie });
    expect(await subscribe(flooding, userChannel(mallory.userId))).toMatchObject({ type: 'subscribed' });
    // Allowed frames, each answered, but far too many of them.
    for (let i = 0; i < 3000; i++) flooding.send({ type: 'subscribe', channel: userChannel(mallory.userId) });
    expect((await bystander.client.get('/api/me')).status).toBe(200);
    expect(await flooding.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'too many messages' });
    expect(flooding.received.length).toBeLessThanOrEqual(60);
  });

  it('holds at most 20 sockets of one member; the next is told to try again later', async () => {
    const tabs = await member(server, 'manytabs');
    const open = Array.from({ length: 20 }, () => openSocket(server, { cookie: tabs.client.cookie }));
    for (const socket of open) expect(await subscribe(socket, userChannel(tabs.userId))).toMatchObject({ type: 'subscribed' });
    const extra = openSocket(server, { cookie: tabs.client.cookie });
    expect(await extra.closed).toEqual({ code: 1013, reason: 'too many open connections' });
    // Another member is not held back by them.
    const other = await member(server, 'onetab');
    const single = openSocket(server, { cookie: other.client.cookie });
    expect(await subscribe(single, userChannel(other.userId))).toMatchObject({ type: 'subscribed' });
    open[0]?.socket.close();
    await open[0]?.closed;
    await vi.waitFor(() => expect(server.context.realtime.size).toBe(20));
    const again = openSocket(server, { cookie: tabs.client.cookie });
    expect(await subscribe(again, userChannel(tabs.userId))).toMatchObject({ type: 'subscribed' });
    for (const socket of [...open, single, again]) socket.socket.close();
  });

  it('closes the socket with 1008 when its session is signed out', async () => {
    const carol = await member(server, 'carol');
    const connection = openSocket(server, { cookie: carol.client.cookie });
    await subscribe(connection, userChannel(carol.userId));
    expect((await carol.client.delete('/api/auth/session')).status).toBe(204);
    expect(await connection.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'session ended' });
  });

  it('closes a socket with 1008 on the heartbeat after its session expired, and keeps a live one', async () => {
    const fay = await member(server, 'fay');
    const expiring = openSocket(server, { cookie: fay.client.cookie });
    await subscribe(expiring, userChannel(fay.userId));
    server.advanceClock(SESSION_TTL_MS + DAY_MS);
    try {
      // Gus signs in after the jump: his session lives on.
      const gus = await member(server, 'gus');
      const live = openSocket(server, { cookie: gus.client.cookie });
      await subscribe(live, userChannel(gus.userId));
      await server.context.realtime.heartbeat();
      expect(await expiring.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'session ended' });
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      live.socket.close();
    } finally {
      server.advanceClock(-(SESSION_TTL_MS + DAY_MS));
    }
  });

  it('drops a socket that stops answering pings', async () => {
    const dave = await member(server, 'dave');
    const connection = openSocket(server, { cookie: dave.client.cookie, autoPong: false });
    await subscribe(connection, userChannel(dave.userId));
    const before = server.context.realtime.size;
    await server.context.realtime.heartbeat();
    expect(server.context.realtime.size).toBe(before);
    await server.context.realtime.heartbeat();
    expect((await connection.closed).code).toBe(1006);
    expect(server.context.realtime.size).toBe(before - 1);
  });

  it('drops a reader that falls behind instead of buffering for it', async () => {
    const erin = await member(server, 'erin');
    const connection = openSocket(server, { cookie: erin.client.cookie });
    await subscribe(connection, userChannel(erin.userId));
    // The client stops reading: the kernel's buffers fill, then the server's own queue would grow.
    connection.socket.pause();
    const big = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 400 && server.context.realtime.size > 0; i++) {
      server.context.realtime.publish(userChannel(erin.userId), 'account.changed', { big });
      await new Promise((resolve) => setImmediate(resolve));
    }
    connection.socket.resume();
    expect((await connection.closed).code).toBe(1006);
  });
});

describe.runIf(CAN_SHARE_REDIS)('realtime across instances (Redis)', () => {
  const instances = instancesSharingRedis();

  it('delivers an event published on one instance to a socket on the other, and a sign-out there closes it', async () => {
    const frank = await member(instances.first, 'frank');
    const connection = openSocket(instances.first, { cookie: frank.client.cookie });
    await subscribe(connection, userChannel(frank.userId));
    instances.second.context.realtime.publish(userChannel(frank.userId), 'account.changed', { from: 'second' });
    expect(await connection.next((message) => message.type === 'event')).toMatchObject({ data: { from: 'second' } });
    // Many at once (a mass message's batch) travel as one message and arrive each on its channel.
    instances.second.context.realtime.publishMany([
      { channel: userChannel('someone-else'), event: 'account.changed', data: { n: 1 } },
      { channel: userChannel(frank.userId), event: 'account.changed', data: { n: 2 } },
    ]);
    expect(await connection.next((message) => message.type === 'event' && (message.data as { n?: number }).n === 2)).toMatchObject({
      data: { n: 2 },
    });
    expect(connection.received.filter((message) => message.type === 'event')).toHaveLength(2);

    const onSecond = new ApiClient(instances.second);
    onSecond.cookie = frank.client.cookie;
    expect((await onSecond.delete('/api/auth/session')).status).toBe(204);
    expect(await connection.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'session ended' });
  });

  it('holds at most 20 sockets of one member across both instances, and counts one closed on either', async () => {
    const tabs = await member(instances.first, 'clustertabs');
    const onInstance = (index: number) => (index % 2 === 0 ? instances.first : instances.second);
    const open = [];
    for (let index = 0; index < 20; index++) {
      const socket = openSocket(onInstance(index), { cookie: tabs.client.cookie });
      expect(await subscribe(socket, userChannel(tabs.userId))).toMatchObject({ type: 'subscribed' });
      open.push(socket);
    }
    for (const instance of [instances.first, instances.second]) {
      const extra = openSocket(instance, { cookie: tabs.client.cookie });
      expect(await extra.closed).toEqual({ code: 1013, reason: 'too many open connections' });
    }
    // One closed on the first instance makes room on the second.
    open[0]?.socket.close();
    await open[0]?.closed;
    await vi.waitFor(() => expect(instances.first.context.realtime.size).toBe(9));
    const again = openSocket(instances.second, { cookie: tabs.client.cookie });
    expect(await subscribe(again, userChannel(tabs.userId))).toMatchObject({ type: 'subscribed' });
    instances.first.context.realtime.publish(userChannel(tabs.userId), 'account.changed', { n: 1 });
    expect(await again.next((message) => message.type === 'event')).toMatchObject({ data: { n: 1 } });
    for (const socket of [...open, again]) socket.socket.close();
  });
});
