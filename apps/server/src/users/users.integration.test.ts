import { DAY_MS, REGISTRATION_BACKDATE_MS, TERMS_VERSION } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { sessions, users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`registration and the current user (${TEST_DRIVER})`, () => {
  it('needs the terms accepted before the profile can be set up', async () => {
    const client = new ApiClient(server);
    await client.signIn(uniqueEmail('member'));
    const early = await client.post('/api/me/profile', { handle: 'early_bird', publicName: 'Early' });
    expect(early.status).toBe(409);
    expect(early.body.type).toBe('terms_not_accepted');

    const outdated = await client.post('/api/me/terms', { version: '1999-01-01' });
    expect(outdated.status).toBe(409);
    expect(outdated.body.type).toBe('terms_version_outdated');

    const accepted = await client.post('/api/me/terms', { version: TERMS_VERSION });
    expect(accepted.status).toBe(200);
    expect(accepted.body.termsVersion).toBe(TERMS_VERSION);
    expect(Date.parse(accepted.body.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('completes registration with registration_completed_at one minute in the past', async () => {
    const client = new ApiClient(server);
    await client.signIn(uniqueEmail('member'));
    await client.post('/api/me/terms', { version: TERMS_VERSION });
    const before = Date.now();
    const response = await client.post('/api/me/profile', {
      handle: 'Golden.Fox',
      publicName: '  Golden Fox ',
      avatarColor: 'hsl(40, 50%, 50%)',
    });
    const after = Date.now();
    expect(response.status).toBe(200);
    expect(response.body.handle).toBe('golden.fox');
    expect(response.body.publicName).toBe('Golden Fox');
    expect(response.body.name).toBe('Golden Fox');
    expect(response.body.avatarColor).toBe('hsl(40, 50%, 50%)');
    const completedAt = Date.parse(response.body.registrationCompletedAt);
    expect(completedAt).toBeGreaterThanOrEqual(before - REGISTRATION_BACKDATE_MS - 1000);
    expect(completedAt).toBeLessThanOrEqual(after - REGISTRATION_BACKDATE_MS + 1000);
  });

  it('keeps handles unique without regard to case and validates their form', async () => {
    const first = new ApiClient(server);
    await first.register(uniqueEmail('member'), 'unique_one');
    const second = new ApiClient(server);
    await second.signIn(uniqueEmail('member'));
    await second.post('/api/me/terms', { version: TERMS_VERSION });

    const availability = await second.get('/api/handles/UNIQUE_ONE');
    expect(availability.body).toEqual({ handle: 'unique_one', available: false });
    const taken = await second.post('/api/me/profile', { handle: 'UNIQUE_ONE', publicName: 'Copycat' });
    expect(taken.status).toBe(409);
    expect(taken.body.type).toBe('handle_taken');

    for (const handle of ['ab', 'a'.repeat(31), 'has space', 'dash-no', 'émile']) {
      const invalid = await second.post('/api/me/profile', { handle, publicName: 'X' });
      expect(invalid.status, handle).toBe(400);
      expect(invalid.body.type).toBe('validation_failed');
      expect(invalid.body.details[0].path).toBe('handle');
    }
    expect((await second.post('/api/me/profile', { handle: 'ok_handle.2', publicName: 'Fine' })).status).toBe(200);
  });

  it('gives no way to set labels: unknown fields are ignored and no route accepts them', async () => {
    const client = new ApiClient(server);
    await client.signIn(uniqueEmail('member'));
    await client.post('/api/me/terms', { version: TERMS_VERSION, labels: ['admins'] });
    const profile = await client.post('/api/me/profile', {
      handle: 'sneaky',
      publicName: 'Sneaky',
      labels: ['admins', 'creators'],
      roles: ['admins'],
      isCreator: true,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.labels).toEqual([]);
    expect(profile.body.isCreator).toBe(false);
    for (const [method, path] of [
      ['PATCH', '/api/me'],
      ['PUT', '/api/me'],
      ['POST', '/api/me/labels'],
      ['PATCH', `/api/users/${profile.body.id}`],
    ] as const) {
      const response = await client.request(method, path, { labels: ['admins'] });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await server.context.database.db.select().from(users).where(eq(users.id, profile.body.id));
    expect(row?.labels).toEqual([]);
  });

  it("refreshes last_online on heartbeat, and the session's last activity with it", async () => {
    const HOUR_MS = DAY_MS / 24;
    const client = new ApiClient(server);
    const me = await client.register(uniqueEmail('member'), 'heartbeat_user');
    expect(me.lastOnline).toBeNull();
    // An hour later (requests alone refresh a session's activity once a day).
    server.advanceClock(HOUR_MS);
    try {
      expect((await client.post('/api/me/heartbeat')).status).toBe(204);
      const after = await client.get('/api/me');
      expect(Date.parse(after.body.lastOnline)).toBeGreaterThan(Date.now() + HOUR_MS - 60_000);
      const sessions = await client.get('/api/me/sessions');
      const current = sessions.body.items.find((session: { current: boolean }) => session.current);
      expect(current.lastActiveAt).toBe(after.body.lastOnline);
    } finally {
      server.advanceClock(-HOUR_MS);
    }
  });

  it('shows a public profile to signed-in users and hides disabled accounts', async () => {
    const owner = new ApiClient(server);
    const me = await owner.register(uniqueEmail('member'), 'public_face', 'Public Face');
    const viewer = new ApiClient(server);
    await viewer.signIn(uniqueEmail('member'));

    const profile = await viewer.get(`/api/users/${me.id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      userId: me.id,
      handle: 'public_face',
      publicName: 'Public Face',
      isCreator: false,
      followers: null,
    });
    expect(profile.body.email).toBeUndefined();
    expect((await new ApiClient(server).get(`/api/users/${me.id}`)).status).toBe(401);
    expect((await viewer.get('/api/users/does-not-exist')).body.type).toBe('not_found');

    await owner.delete('/api/me');
    expect((await viewer.get(`/api/users/${me.id}`)).status).toBe(404);
  });

  it('disables the account on deletion and ends every one of its sessions', async () => {
    const email = uniqueEmail('member');
    const phone = new ApiClient(server);
    const me = await phone.register(email, 'leaving_soon');
    const laptop = new ApiClient(server);
    await laptop.signIn(email);

    const deleted = await phone.delete('/api/me');
    expect(deleted.status).toBe(204);
    expect(phone.cookie).toBeNull();
    expect((await laptop.get('/api/me')).status).toBe(401);
    const remaining = await server.context.database.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(remaining).toEqual([]);
  });

  it('needs a session for the current user', async () => {
    const anonymous = await new ApiClient(server).get('/api/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      type: 'general_unauthorized_scope',
      message: 'Please sign in to continue.',
      statusCode: 401,
    });
  });
});

describe(`health and API description (${TEST_DRIVER})`, () => {
  it('reports database reachability', async () => {
    const health = await new ApiClient(server).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', database: { reachable: true, driver: TEST_DRIVER } });
    expect(health.headers.get('x-request-id')).toBeTruthy();
  });

  it('describes every API route in the OpenAPI document', async () => {
    const document = (await new ApiClient(server).get('/api/openapi.json')).body;
    const documented = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    // The document leaves out HEAD routes (the tus offset check), as the OpenAPI generator does by default.
    const registered = server.routes.filter(
      (route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && route.method !== 'HEAD',
    );
    expect(registered.length).toBeGreaterThan(8);
    for (const route of registered) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      expect(documented, `${route.method} ${route.url}`).toContain(`${route.method} ${openApiPath}`);
    }
  });

  it('answers unknown API paths with the error shape, not the web app', async () => {
    const response = await new ApiClient(server).get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body.type).toBe('route_not_found');
  });

  it('keeps the consent to session recording with the user: off until turned on, and off again', async () => {
    const member = await signUp(server, 'recorded');
    expect((await member.client.get('/api/me')).body.sessionRecording).toBe(false);
    const on = await member.client.request('PUT', '/api/me/preferences', { sessionRecording: true });
    expect(on.body).toMatchObject({ sessionRecording: true, pushNewPosts: false });
    expect((await member.client.get('/api/me')).body.sessionRecording).toBe(true);
    const off = await member.client.request('PUT', '/api/me/preferences', { sessionRecording: false });
    expect(off.body.sessionRecording).toBe(false);
    // Outside production the browser is never told to record.
    expect((await member.client.get('/api/client-config')).body.sessionRecording).toBeNull();
  });

  it('keeps the language a member chose, null following their browser, and refuses one that does not ship', async () => {
    const member = await signUp(server, 'speaks');
    expect((await member.client.get('/api/me')).body.language).toBeNull();
    const chosen = await member.client.request('PUT', '/api/me/preferences', { language: 'de' });
    expect(chosen.body).toMatchObject({ language: 'de', sessionRecording: false });
    expect((await member.client.get('/api/me')).body.language).toBe('de');
    const unknown = await member.client.request('PUT', '/api/me/preferences', { language: 'fr' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.type).toBe('validation_failed');
    expect((await member.client.request('PUT', '/api/me/preferences', { language: null })).body.language).toBeNull();
  });
});
