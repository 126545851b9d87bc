import { generateId, SUPPORT_TICKET_EVENT, userChannel } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaRow, uniqueEmail, uniqueHandle } from '../../test/content-fixtures.js';
import { openSocket, subscribe } from '../../test/realtime-client.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog } from '../db/schema.js';

let server: TestServer;
const ADMIN_EMAIL = 'support-admin@example.com';
const OTHER_ADMIN_EMAIL = 'support-admin-2@example.com';
let admin: ApiClient;
let otherAdmin: ApiClient;
let adminId: string;
/** The first test's screenshot, which the last one checks the purge keeps. */
let screenshotInUse: string;

async function person(prefix: string) {
  const client = new ApiClient(server);
  const email = uniqueEmail(prefix);
  const me = await client.register(email, uniqueHandle(prefix), `${prefix} name`);
  return { client, email, id: me.id as string };
}

/** A ready picture of the owner with bytes behind its thumbnail. */
async function screenshotOf(ownerId: string, kind: 'image' | 'video' = 'image', status: 'ready' | 'failed' = 'ready') {
  const mediaId = await insertMediaRow(server, ownerId, status, kind);
  await server.context.storage.put(`fixtures/${mediaId}/thumb`, Buffer.from(`pixels of ${mediaId}`), { contentType: 'image/webp' });
  return mediaId;
}

async function fetchBytes(client: ApiClient | null, url: string) {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()).toString() };
}

const auditRows = (ticketId: string) =>
  server.context.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, ticketId), eq(auditLog.targetType, 'support_ticket')));

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: `${ADMIN_EMAIL},${OTHER_ADMIN_EMAIL}` });
  admin = new ApiClient(server);
  adminId = (await admin.register(ADMIN_EMAIL, uniqueHandle('supportadmin'))).id;
  await admin.addAuthenticatorApp();
  otherAdmin = new ApiClient(server);
  await otherAdmin.register(OTHER_ADMIN_EMAIL, uniqueHandle('supportadmin2'));
  await otherAdmin.addAuthenticatorApp();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe(`support tickets (${TEST_DRIVER})`, () => {
  it('opens a ticket with a screenshot that only its author and admins can fetch', async () => {
    const member = await person('ticketauthor');
    const stranger = await person('ticketstranger');
    const mediaId = await screenshotOf(member.id);
    const opened = await member.client.post('/api/support/tickets', {
      subject: '  Cannot pay  ',
      message: 'The card form says no.',
      screenshotMediaId: mediaId,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.ticket).toMatchObject({ subject: 'Cannot pay', status: 'open', messageCount: 1, closedAt: null });
    expect(opened.body.ticket.waitingSince).toBe(opened.body.ticket.createdAt);
    const [first] = opened.body.messages.items;
    expect(first).toMatchObject({ fromSupport: false, body: 'The card form says no.' });
    expect(first.writer).toBeUndefined();
    const thumbUrl: string = first.screenshot.urls.thumb;
    expect(thumbUrl).toMatch(new RegExp(`^/api/support/tickets/${opened.body.ticket.id}/messages/${first.id}/screenshot/thumb\\?v=`));
    expect(JSON.stringify(opened.body)).not.toContain(mediaId);

    expect(await fetchBytes(member.client, thumbUrl)).toEqual({ status: 200, body: `pixels of ${mediaId}` });
    expect((await fetchBytes(stranger.client, thumbUrl)).status).toBe(404);
    expect((await fetchBytes(admin, thumbUrl)).status).toBe(404);
    expect((await fetchBytes(null, thumbUrl)).status).toBe(401);
    // The same screenshot through the admin route: admins only (the admin guard answers everyone else).
    const adminUrl = thumbUrl.replace('/api/support/', '/api/admin/support/');
    expect(await fetchBytes(admin, adminUrl)).toEqual({ status: 200, body: `pixels of ${mediaId}` });
    expect((await fetchBytes(member.client, adminUrl)).status).toBe(403);

    // Others do not see the ticket at all.
    expect((await stranger.client.get(`/api/support/tickets/${opened.body.ticket.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/support/tickets/${opened.body.ticket.id}/messages`, { message: 'me too' })).status).toBe(404);
    expect((await stranger.client.post(`/api/support/tickets/${opened.body.ticket.id}/close`)).status).toBe(404);
    expect((await stranger.client.get('/api/support/tickets')).body.items).toEqual([]);
    const mine = await member.client.get('/api/support/tickets');
    expect(mine.body.items.map((ticket: { id: string }) => ticket.id)).toEqual([opened.body.ticket.id]);
    screenshotInUse = mediaId;
  });

  it('refuses bad input with clear codes, and never checks restricted words', async () => {
    const member = await person('ticketinput');
    const other = await person('ticketinputother');
    const post = (body: unknown) => member.client.post('/api/support/tickets', body);
    expect((await post({ subject: '', message: 'x' })).body.type).toBe('validation_failed');
    expect((await post({ subject: 'a\nb', message: 'x' })).body.type).toBe('validation_failed');
    expect((await post({ subject: 'x', message: ' ' })).body.type).toBe('validation_failed');
    expect((await post({ subject: 'x', message: 'y'.repeat(5001) })).body.type).toBe('validation_failed');
    expect((await post({ subject: 'x', message: 'y', screenshotMediaId: 'not an id!' })).body.type).toBe('validation_failed');
    const someoneElses = await post({ subject: 'x', message: 'y', screenshotMediaId: await screenshotOf(other.id) });
    expect([someoneElses.status, someoneElses.body.type]).toEqual([404, 'media_not_found']);
    const video = await post({ subject: 'x', message: 'y', screenshotMediaId: await screenshotOf(member.id, 'video') });
    expect([video.status, video.body.type]).toEqual([422, 'media_not_image']);
    const failed = await post({ subject: 'x', message: 'y', screenshotMediaId: await screenshotOf(member.id, 'image', 'failed') });
    expect([failed.status, failed.body.type]).toEqual([422, 'media_unusable']);
    expect((await member.client.get('/api/support/tickets?cursor=!!')).body.type).toBe('validation_failed');
    expect((await member.client.get(`/api/support/tickets?cursor=${Buffer.from('[1]').toString('base64url')}`)).body.type).toBe(
      'invalid_cursor',
    );
    expect((await admin.get('/api/admin/support/tickets?status=pending')).body.type).toBe('validation_failed');

    expect((await admin.request('PUT', '/api/admin/restricted-words', { words: ['scam'] })).status).toBe(200);
    try {
      const quoting = await post({ subject: 'Reporting a scam', message: 'He wrote "this is no scam" to me.' });
      expect(quoting.status).toBe(201);
    } finally {
      await admin.request('PUT', '/api/admin/restricted-words', { words: [] });
    }
  });

  it('goes back and forth: support answers (audited, mailed), the author writes again (mailed to that admin), closes and reopens', async () => {
    const member = await person('ticketthread');
    const opened = await member.client.post('/api/support/tickets', { subject: 'Refund?', message: 'I was charged twice.' });
    const ticketId: string = opened.body.ticket.id;
    // The author's open tab, told live when support changes the ticket.
    const tab = openSocket(server, { cookie: member.client.cookie });
    await subscribe(tab, userChannel(member.id));

    const answered = await admin.post(`/api/admin/support/tickets/${ticketId}/messages`, { message: 'We refunded one.' });
    expect(answered.status).toBe(200);
    const told = await tab.next((message) => message.type === 'event' && message.event === SUPPORT_TICKET_EVENT);
    expect(told).toMatchObject({ channel: userChannel(member.id), data: { ticketId } });
    tab.socket.close();
    expect(answered.body.ticket).toMatchObject({ status: 'answered', waitingSince: null, messageCount: 2 });
    expect(answered.body.message).toMatchObject({ fromSupport: true, body: 'We refunded one.', writer: { userId: adminId } });
    const toAuthor = await server.smtp.nextMailTo(member.email);
    expect(toAuthor.subject).toBe('Support answered: Refund?');
    expect(toAuthor.text).toContain('We refunded one.');
    expect(toAuthor.text).toContain(`/support/${ticketId}`);
    const [replied] = await auditRows(ticketId);
    expect(replied).toMatchObject({
      actorId: adminId,
      action: 'support.replied',
      before: { status: 'open' },
      after: { status: 'answered', messageId: answered.body.message.id },
    });

    // The author sees "Support", not which admin.
    const thread = await member.client.get(`/api/support/tickets/${ticketId}`);
    expect(thread.body.ticket.status).toBe('answered');
    expect(thread.body.messages.items.map((message: { fromSupport: boolean }) => message.fromSupport)).toEqual([false, true]);
    expect(thread.body.messages.items[1].writer).toBeUndefined();

    server.advanceClock(1000);
    const again = await member.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'Thanks, and the other one?' });
    expect(again.body.ticket).toMatchObject({ status: 'open', messageCount: 3 });
    expect(again.body.ticket.waitingSince).toBe(again.body.message.createdAt);
    const toAdmin = await server.smtp.nextMailTo(ADMIN_EMAIL);
    expect(toAdmin.subject).toBe('New message on a support ticket: Refund?');
    expect(toAdmin.text).toContain('Thanks, and the other one?');
    expect(toAdmin.text).toContain(`/admin/support/${ticketId}`);
    // The admin who never answered is not mailed.
    await expect(server.smtp.nextMailTo(OTHER_ADMIN_EMAIL, 300)).rejects.toThrow();

    const closed = await member.client.post(`/api/support/tickets/${ticketId}/close`);
    expect(closed.body).toMatchObject({ status: 'closed', waitingSince: null });
    expect(closed.body.closedAt).not.toBeNull();
    const refused = await member.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'hello?' });
    expect([refused.status, refused.body.type]).toEqual([409, 'support_ticket_closed']);
    const adminRefused = await admin.post(`/api/admin/support/tickets/${ticketId}/messages`, { message: 'hello?' });
    expect([adminRefused.status, adminRefused.body.type]).toEqual([409, 'support_ticket_closed']);
    expect((await member.client.post(`/api/support/tickets/${ticketId}/close`)).body.status).toBe('closed');

    const reopened = await member.client.post(`/api/support/tickets/${ticketId}/reopen`);
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null });
    expect(reopened.body.waitingSince).not.toBeNull();

    // An admin's close and reopen are audited, with the reason; a close that changes nothing is not.
    expect((await admin.post(`/api/admin/support/tickets/${ticketId}/close`, { reason: 'Solved' })).body.status).toBe('closed');
    expect((await admin.post(`/api/admin/support/tickets/${ticketId}/close`, {})).body.status).toBe('closed');
    expect((await admin.post(`/api/admin/support/tickets/${ticketId}/reopen`, {})).body.status).toBe('open');
    const actions = (await auditRows(ticketId)).map((row) => [row.action, row.reason]);
    expect(actions.sort()).toEqual([
      ['support.closed', 'Solved'],
      ['support.reopened', null],
      ['support.replied', null],
    ]);
    // Nothing of the member's own doings is audited.
    expect(actions).toHaveLength(3);

    const adminThread = await admin.get(`/api/admin/support/tickets/${ticketId}`);
    expect(adminThread.body.ticket.author).toMatchObject({ userId: member.id, email: member.email });
    expect(adminThread.body.messages.items).toHaveLength(3);
    expect((await admin.get(`/api/admin/support/tickets/${generateId()}`)).status).toBe(404);
  });

  it('queues open tickets oldest waiting first, filters by status, pages by keyset, and counts them on the overview', async () => {
    const before = (await admin.get('/api/admin/overview')).body.attention as { kind: string; count: number }[];
    const openBefore = before.find((item) => item.kind === 'open_support_tickets')?.count ?? 0;
    expect(before.map((item) => item.kind)).toContain('open_reports');

    const member = await person('ticketqueue');
    const ids: string[] = [];
    for (const subject of ['first', 'second', 'third']) {
      server.advanceClock(1000);
      ids.push((await member.client.post('/api/support/tickets', { subject, message: subject })).body.ticket.id);
    }
    const [first, second, third] = ids as [string, string, string];
    // The first is answered, then its author writes again: it now waits the shortest.
    await admin.post(`/api/admin/support/tickets/${first}/messages`, { message: 'answer' });
    server.advanceClock(1000);
    await member.client.post(`/api/support/tickets/${first}/messages`, { message: 'again' });
    await member.client.post(`/api/support/tickets/${third}/close`);

    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await admin.get(
          `/api/admin/support/tickets?limit=1${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.body.items.map((item) => item.id));
        cursor = page.body.nextCursor;
      } while (cursor);
      return seen.filter((id) => ids.includes(id));
    };
    expect(await walk('')).toEqual([second, first]);
    expect(await walk('&status=closed')).toEqual([third]);
    expect(await walk('&status=all')).toEqual([third, second, first]);
    expect(await walk('&status=answered')).toEqual([]);

    const after = (await admin.get('/api/admin/overview')).body.attention as { kind: string; count: number }[];
    expect(after.find((item) => item.kind === 'open_support_tickets')?.count).toBe(openBefore + 2);

    const queueRow = (await admin.get('/api/admin/support/tickets?limit=100')).body.items.find(
      (item: { id: string }) => item.id === second,
    );
    expect(queueRow.author).toMatchObject({ userId: member.id, email: member.email });
  });

  // Last: it moves the clock past every session.
  it('keeps a screenshot in use when the sweep deletes unused uploads, however old', async () => {
    const unused = await screenshotOf(adminId);
    server.advanceClock(30 * 24 * 60 * 60 * 1000);
    await server.context.media.purgeUnused();
    expect(await server.context.media.getMedia(screenshotInUse)).not.toBeNull();
    expect(await server.context.media.getMedia(unused)).toBeNull();
  });
});
