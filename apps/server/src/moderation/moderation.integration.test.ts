import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, grantCreatorLabel, subscribe, uniqueEmail, uniqueHandle } from '../../test/content-fixtures.js';
import { registerAndFillProfileSteps } from '../../test/creator-steps.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { subscriptions } from '../db/schema.js';

const ADMIN_EMAIL = 'moderation-admin@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('moderator'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

async function person(prefix: string, options: { creator?: boolean } = {}) {
  const client = new ApiClient(server);
  const email = uniqueEmail(prefix);
  const me = await client.register(email, uniqueHandle(prefix), `${prefix} name`);
  if (options.creator) await grantCreatorLabel(server, me.id);
  return { client, id: me.id as string, email };
}

async function publicPost(creator: ApiClient, text: string): Promise<string> {
  const created = await creator.post('/api/posts', { text, access: ['public'] });
  expect(created.status).toBe(201);
  return created.body.id;
}

const reportPost = (client: ApiClient, postId: string, reason = 'spam', text = '') =>
  client.post('/api/reports', { targetKind: 'post', targetId: postId, reason, text });

/** Mails to an address whose subject matches, waiting for the first. */
async function mailTo(email: string, subject: RegExp) {
  for (let tries = 0; tries < 50; tries++) {
    const found = server.smtp.messages.find((mail) => mail.to === email.toLowerCase() && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} matching ${subject}`);
}

describe(`reports and moderation (${TEST_DRIVER})`, () => {
  it('takes one open report per reporter and target, and refuses one own content, hidden and unknown targets', async () => {
    const creator = await person('reported', { creator: true });
    const member = await person('reporter');
    const postId = await publicPost(creator.client, 'Buy followers cheap');

    const filed = await reportPost(member.client, postId, 'spam', '  Selling followers  ');
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ targetKind: 'post', targetId: postId, reason: 'spam', text: 'Selling followers', status: 'open' });
    const again = await reportPost(member.client, postId, 'hate');
    expect([again.status, again.body.type]).toEqual([409, 'already_reported']);

    const own = await reportPost(creator.client, postId);
    expect([own.status, own.body.type]).toEqual([400, 'cannot_report_self']);
    const self = await member.client.post('/api/reports', { targetKind: 'user', targetId: member.id, reason: 'other' });
    expect(self.body.type).toBe('cannot_report_self');
    const privatePost = await creator.client.post('/api/posts', { text: 'Private', access: ['private'] });
    expect((await reportPost(member.client, privatePost.body.id)).status).toBe(404);
    expect((await reportPost(member.client, generateId())).status).toBe(404);
    expect((await member.client.post('/api/reports', { targetKind: 'message', targetId: generateId(), reason: 'spam' })).status).toBe(404);
    expect((await reportPost(member.client, postId, 'not-a-reason')).status).toBe(400);
    expect((await new ApiClient(server).post('/api/reports', { targetKind: 'post', targetId: postId, reason: 'spam' })).status).toBe(401);

    const mine = await member.client.get('/api/me/reports');
    expect(mine.body.items.map((report: { id: string }) => report.id)).toEqual([filed.body.id]);
  });

  it('groups open reports by target in the queue, pages it by keyset, and shows the content to admins only', async () => {
    const creator = await person('grouped', { creator: true });
    const first = await publicPost(creator.client, 'First reported post');
    const second = await publicPost(creator.client, 'Second reported post');
    const reporters = await Promise.all([person('rone'), person('rtwo'), person('rthree')]);
    for (const reporter of reporters) expect((await reportPost(reporter.client, first, 'harassment')).status).toBe(201);
    expect((await reportPost(reporters[0]!.client, second, 'violence')).status).toBe(201);

    const queue = await admin.get('/api/admin/reported-content?limit=100');
    expect(queue.status).toBe(200);
    const ours = queue.body.items.filter((item: { contentId: string }) => [first, second].includes(item.contentId));
    expect(ours.map((item: { contentId: string }) => item.contentId)).toEqual([second, first]);
    expect(ours[1]).toMatchObject({
      targetKind: 'post',
      openReports: 3,
      reasons: ['harassment'],
      excerpt: 'First reported post',
      author: { userId: creator.id, isCreator: true, suspended: false, banned: false },
    });

    // One item a page: every target once, in order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { contentId: string }[]; nextCursor: string | null } } = await admin.get(
        `/api/admin/reported-content?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items.map((item) => item.contentId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(queue.body.items.map((item: { contentId: string }) => item.contentId));
    expect((await admin.get('/api/admin/reported-content?cursor=bogus')).body.type).toBe('invalid_cursor');

    const detail = await admin.get(`/api/admin/reported-content/${first}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ contentId: first, targetKind: 'post', text: 'First reported post', removedAt: null });
    expect(detail.body.actions).toEqual(['dismiss', 'remove_content', 'suspend_creator', 'ban_user']);
    expect(detail.body.reports).toHaveLength(3);
    expect((await admin.get(`/api/admin/reported-content/${generateId()}`)).status).toBe(404);
    const refused = await reporters[0]!.client.get(`/api/admin/reported-content/${first}`);
    expect([refused.status, refused.body.type]).toEqual([403, 'admin_only']);
  });

  it('removes a post: it disappears, the creator is told why, every reporter hears the outcome in the app and by mail', async () => {
    const creator = await person('removed', { creator: true });
    const postId = await publicPost(creator.client, 'Something nasty');
    const first = await person('witness');
    const second = await person('bystander');
    await reportPost(first.client, postId, 'hate');
    await reportPost(second.client, postId, 'hate', 'Really bad');

    const acted = await admin.post(`/api/admin/reported-content/${postId}/actions`, { action: 'remove_content', reason: 'Hate speech' });
    expect([acted.status, acted.body]).toEqual([200, { action: 'remove_content', resolvedReports: 2 }]);
    // The decision is in the audit log, with its reason and the reports it resolved.
    const audited = (await admin.get(`/api/admin/audit?targetId=${postId}`)).body.items;
    expect(audited).toMatchObject([{ action: 'content.removed', targetType: 'post', targetId: postId, reason: 'Hate speech' }]);
    expect(audited[0].after.resolvedReportIds).toHaveLength(2);

    expect((await first.client.get(`/api/posts/${postId}`)).status).toBe(404);
    expect((await creator.client.get(`/api/users/${creator.id}/posts`)).body.items).toEqual([]);
    // Admins still see it, removed, with no actions left; a second decision is refused.
    const detail = await admin.get(`/api/admin/reported-content/${postId}`);
    expect(detail.body.removedAt).not.toBeNull();
    expect(detail.body.actions).toEqual([]);
    expect(detail.body.reports.map((report: { status: string; outcome: string }) => [report.status, report.outcome])).toEqual([
      ['resolved', 'remove_content'],
      ['resolved', 'remove_content'],
    ]);
    const twice = await admin.post(`/api/admin/reported-content/${postId}/actions`, { action: 'dismiss', reason: 'Again' });
    expect([twice.status, twice.body.type]).toEqual([409, 'moderation_action_not_applicable']);
    expect(
      (await admin.get('/api/admin/reported-content?limit=100')).body.items.map((item: { contentId: string }) => item.contentId),
    ).not.toContain(postId);

    for (const reporter of [first, second]) {
      const notices = await reporter.client.get('/api/me/moderation-notices');
      expect(notices.body.unread).toBe(1);
      expect(notices.body.items[0]).toMatchObject({ kind: 'report_outcome', message: expect.stringContaining('We removed the content') });
      expect((await reporter.client.get('/api/me/reports')).body.items[0]).toMatchObject({ status: 'resolved', outcome: 'remove_content' });
      expect((await mailTo(reporter.email, /looked into your report/)).text).toContain('We removed the content you reported.');
    }
    // The creator is told which post, with a link to it, whose page says why it was removed (and to them only).
    const told = await creator.client.get('/api/me/moderation-notices');
    expect(told.body.items[0]).toMatchObject({
      kind: 'content_removed',
      reason: 'Hate speech',
      postId,
      message: 'An admin removed your post “Something nasty” for breaking our rules.',
    });
    const mail = (await mailTo(creator.email, /posts was removed/)).text;
    for (const part of ['Hate speech', '“Something nasty”', `/posts/${postId}`]) expect(mail).toContain(part);
    const ownPage = await creator.client.get(`/api/posts/${postId}`);
    expect([ownPage.status, ownPage.body.type, ownPage.body.message]).toEqual([
      410,
      'post_removed',
      'An admin removed this post for breaking our rules. The reason given: Hate speech',
    ]);
    expect((await first.client.post('/api/me/moderation-notices/read')).body).toEqual({ unread: 0 });
    expect((await first.client.get('/api/me/moderation-notices')).body.unread).toBe(0);

    // After a decision the reporter may report the same target again.
    const other = await publicPost(creator.client, 'Another one');
    await reportPost(first.client, other);
    const dismissed = await admin.post(`/api/admin/reported-content/${other}/actions`, { action: 'dismiss', reason: 'Fine' });
    expect(dismissed.body.resolvedReports).toBe(1);
    expect((await first.client.get(`/api/posts/${other}`)).status).toBe(200);
    expect((await reportPost(first.client, other)).status).toBe(201);
  });

  it("removes a chat message from both sides' history; users have no content to remove", async () => {
    const creator = await person('chatter', { creator: true });
    const member = await person('listener');
    const plan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    await subscribe(server, member.id, plan, new Date(Date.now() + 30 * DAY_MS));
    const chat = await member.client.post('/api/chats', { partnerId: creator.id });
    const sent = await creator.client.post(`/api/chats/${chat.body.id}/messages`, { id: generateId(), text: 'Rude words here' });
    const kept = await creator.client.post(`/api/chats/${chat.body.id}/messages`, { id: generateId(), text: 'Kind words' });

    const stranger = await person('outsider');
    const outside = await stranger.client.post('/api/reports', { targetKind: 'message', targetId: sent.body.id, reason: 'harassment' });
    expect(outside.status).toBe(404);
    const filed = await member.client.post('/api/reports', { targetKind: 'message', targetId: sent.body.id, reason: 'harassment' });
    expect(filed.status).toBe(201);
    const detail = await admin.get(`/api/admin/reported-content/${sent.body.id}`);
    expect(detail.body).toMatchObject({ targetKind: 'message', text: 'Rude words here', author: { userId: creator.id } });

    await admin.post(`/api/admin/reported-content/${sent.body.id}/actions`, { action: 'remove_content', reason: 'Harassment' });
    for (const side of [member, creator]) {
      const history = await side.client.get(`/api/chats/${chat.body.id}/messages`);
      expect(history.body.items.map((message: { id: string }) => message.id)).toEqual([kept.body.id]);
    }

    const userReport = await member.client.post('/api/reports', { targetKind: 'user', targetId: stranger.id, reason: 'impersonation' });
    expect(userReport.status).toBe(201);
    const userDetail = await admin.get(`/api/admin/reported-content/${stranger.id}`);
    expect(userDetail.body.actions).toEqual(['dismiss', 'ban_user']);
    const notApplicable = await admin.post(`/api/admin/reported-content/${stranger.id}/actions`, { action: 'remove_content', reason: 'x' });
    expect([notApplicable.status, notApplicable.body.type]).toEqual([409, 'moderation_action_not_applicable']);
  });

  it('suspends a creator: posts hidden everywhere, renewals stop, subscribers told; the creator still signs in', async () => {
    const creator = await person('suspended', { creator: true });
    const plan = await createActivePlan(creator.client, 'Monthly', 500);
    const postId = await publicPost(creator.client, 'Still here?');
    const subscriber = await person('loyal');
    // Due for renewal tomorrow: the sweep would pick it up.
    await subscribe(server, subscriber.id, plan, new Date(Date.now() + 12 * 60 * 60 * 1000));
    await reportPost(subscriber.client, postId, 'illegal');

    await admin.post(`/api/admin/reported-content/${postId}/actions`, { action: 'suspend_creator', reason: 'Repeated breaches' });
    expect((await subscriber.client.get(`/api/posts/${postId}`)).status).toBe(404);
    expect((await subscriber.client.get('/api/feed')).body.items.map((post: { id: string }) => post.id)).not.toContain(postId);
    expect((await creator.client.get('/api/me')).status).toBe(200);

    await server.context.renewals.renewDue();
    const [row] = await server.context.database.db
      .select({ renewalFailedAt: subscriptions.renewalFailedAt, paidAt: subscriptions.paidAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, subscriber.id));
    expect(row).toEqual({ renewalFailedAt: null, paidAt: null });

    const kinds = (await subscriber.client.get('/api/me/moderation-notices')).body.items.map((notice: { kind: string }) => notice.kind);
    expect(kinds.sort()).toEqual(['creator_suspended', 'report_outcome']);
    await mailTo(subscriber.email, /creator you subscribe to was suspended/);
    expect((await creator.client.get('/api/me/moderation-notices')).body.items[0]).toMatchObject({
      kind: 'account_suspended',
      reason: 'Repeated breaches',
    });
    expect((await admin.get(`/api/admin/reported-content/${postId}`)).body.author.suspended).toBe(true);
  });

  it('bans a user: their sessions end and their account cannot be reported again', async () => {
    const troll = await person('troll');
    const member = await person('victim');
    await member.client.post('/api/reports', { targetKind: 'user', targetId: troll.id, reason: 'harassment' });
    await admin.post(`/api/admin/reported-content/${troll.id}/actions`, { action: 'ban_user', reason: 'Harassment' });
    expect((await troll.client.get('/api/me')).status).toBe(401);
    expect((await member.client.post('/api/reports', { targetKind: 'user', targetId: troll.id, reason: 'spam' })).status).toBe(404);
    expect((await mailTo(troll.email, /banned/)).text).toContain('Harassment');
  });

  it('refuses restricted words in post text, message text and profile fields, with the words in details', async () => {
    const saved = await admin.request('PUT', '/api/admin/restricted-words', { words: [' Scam ', 'scam', 'fraud'] });
    expect([saved.status, saved.body]).toEqual([200, { words: ['fraud', 'scam'] }]);
    expect((await admin.get('/api/admin/restricted-words')).body).toEqual({ words: ['fraud', 'scam'] });

    const creator = await person('wordy', { creator: true });
    const refused = await creator.client.post('/api/posts', { text: 'Not a SCAM, honest', access: ['public'] });
    expect([refused.status, refused.body.type]).toEqual([400, 'restricted_words']);
    expect(refused.body.details).toEqual([{ path: 'text', message: 'scam' }]);
    // Whole words only.
    expect((await creator.client.post('/api/posts', { text: 'Scampi for dinner', access: ['public'] })).status).toBe(201);
    const post = await publicPost(creator.client, 'Fine');
    expect((await creator.client.request('PATCH', `/api/posts/${post}`, { text: 'fraud!' })).body.type).toBe('restricted_words');

    const member = await person('talker');
    const plan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    await subscribe(server, member.id, plan, new Date(Date.now() + 30 * DAY_MS));
    const chat = await member.client.post('/api/chats', { partnerId: creator.id });
    const message = await member.client.post(`/api/chats/${chat.body.id}/messages`, { id: generateId(), text: 'is this fraud?' });
    expect([message.status, message.body.type]).toEqual([400, 'restricted_words']);

    const profile = await member.client.post('/api/me/profile', { handle: uniqueHandle('clean'), publicName: 'Scam Master' });
    expect([profile.status, profile.body.details]).toEqual([400, [{ path: 'publicName', message: 'scam' }]]);
    const aspiring = new ApiClient(server);
    await registerAndFillProfileSteps(server, aspiring, uniqueEmail('aspiring'), uniqueHandle('aspiring'));
    const bio = await aspiring.request('PUT', '/api/creator/onboarding/images-bio', { bio: 'No fraud here' });
    expect([bio.status, bio.body.type, bio.body.details]).toEqual([400, 'restricted_words', [{ path: 'bio', message: 'fraud' }]]);

    const forbidden = await member.client.request('PUT', '/api/admin/restricted-words', { words: [] });
    expect([forbidden.status, forbidden.body.type]).toEqual([403, 'admin_only']);
    await admin.request('PUT', '/api/admin/restricted-words', { words: [] });
    expect((await creator.client.post('/api/posts', { text: 'A scam?', access: ['public'] })).status).toBe(201);
  });
});
