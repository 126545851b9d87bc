import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCreatorLabel, uniqueEmail } from '../../test/content-fixtures.js';
import { registerAndFillProfileSteps } from '../../test/creator-steps.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { verificationEvents, verificationRequests } from '../db/schema.js';

const ADMIN_EMAIL = 'boss@example.com';

let server: TestServer;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  adminId = (await new ApiClient(server).register(ADMIN_EMAIL, 'the_boss')).id;
});
afterAll(async () => {
  await server?.close();
});

describe(`manual age verification by an admin (${TEST_DRIVER})`, () => {
  it('verifies the user, records who decided, and grants the label once the other steps are done', async () => {
    const client = new ApiClient(server);
    const me = await registerAndFillProfileSteps(server, client, uniqueEmail('manual'), 'hand_checked');
    await client.post('/api/payout-methods', { type: 'paypal', email: 'hand@example.com' });

    const result = await server.context.verification.verifyManually({ adminId, requestId: null }, me.id);
    expect(result).toMatchObject({ userId: me.id, isCreator: true });
    expect(result.requestId).toBeTruthy();

    const current = await client.get('/api/me');
    expect(current.body.roles).toEqual(['creators', 'members']);
    expect(current.body.identityVerifiedAt).toBe(result.identityVerifiedAt);
    expect(current.body.isVerified).toBe(true);

    const [request] = await server.context.database.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, result.requestId ?? ''));
    expect(request).toMatchObject({ userId: me.id, provider: 'admin', status: 'approved', decidedBy: adminId });
    const events = await server.context.database.db
      .select({ status: verificationEvents.status, source: verificationEvents.source, payload: verificationEvents.payload })
      .from(verificationEvents)
      .where(eq(verificationEvents.requestId, request?.id ?? ''));
    expect(events).toEqual([{ status: 'approved', source: 'admin', payload: { adminUserId: adminId } }]);

    // Again: nothing new is recorded.
    const again = await server.context.verification.verifyManually({ adminId, requestId: null }, me.id);
    expect(again).toMatchObject({ requestId: null, identityVerifiedAt: result.identityVerifiedAt, isCreator: true });
  });

  it('verifies a user before sign-up; the identity step then counts as done when they start', async () => {
    const client = new ApiClient(server);
    const me = await client.register(uniqueEmail('manual'), 'early_checked');
    const result = await server.context.verification.verifyManually({ adminId, requestId: null }, me.id);
    expect(result.isCreator).toBe(false);

    const started = await client.post('/api/creator/onboarding/start');
    expect(started.body.steps.find((s: any) => s.id === 'verify_identity').status).toBe('done');
    expect((await client.post('/api/creator/onboarding/verification')).body.type).toBe('identity_already_verified');
  });

  it('is an admin route: 401 for nobody, 403 admin_only for members and creators, and names a missing user', async () => {
    const target = new ApiClient(server);
    const targetMe = await target.register(uniqueEmail('manual'), 'target_user');
    const path = `/api/admin/users/${targetMe.id}/age-verification`;

    const anonymous = await new ApiClient(server).post(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toBe('general_unauthorized_scope');
    const member = new ApiClient(server);
    await member.register(uniqueEmail('manual'), 'not_an_admin');
    const refused = await member.post(path);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'admin_only', message: 'Only admins can do that.' });
    const creator = new ApiClient(server);
    const creatorMe = await creator.register(uniqueEmail('manual'), 'creator_not_admin');
    await grantCreatorLabel(server, creatorMe.id);
    expect((await creator.post(path)).body.type).toBe('admin_only');
    expect((await target.get('/api/me')).body.identityVerifiedAt).toBeNull();

    const admin = new ApiClient(server);
    await admin.signIn(ADMIN_EMAIL);
    const missing = await admin.post('/api/admin/users/no-such-user/age-verification');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'not_found', message: 'User not found.' });
    const verified = await admin.post(path);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ userId: targetMe.id, isCreator: false });
    expect((await target.get('/api/me')).body.identityVerifiedAt).toBe(verified.body.identityVerifiedAt);
  });
});

describe('the development provider outside development', () => {
  it('is off in production unless VERIFICATION_PROVIDER=dev says so', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      const client = new ApiClient(production);
      await registerAndFillProfileSteps(production, client, uniqueEmail('manual'), 'prod_user');
      const refused = await client.post('/api/creator/onboarding/verification');
      expect(refused.status).toBe(503);
      expect(refused.body.type).toBe('verification_unavailable');
      expect((await fetch(`${production.baseUrl}/api/webhooks/verification/dev`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await fetch(`${production.baseUrl}/dev/verification/devvs_${'0'.repeat(32)}`)).status).toBe(404);
    } finally {
      await production.close();
    }

    const chosen = await startTestServer({ NODE_ENV: 'production', VERIFICATION_PROVIDER: 'dev' });
    try {
      const client = new ApiClient(chosen);
      await registerAndFillProfileSteps(chosen, client, uniqueEmail('manual'), 'prod_trial');
      const session = await client.post('/api/creator/onboarding/verification');
      expect(session.status).toBe(201);
      const { pathname } = new URL(session.body.url);
      const page = await fetch(chosen.baseUrl + pathname);
      expect(await page.text()).toContain('Development verification provider — no real identity check');
    } finally {
      await chosen.close();
    }
  });
});
