import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_EXPORT_LINK_DAYS, DAY_MS, generateId } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, follow, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import {
  auditLog,
  charges,
  dataExports,
  fanListMembers,
  fanLists,
  fanNotes,
  paymentMethods,
  payoutMethods,
  profiles,
  recoveryCodes,
  sessions,
  totpAuthenticators,
  users,
} from '../db/schema.js';

const ADMIN_EMAIL = 'data-boss@example.com';

let server: TestServer;
let workDir: string;
let admin: ApiClient;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-personal-data-'));
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL, DATA_DIR: workDir });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, 'data_boss');
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await server.context.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** The mailed link's path and query, as the browser would open it on this server. */
const linkIn = (text: string) => {
  const match = /https?:\/\/\S+\/api\/me\/data-exports\/\S+/.exec(text);
  if (!match) throw new Error(`no download link in ${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
};

describe(`a member's own data (${TEST_DRIVER})`, () => {
  it('is prepared by a job, mailed as a signed link, and downloaded by its owner only, until the link expires', async () => {
    const creator = await signUp(server, 'datacreator', { creator: true });
    const planId = await createActivePlan(creator.client, 'Gold', 900);
    await creator.client.post('/api/posts', { access: ['public'], text: 'Hello fans' });
    const member = await signUp(server, 'datamember');
    const { secret } = await member.client.addAuthenticatorApp();
    await follow(server, member.id, creator.id);
    await subscribe(server, member.id, planId, new Date(Date.now() + 30 * DAY_MS));
    await member.client.request('PUT', '/api/me/preferences', { language: 'es' });

    expect((await member.client.get('/api/me/data-export')).body).toEqual({ export: null });
    const asked = await member.client.post('/api/me/data-export');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'pending', readyAt: null });

    const mail = await server.smtp.nextMailTo(await emailOf(member.id), 15_000);
    expect(mail.subject).toBe('Your Aurum data is ready to download');
    const link = linkIn(mail.text);
    const latest = (await member.client.get('/api/me/data-export')).body.export;
    expect(latest.status).toBe('ready');

    const response = await fetch(server.baseUrl + link, { headers: { cookie: member.client.cookie ?? '' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="aurum-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await response.json()) as any;
    expect(data.profile).toMatchObject({ id: member.id, email: await emailOf(member.id), language: 'es' });
    expect(data.follows).toEqual([expect.objectContaining({ creatorId: creator.id })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ planName: 'Gold', priceMinor: 900 })]);
    expect(data).toHaveProperty('payments');
    expect(data).toHaveProperty('messages');
    expect(data.posts).toEqual([]);
    // How they sign in, without a secret: the session's device, the authenticator app, the recovery codes.
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      'expiresAt',
      'ipAddress',
      'lastSeenAt',
      'secondFactorAt',
      'signedInAt',
      'userAgent',
    ]);
    expect(data.secondFactors.authenticatorApp).toMatchObject({ confirmedAt: expect.any(String) });
    expect(data.secondFactors.passkeys).toEqual([]);
    expect(data.secondFactors.recoveryCodes).toHaveLength(10);
    const [session] = await server.context.database.db.select().from(sessions).where(eq(sessions.userId, member.id));
    const [codes] = await server.context.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    const [app] = await server.context.database.db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, member.id));
    const text = JSON.stringify(data);
    for (const kept of [secret, session?.id, codes?.codeHash, app?.sealedSecret]) expect(text).not.toContain(kept);

    // Not signed in: 401; someone else with the link: 404; a changed link: 403.
    expect((await fetch(server.baseUrl + link)).status).toBe(401);
    const stranger = await signUp(server, 'datastranger');
    expect((await stranger.client.get(link)).status).toBe(404);
    const tampered = link.replace(/expires=(\d+)/, (_, value) => `expires=${Number(value) + 1}`);
    const refused = await member.client.get(tampered);
    expect([refused.status, refused.body.type]).toEqual([403, 'data_export_link_invalid']);

    server.advanceClock(DATA_EXPORT_LINK_DAYS * DAY_MS + 1000);
    const expired = await member.client.get(link);
    expect([expired.status, expired.body.type]).toEqual([410, 'data_export_expired']);
    await server.context.personalData.purgeExpired();
    server.advanceClock(-(DATA_EXPORT_LINK_DAYS * DAY_MS + 1000));
    expect((await member.client.get(link)).status).toBe(404);
  });

  it('refuses a second download while one is being prepared, and takes one again once it is not', async () => {
    const member = await signUp(server, 'datawaiter');
    // A download being prepared, whose job has not run (none is queued for it here).
    const pendingId = generateId();
    await server.context.database.db.insert(dataExports).values({ id: pendingId, userId: member.id, status: 'pending' });
    const refused = await member.client.post('/api/me/data-export');
    expect([refused.status, refused.body.type]).toEqual([409, 'data_export_pending']);
    expect((await member.client.get('/api/me/data-export')).body.export).toMatchObject({ exportId: pendingId, status: 'pending' });

    await server.context.database.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, pendingId));
    const asked = await member.client.post('/api/me/data-export');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'pending' });
  });

  it("holds a creator's posts and their chat messages", async () => {
    const creator = await signUp(server, 'datawriter', { creator: true });
    await creator.client.post('/api/posts', { access: ['public'], text: 'My first post' });
    await creator.client.post('/api/me/data-export');
    const mail = await server.smtp.nextMailTo(await emailOf(creator.id), 15_000);
    const data = (await creator.client.get(linkIn(mail.text))).body;
    expect(data.posts).toEqual([expect.objectContaining({ text: 'My first post', access: ['public'], mediaCount: 0 })]);
  });

  it('an admin anonymises a deleted account only: its personal data is replaced, its payments and audit stay', async () => {
    const creator = await signUp(server, 'anoncreator', { creator: true });
    const member = await signUp(server, 'anonmember');
    const email = await emailOf(member.id);
    const chargeId = generateId();
    const methodId = generateId();
    await server.context.database.db.insert(paymentMethods).values({
      id: methodId,
      userId: member.id,
      provider: 'dev',
      providerRef: `tok_${methodId}`,
      type: 'paypal',
      email: 'payer@example.com',
    });
    await server.context.database.db.insert(charges).values({
      paymentMethodId: methodId,
      id: chargeId,
      idempotencyKey: `anon-${chargeId}`,
      kind: 'paid_message',
      status: 'failed',
      userId: member.id,
      creatorId: creator.id,
      messageId: generateId(),
      provider: 'dev',
      amountMinor: 500,
      currency: 'USD',
    });
    // A bank account kept for manual transfers: its shown and sealed details go with the account's personal data.
    const payoutMethodId = generateId();
    await server.context.database.db.insert(payoutMethods).values({
      id: payoutMethodId,
      userId: member.id,
      type: 'bank_account',
      details: { holderName: 'Anon Member', country: 'DE', currency: 'EUR', last4: '3000', accountKind: 'iban', fingerprint: 'f' },
      sealedDetails: 'v1.sealed',
    });

    // A creator's note about the member and a list holding them go too.
    const listId = generateId();
    await server.context.database.db.insert(fanLists).values({ id: listId, creatorId: creator.id, name: 'Regulars' });
    await server.context.database.db.insert(fanListMembers).values({ listId, userId: member.id, addedAt: new Date() });
    await server.context.database.db
      .insert(fanNotes)
      .values({ creatorId: creator.id, userId: member.id, body: 'Anon likes blue', updatedAt: new Date() });

    // Its authenticator app and recovery codes go with it too.
    await member.client.addAuthenticatorApp();

    const live = await admin.post(`/api/admin/users/${member.id}/anonymise`, { reason: 'Asked by the member' });
    expect([live.status, live.body.type]).toEqual([409, 'account_not_deleted']);
    // Disabled by an admin is not deleted by its owner.
    await admin.post(`/api/admin/users/${creator.id}/disable`, { reason: 'Spam' });
    expect((await admin.post(`/api/admin/users/${creator.id}/anonymise`, {})).body.type).toBe('account_not_deleted');

    expect((await member.client.delete('/api/me')).status).toBe(204);
    const detailBefore = await admin.get(`/api/admin/users/${member.id}`);
    expect(detailBefore.body.user.deletedAt).not.toBeNull();
    const done = await admin.post(`/api/admin/users/${member.id}/anonymise`, { reason: 'Asked by the member' });
    expect(done.status).toBe(200);
    expect(done.body.userId).toBe(member.id);

    const db = server.context.database.db;
    const [account] = await db.select().from(users).where(eq(users.id, member.id));
    expect(account?.email).not.toBe(email);
    expect(account?.email).toMatch(/@invalid\.invalid$/);
    expect(account?.anonymisedAt).not.toBeNull();
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile).toMatchObject({ handle: null, publicName: null, bio: null });
    expect(await db.select().from(charges).where(eq(charges.id, chargeId))).toHaveLength(1);
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    expect(method?.email).toBeNull();
    const [payoutMethod] = await db.select().from(payoutMethods).where(eq(payoutMethods.id, payoutMethodId));
    expect(payoutMethod).toMatchObject({ details: {}, sealedDetails: null });
    expect(await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, member.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
    expect(await db.select().from(fanNotes).where(eq(fanNotes.userId, member.id))).toEqual([]);
    expect(await db.select().from(fanListMembers).where(eq(fanListMembers.userId, member.id))).toEqual([]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, 'user.anonymised')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain(email);

    // Again: nothing changes, nothing more is recorded.
    const twice = await admin.post(`/api/admin/users/${member.id}/anonymise`, {});
    expect(twice.body.anonymisedAt).toBe(done.body.anonymisedAt);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, 'user.anonymised'))),
    ).toHaveLength(1);
    expect((await admin.post(`/api/admin/users/${generateId()}/anonymise`, {})).status).toBe(404);
    expect((await creator.client.post(`/api/admin/users/${member.id}/anonymise`, {})).status).toBe(401);
  });
});
