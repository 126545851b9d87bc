import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { profiles } from '../db/schema.js';

const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_headers',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
  STRIPE_PAYMENTS_WEBHOOK_SECRET: 'whsec_headers',
};

let local: TestServer;
let deployed: TestServer;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-headers-'));
  const webDir = path.join(workDir, 'web');
  await mkdir(path.join(webDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Aurum</title><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'export {};');
  const web = { WEB_DIST_DIR: webDir };
  local = await startTestServer({ ...web, DATA_DIR: path.join(workDir, 'local') });
  deployed = await startTestServer({
    ...web,
    DATA_DIR: path.join(workDir, 'deployed'),
    PUBLIC_URL: 'https://aurum.example.com',
    ...STRIPE_ENV,
  });
}, 120_000);
afterAll(async () => {
  await local?.close();
  await deployed?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The headers every response carries, whatever it is. */
function expectSecured(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'[;\s]/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
}

describe(`security headers on every response (${TEST_DRIVER})`, () => {
  it('are on pages, static files, API answers, errors and the development pages', async () => {
    const responses = {
      page: await fetch(`${local.baseUrl}/explore`),
      asset: await fetch(`${local.baseUrl}/assets/app.js`),
      api: await fetch(`${local.baseUrl}/api/health`),
      unauthorized: await fetch(`${local.baseUrl}/api/me`),
      unknownRoute: await fetch(`${local.baseUrl}/api/no-such-route`),
      refusedWrite: await fetch(`${local.baseUrl}/api/auth/code`, { method: 'POST', headers: { origin: 'https://evil.example' } }),
      devPage: await fetch(`${local.baseUrl}/dev/verification/devvs_${'0'.repeat(32)}`),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([what, response]) => [what, response.status]))).toEqual({
      page: 200,
      asset: 200,
      api: 200,
      unauthorized: 401,
      unknownRoute: 404,
      refusedWrite: 403,
      devPage: 404,
    });
    expect(responses.page.headers.get('content-type')).toContain('text/html');
    expect(responses.devPage.headers.get('content-type')).toContain('text/html');
    for (const response of Object.values(responses)) expectSecured(response);
  });

  it('are on media bytes, served as the type the pipeline made, inline, whatever the storage says', async () => {
    const owner = await signUp(local, 'headersowner');
    const viewer = await signUp(local, 'headersviewer');
    const avatar = await insertMediaRow(local, owner.id);
    await local.context.storage.put(`fixtures/${avatar}/playable`, Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
    await local.context.database.db.update(profiles).set({ avatarMediaId: avatar }).where(eq(profiles.userId, owner.id));

    const response = await fetch(`${local.baseUrl}/api/users/${owner.id}/avatar`, { headers: { cookie: viewer.client.cookie ?? '' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expectSecured(response);
  });

  it('demand https and allow Stripe.js only where the settings say so', async () => {
    const plain = await fetch(`${local.baseUrl}/explore`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toMatch(/stripe|upgrade-insecure-requests/);
    expect(plain.headers.get('permissions-policy')).toContain('payment=()');

    for (const url of [`${deployed.baseUrl}/explore`, `${deployed.baseUrl}/api/health`, `${deployed.baseUrl}/api/no-such-route`]) {
      const response = await fetch(url);
      expectSecured(response);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = response.headers.get('content-security-policy');
      expect(csp).toContain("script-src 'self' https://js.stripe.com;");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
      expect(csp).toContain('upgrade-insecure-requests');
      expect(response.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com" "https://hooks.stripe.com")');
    }
  });
});
