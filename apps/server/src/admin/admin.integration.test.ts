import { generateId } from '@aurum/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog, charges, paymentMethods, profiles, userData, users, verificationRequests } from '../db/schema.js';

const ADMIN_EMAIL = 'chief-admin@example.com';
const OTHER_ADMIN_EMAIL = 'second-admin@example.com';

let server: TestServer;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: `${ADMIN_EMAIL},${OTHER_ADMIN_EMAIL}` });
  admin = new ApiClient(server);
  adminId = (await admin.register(ADMIN_EMAIL, uniqueHandle('chief'))).id;
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});
// Each test signs up a few people: a new rate-limit window for each.
beforeEach(() => {
  server?.advanceClock(16 * 60_000);
});

const auditOf = async (targetId: string) => (await admin.get(`/api/admin/audit?targetId=${targetId}`)).body.items;

describe(`the admin users list (${TEST_DRIVER})`, () => {
  it('pages 25 newest first without losing or repeating anyone, and searches and filters', async () => {
    const tag = `pager${Date.now().toString(36)}`;
    const made: string[] = [];
    // Accounts made straight in the database (sign-in is rate limited per address), within the same millisecond too.
    const { db } = server.context.database;
    for (let i = 0; i < 27; i++) {
      const id = generateId();
      await db.insert(users).values({ id, email: `${tag}x${i}@example.com`, createdAt: new Date(Math.floor(i / 3) * 1000 + Date.now()) });
      await db.insert(profiles).values({ userId: id, avatarColor: '#123456', handle: `${tag}x${i}` });
      await db.insert(userData).values({ userId: id });
      made.push(id);
    }
    const first = await admin.get(`/api/admin/users?q=${tag}`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await admin.get(`/api/admin/users?q=${tag}&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.items, ...second.body.items].map((user: { id: string }) => user.id);
    const newestFirst = [...made].sort((a, b) => made.indexOf(b) - made.indexOf(a));
    expect(new Set(ids)).toEqual(new Set(newestFirst));
    expect(ids).toHaveLength(27);
    // Newest first; accounts made in the same instant by id.
    const keyOf = (id: string) => Math.floor(made.indexOf(id) / 3);
    expect(ids.map(keyOf)).toEqual(ids.map(keyOf).sort((a, b) => b - a));

    // By handle (any case), by address, by public name.
    const someone = await signUp(server, `${tag}needle`);
    const row = (await admin.get(`/api/admin/users?q=${tag.toUpperCase()}NEEDLE`)).body.items;
    expect(row.map((user: { id: string }) => user.id)).toEqual([someone.id]);
    expect(row[0]).toMatchObject({ labels: [], disabledAt: null, identityVerifiedAt: null });
    expect(row[0].email).toContain('needle');
    const byName = (await admin.get(`/api/admin/users?q=${encodeURIComponent(`${tag}needle name`)}`)).body.items;
    expect(byName.map((user: { id: string }) => user.id)).toEqual([someone.id]);

    // Filters: label, disabled, verified.
    const creator = await signUp(server, `${tag}maker`, { creator: true });
    const creators = (await admin.get(`/api/admin/users?q=${tag}&label=creators`)).body.items;
    expect(creators.map((user: { id: string }) => user.id)).toEqual([creator.id]);
    await admin.post(`/api/admin/users/${made[3]}/disable`, {});
    const disabled = (await admin.get(`/api/admin/users?q=${tag}&disabled=yes`)).body.items;
    expect(disabled.map((user: { id: string }) => user.id)).toEqual([made[3]]);
    expect((await admin.get(`/api/admin/users?q=${tag}&disabled=no&limit=100`)).body.items).toHaveLength(28);
    expect((await admin.get(`/api/admin/users?q=${tag}&disabled=no&label=creators`)).body.items).toHaveLength(1);
    await admin.post(`/api/admin/users/${made[5]}/age-verification`);
    const verified = (await admin.get(`/api/admin/users?q=${tag}&verified=yes`)).body.items;
    expect(verified.map((user: { id: string }) => user.id)).toEqual([made[5]]);

    expect((await admin.get('/api/admin/users?cursor=bm9wZQ')).body.type).toBe('invalid_cursor');
    expect((await admin.get('/api/admin/users?label=members')).status).toBe(400);
  });

  it("shows one user's detail: profile, labels, sessions, subscriptions, payments and identity checks", async () => {
    const member = await signUp(server, 'detailed');
    const detail = await admin.get(`/api/admin/users/${member.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.user).toMatchObject({ id: member.id, labels: [], publicName: 'detailed name', followerCount: 0 });
    expect(detail.body.sessions).toHaveLength(1);
    expect(detail.body).toMatchObject({ subscriptions: [], payments: [], verifications: [] });
    expect((await admin.get(`/api/admin/users/${generateId()}`)).status).toBe(404);
  });
});

describe(`admin actions (${TEST_DRIVER})`, () => {
  it('grants and revokes labels, each with an audit row; never revokes the own admins label', async () => {
    const member = await signUp(server, 'promoted');
    const granted = await admin.post(`/api/admin/users/${member.id}/labels`, { label: 'creators', granted: true, reason: 'known artist' });
    expect(granted.status).toBe(200);
    expect(granted.body.user.labels).toEqual(['creators']);
    // The member's session reads the label at once.
    expect((await member.client.get('/api/me')).body.roles).toEqual(['creators', 'members']);
    // Again: nothing changes and nothing new is recorded.
    await admin.post(`/api/admin/users/${member.id}/labels`, { label: 'creators', granted: true });
    await admin.post(`/api/admin/users/${member.id}/labels`, { label: 'admins', granted: true });
    const revoked = await admin.post(`/api/admin/users/${member.id}/labels`, { label: 'creators', granted: false });
    expect(revoked.body.user.labels).toEqual(['admins']);
    expect((await member.client.get('/api/admin/users')).status).toBe(200);

    const rows = await auditOf(member.id);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['user.label_revoked', 'user.label_granted', 'user.label_granted']);
    expect(rows[2]).toMatchObject({
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      targetType: 'user',
      targetId: member.id,
      before: { labels: [] },
      after: { labels: ['creators'] },
      reason: 'known artist',
    });
    expect(rows[2].requestId).toBeTruthy();

    const own = await admin.post(`/api/admin/users/${adminId}/labels`, { label: 'admins', granted: false });
    expect(own.status).toBe(400);
    expect(own.body.type).toBe('cannot_revoke_own_admin');
    // Another admin may.
    const other = new ApiClient(server);
    const otherId = (await other.register(OTHER_ADMIN_EMAIL, uniqueHandle('second'))).id;
    const byOther = await admin.post(`/api/admin/users/${otherId}/labels`, { label: 'admins', granted: false });
    expect(byOther.body.user.labels).toEqual([]);
    expect((await other.get('/api/admin/users')).body.type).toBe('admin_only');
  });

  it("disables an account: its sessions end, a creator's posts disappear; enabling brings them back", async () => {
    const creator = await signUp(server, 'banned', { creator: true });
    const post = await creator.client.post('/api/posts', { text: 'public words', access: ['public'] });
    expect(post.status).toBe(201);
    const member = await signUp(server, 'reader');
    expect((await member.client.get(`/api/posts/${post.body.id}`)).status).toBe(200);

    const self = await admin.post(`/api/admin/users/${adminId}/disable`, {});
    expect(self.body.type).toBe('cannot_disable_self');

    const disabled = await admin.post(`/api/admin/users/${creator.id}/disable`, { reason: 'spam' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.sessionsEnded).toBe(1);
    expect(disabled.body.user.disabledAt).toBeTruthy();
    expect((await creator.client.get('/api/me')).status).toBe(401);
    expect((await member.client.get(`/api/posts/${post.body.id}`)).status).toBe(404);
    // Disabling again records nothing.
    expect((await admin.post(`/api/admin/users/${creator.id}/disable`, {})).body.sessionsEnded).toBe(0);

    const enabled = await admin.post(`/api/admin/users/${creator.id}/enable`, {});
    expect(enabled.body.user.disabledAt).toBeNull();
    expect((await member.client.get(`/api/posts/${post.body.id}`)).status).toBe(200);

    const rows = await auditOf(creator.id);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['user.enabled', 'user.disabled']);
    expect(rows[1]).toMatchObject({ before: { disabledAt: null }, after: { sessionsEnded: 1 }, reason: 'spam' });
  });

  it('revokes sessions and verifies age by hand, with audit rows; actions on nobody are 404', async () => {
    const member = await signUp(server, 'signedout');
    const revoked = await admin.post(`/api/admin/users/${member.id}/sessions/revoke`, { reason: 'lost phone' });
    expect(revoked.body.sessionsEnded).toBe(1);
    expect((await member.client.get('/api/me')).status).toBe(401);

    const verified = await admin.post(`/api/admin/users/${member.id}/age-verification`, { reason: 'passport seen' });
    expect(verified.status).toBe(200);
    const rows = await auditOf(member.id);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['user.age_verified', 'user.sessions_revoked']);
    expect(rows[0]).toMatchObject({ reason: 'passport seen', after: { identityVerifiedAt: verified.body.identityVerifiedAt } });

    for (const path of ['disable', 'enable', 'sessions/revoke', 'age-verification']) {
      expect((await admin.post(`/api/admin/users/${generateId()}/${path}`, {})).status).toBe(404);
    }
  });

  it('writes no audit row when the action fails, and the row goes with its action', async () => {
    const before = (await server.context.database.db.select().from(auditLog)).length;
    await admin.post(`/api/admin/users/${adminId}/disable`, {});
    await admin.post(`/api/admin/users/${generateId()}/labels`, { label: 'creators', granted: true });
    expect((await server.context.database.db.select().from(auditLog)).length).toBe(before);
  });
});

describe(`the audit log (${TEST_DRIVER})`, () => {
  it('pages newest first, filters by action and admin, and offers no way to change a row', async () => {
    const target = await signUp(server, 'audited');
    for (let i = 0; i < 3; i++) {
      await admin.post(`/api/admin/users/${target.id}/sessions/revoke`, {});
      server.advanceClock(1);
    }
    const first = await admin.get(`/api/admin/audit?targetId=${target.id}&limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await admin.get(`/api/admin/audit?targetId=${target.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((row: { id: string }) => row.id)).size).toBe(3);
    expect(all.map((row: { createdAt: string }) => row.createdAt)).toEqual(
      all
        .map((row: { createdAt: string }) => row.createdAt)
        .sort()
        .reverse(),
    );

    const byAction = (await admin.get(`/api/admin/audit?action=user.sessions_revoked&actorId=${adminId}&limit=100`)).body.items;
    expect(byAction.length).toBeGreaterThanOrEqual(3);
    expect(
      byAction.every((row: { action: string; actorId: string }) => row.action === 'user.sessions_revoked' && row.actorId === adminId),
    ).toBe(true);

    const id = first.body.items[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await admin.request(method, `/api/admin/audit/${id}`, method === 'DELETE' ? undefined : {})).status).toBe(404);
    }
    expect((await admin.request('DELETE', '/api/admin/audit')).status).toBe(404);
  });
});

describe(`the admin home (${TEST_DRIVER})`, () => {
  it('counts pending verification requests and payments failed in the last day', async () => {
    const before = (await admin.get('/api/admin/overview')).body.attention as { kind: string; count: number }[];
    const countOf = (list: { kind: string; count: number }[], kind: string) => list.find((item) => item.kind === kind)?.count;
    const member = await signUp(server, 'attention');
    const { db } = server.context.database;
    const now = server.context.now();
    await db.insert(verificationRequests).values({ id: generateId(), userId: member.id, provider: 'dev', status: 'pending' });
    const creator = await signUp(server, 'seller', { creator: true });
    const methodId = generateId();
    await db.insert(paymentMethods).values({
      id: methodId,
      userId: member.id,
      provider: 'dev',
      providerRef: `tok_${methodId}`,
      type: 'card',
      brand: 'visa',
      last4: '4242',
    });
    const failed = (settledAt: Date) => ({
      id: generateId(),
      idempotencyKey: generateId(),
      kind: 'tip',
      status: 'failed',
      userId: member.id,
      creatorId: creator.id,
      paymentMethodId: methodId,
      provider: 'dev',
      amountMinor: 500,
      currency: 'USD',
      createdAt: settledAt,
      settledAt,
    });
    await db.insert(charges).values([failed(now), failed(new Date(now.getTime() - 2 * 24 * 3600_000))]);
    const after = (await admin.get('/api/admin/overview')).body.attention;
    expect(countOf(after, 'pending_verifications')).toBe((countOf(before, 'pending_verifications') ?? 0) + 1);
    expect(countOf(after, 'failed_payments_day')).toBe((countOf(before, 'failed_payments_day') ?? 0) + 1);
  });
});
