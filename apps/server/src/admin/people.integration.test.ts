import { generateId } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog } from '../db/schema.js';

const ADMIN_EMAIL = 'people-boss@example.com';

let server: TestServer;
let admin: ApiClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  adminId = (await admin.register(ADMIN_EMAIL, 'people_boss')).id;
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const auditRows = (targetId: string, action: string) =>
  server.context.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action as never)));

describe(`the admin's user detail: reports about them, lifting a suspension (${TEST_DRIVER})`, () => {
  it('lists the reports about a user and lifts a suspension: posts visible again, audited, the creator told', async () => {
    const creator = await signUp(server, 'suspended', { creator: true });
    const post = (await creator.client.post('/api/posts', { access: ['public'], text: 'Look at this' })).body.id;
    const reporter = await signUp(server, 'reporter');
    const reported = await reporter.client.post('/api/reports', { targetKind: 'post', targetId: post, reason: 'spam', text: 'Ads' });
    expect(reported.status).toBe(201);

    const detail = await admin.get(`/api/admin/users/${creator.id}`);
    expect(detail.body.reports).toEqual([
      expect.objectContaining({ id: reported.body.id, targetKind: 'post', targetId: post, reason: 'spam', text: 'Ads', status: 'open' }),
    ]);
    expect(detail.body.reports[0].reporterHandle).toMatch(/^reporter/);
    expect((await admin.get(`/api/admin/users/${reporter.id}`)).body.reports).toEqual([]);

    await admin.post(`/api/admin/reported-content/${post}/actions`, { action: 'suspend_creator', reason: 'Spam everywhere' });
    expect((await admin.get(`/api/admin/users/${creator.id}`)).body.user.suspendedAt).not.toBeNull();
    expect((await reporter.client.get(`/api/posts/${post}`)).status).toBe(404);

    const lifted = await admin.post(`/api/admin/users/${creator.id}/unsuspend`, { reason: 'Appeal accepted' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.user.suspendedAt).toBeNull();
    expect((await reporter.client.get(`/api/posts/${post}`)).status).toBe(200);
    const [row] = await auditRows(creator.id, 'creator.unsuspended');
    expect(row).toMatchObject({ actorId: adminId, reason: 'Appeal accepted', after: { suspendedAt: null } });
    const notices = (await creator.client.get('/api/me/moderation-notices')).body.items;
    expect(notices[0]).toMatchObject({ kind: 'suspension_lifted', reason: 'Appeal accepted' });

    // Not suspended: nothing changes, nothing is recorded.
    expect((await admin.post(`/api/admin/users/${creator.id}/unsuspend`, {})).status).toBe(200);
    expect(await auditRows(creator.id, 'creator.unsuspended')).toHaveLength(1);
    expect((await admin.post(`/api/admin/users/${generateId()}/unsuspend`, {})).status).toBe(404);
    expect((await reporter.client.post(`/api/admin/users/${creator.id}/unsuspend`, {})).body.type).toBe('admin_only');
  });

  it('records each edit of the restricted words with the list before and after', async () => {
    await admin.request('PUT', '/api/admin/restricted-words', { words: ['alpha'] });
    const edited = await admin.request('PUT', '/api/admin/restricted-words', { words: ['beta', 'Alpha'] });
    expect(edited.body).toEqual({ words: ['alpha', 'beta'] });
    const rows = await auditRows('restricted_words', 'restricted_words.updated');
    expect(rows.at(-1)).toMatchObject({
      actorId: adminId,
      targetType: 'restricted_words',
      before: { words: ['alpha'] },
      after: { words: ['alpha', 'beta'] },
    });
    await admin.request('PUT', '/api/admin/restricted-words', { words: ['beta', 'alpha'] });
    expect(await auditRows('restricted_words', 'restricted_words.updated')).toHaveLength(rows.length);
    await admin.request('PUT', '/api/admin/restricted-words', { words: [] });
    const listed = await admin.get('/api/admin/audit?action=restricted_words.updated');
    expect(listed.body.items[0]).toMatchObject({ action: 'restricted_words.updated', targetEmail: null, after: { words: [] } });
  });
});
