import { generateId } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog, users, verificationRequests } from '../db/schema.js';

const ADMIN_EMAIL = 'queue-boss@example.com';

let server: TestServer;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  adminId = (await admin.register(ADMIN_EMAIL, 'queue_boss')).id;
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await server.context.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

describe(`manual verification requests and the admin queue (${TEST_DRIVER})`, () => {
  it('a member asks once; an admin finds it, approves it with a reason, and the member is told in the app and by mail', async () => {
    const member = await signUp(server, 'manualask');
    const asked = await member.client.post('/api/me/verification-requests', { note: 'The camera check fails on my phone' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: 'manual', status: 'pending', reason: null });
    const again = await member.client.post('/api/me/verification-requests', {});
    expect([again.status, again.body.type]).toEqual([409, 'verification_request_pending']);

    // The creator sign-up shows the identity step waiting.
    expect((await member.client.get('/api/me/verification-requests')).body.items).toEqual([expect.objectContaining({ status: 'pending' })]);
    const overview = await admin.get('/api/admin/overview');
    expect(overview.body.attention.find((item: any) => item.kind === 'pending_verifications').count).toBeGreaterThanOrEqual(1);

    const queue = await admin.get('/api/admin/verification-requests?status=pending&kind=manual');
    expect(queue.status).toBe(200);
    const listed = queue.body.items.find((item: any) => item.id === asked.body.requestId);
    expect(listed).toMatchObject({ kind: 'manual', provider: 'manual', status: 'pending', note: 'The camera check fails on my phone' });
    expect(listed.user).toMatchObject({ id: member.id, handle: expect.stringMatching(/^manualask/) });

    const detail = await admin.get(`/api/admin/verification-requests/${asked.body.requestId}`);
    expect(detail.body).toMatchObject({ decidable: true, request: { identityVerifiedAt: null } });
    expect(detail.body.events).toEqual([
      expect.objectContaining({ status: 'pending', source: 'member', payload: { note: 'The camera check fails on my phone' } }),
    ]);

    const noReason = await admin.post(`/api/admin/verification-requests/${asked.body.requestId}/decision`, { decision: 'approve' });
    expect([noReason.status, noReason.body.type]).toEqual([400, 'validation_failed']);
    const approved = await admin.post(`/api/admin/verification-requests/${asked.body.requestId}/decision`, {
      decision: 'approve',
      reason: 'Saw a passport on a video call',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      decidable: false,
      request: { status: 'approved', decidedBy: adminId, decidedByEmail: ADMIN_EMAIL, reason: 'Saw a passport on a video call' },
    });
    expect(approved.body.request.identityVerifiedAt).not.toBeNull();
    expect(approved.body.events.map((event: any) => [event.status, event.source])).toEqual([
      ['pending', 'member'],
      ['approved', 'admin'],
    ]);

    expect((await member.client.get('/api/me')).body.identityVerifiedAt).not.toBeNull();
    const notices = await member.client.get('/api/me/moderation-notices');
    expect(notices.body.items[0]).toMatchObject({ kind: 'verification_approved', reason: 'Saw a passport on a video call' });
    const mail = await server.smtp.nextMailTo(await emailOf(member.id));
    expect(mail.subject).toBe('Your age is verified');
    expect(mail.text).toContain('Saw a passport on a video call');

    const [audit] = await server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, asked.body.requestId), eq(auditLog.action, 'verification.approved')));
    expect(audit).toMatchObject({ actorId: adminId, targetType: 'verification_request', reason: 'Saw a passport on a video call' });
    expect(audit?.requestId).toBeTruthy();

    const twice = await admin.post(`/api/admin/verification-requests/${asked.body.requestId}/decision`, {
      decision: 'decline',
      reason: 'Changed my mind',
    });
    expect([twice.status, twice.body.type]).toEqual([409, 'verification_already_decided']);
    const verified = await member.client.post('/api/me/verification-requests', {});
    expect([verified.status, verified.body.type]).toEqual([409, 'identity_already_verified']);
  });

  it('a declined member is told why and may ask again; provider sessions are not decided by hand', async () => {
    const member = await signUp(server, 'manualno');
    const first = await member.client.post('/api/me/verification-requests', {});
    const declined = await admin.post(`/api/admin/verification-requests/${first.body.requestId}/decision`, {
      decision: 'decline',
      reason: 'The photo was unreadable',
    });
    expect(declined.body.request).toMatchObject({ status: 'declined', reason: 'The photo was unreadable' });
    expect((await member.client.get('/api/me')).body.identityVerifiedAt).toBeNull();
    expect((await server.smtp.nextMailTo(await emailOf(member.id))).subject).toBe('Your manual age check was declined');
    expect((await member.client.get('/api/me/moderation-notices')).body.items[0]).toMatchObject({ kind: 'verification_declined' });
    const second = await member.client.post('/api/me/verification-requests', { note: 'A better photo this time' });
    expect(second.status).toBe(201);

    const providerRequestId = generateId();
    await server.context.database.db.insert(verificationRequests).values({
      id: providerRequestId,
      userId: member.id,
      provider: 'stripe',
      kind: 'provider',
      providerSessionId: `vs_${providerRequestId}`,
      status: 'pending',
      createdAt: server.context.now(),
    });
    const refused = await admin.post(`/api/admin/verification-requests/${providerRequestId}/decision`, {
      decision: 'approve',
      reason: 'x',
    });
    expect([refused.status, refused.body.type]).toEqual([409, 'verification_not_manual']);
    expect((await admin.get(`/api/admin/verification-requests/${providerRequestId}`)).body.decidable).toBe(false);
    const missing = await admin.post(`/api/admin/verification-requests/${generateId()}/decision`, { decision: 'approve', reason: 'x' });
    expect(missing.status).toBe(404);

    // The member's history, newest first, in pages of one.
    const history: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await admin.get(`/api/admin/verification-requests?userId=${member.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      history.push(...page.body.items.map((item: any) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(history).toEqual([providerRequestId, second.body.requestId, first.body.requestId]);
    const providerOnly = await admin.get(`/api/admin/verification-requests?userId=${member.id}&kind=provider`);
    expect(providerOnly.body.items.map((item: any) => item.id)).toEqual([providerRequestId]);
    const declinedOnly = await admin.get(`/api/admin/verification-requests?userId=${member.id}&status=declined`);
    expect(declinedOnly.body.items.map((item: any) => item.id)).toEqual([first.body.requestId]);
    expect((await admin.get('/api/admin/verification-requests?status=waiting')).status).toBe(400);
    expect((await admin.get('/api/admin/verification-requests?cursor=nonsense')).body.type).toBe('invalid_cursor');
  });

  it("verifying by hand from the user detail settles the member's waiting request", async () => {
    const member = await signUp(server, 'manualdirect');
    const asked = await member.client.post('/api/me/verification-requests', {});
    const verified = await admin.post(`/api/admin/users/${member.id}/age-verification`, { reason: 'Checked in person' });
    expect(verified.body.requestId).toBe(asked.body.requestId);
    const detail = await admin.get(`/api/admin/verification-requests/${asked.body.requestId}`);
    expect(detail.body.request.status).toBe('approved');
    const user = await admin.get(`/api/admin/users/${member.id}`);
    expect(user.body.verifications).toEqual([expect.objectContaining({ id: asked.body.requestId, kind: 'manual', status: 'approved' })]);
  });

  it('asking needs a finished registration and a session', async () => {
    const unregistered = new ApiClient(server);
    await unregistered.signIn(uniqueEmail('manualnew'));
    const refused = await unregistered.post('/api/me/verification-requests', {});
    expect([refused.status, refused.body.type]).toEqual([403, 'registration_incomplete']);
    expect((await new ApiClient(server).post('/api/me/verification-requests', {})).status).toBe(401);
    const tooLong = await (await signUp(server, 'manuallong')).client.post('/api/me/verification-requests', { note: 'x'.repeat(1001) });
    expect([tooLong.status, tooLong.body.type]).toEqual([400, 'validation_failed']);
  });
});
