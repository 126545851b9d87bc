import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DERIVATIVE_KINDS, generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../test/test-server.js';

/**
 * The signed-out sweep: every route the server registers, today and in future, is called without
 * a session and must answer 401, unless it is listed below as public. A new route that forgets
 * `requireViewer` fails here.
 */

/** Routes anyone may call, each with the reason. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'load balancers and monitors',
  'GET /api/health/live': 'process supervisors and orchestrators',
  'GET /api/health/ready': 'load balancers and orchestrators',
  'GET /api/openapi.json': 'the API description',
  'POST /api/auth/code': 'signing in starts signed out',
  'POST /api/auth/session': 'signing in starts signed out',
  'DELETE /api/auth/session': 'signing out answers 204 with or without a session',
  'POST /api/webhooks/verification/:provider': "providers' servers call it; the signature is checked instead",
  'POST /api/webhooks/payments/:provider': "providers' servers call it; the signature is checked instead",
  'GET /dev/verification/:sessionId': "the development provider's stand-in for the provider's hosted page",
  'POST /dev/verification/:sessionId': "the development provider's stand-in for the provider's hosted page",
  'GET /*': 'the web app, which signs in through the API',
  'GET /index.html': 'the web app, which signs in through the API',
  'GET /assets/app.js': 'the web app, which signs in through the API',
};

/** Schema validation runs before the handler, so routes that take a body or query get a valid one to reach `requireViewer`. */
const id = generateId();
const idempotencyKey = generateId().padEnd(16, '0');
const VALID_INPUT: Record<string, { body?: unknown; query?: string }> = {
  'POST /api/me/terms': { body: { version: '1' } },
  'POST /api/me/profile': { body: { handle: 'someone', publicName: 'Someone' } },
  'POST /api/plans': { body: { name: 'Plan', priceMinor: 500, currency: 'USD' } },
  'POST /api/posts': { body: { access: ['public'] } },
  'POST /api/seen': { body: { entityId: id } },
  'POST /api/chats': { body: { partnerId: id } },
  'PUT /api/me/preferences': { body: { chatEmailNotices: true } },
  'POST /api/chats/:chatId/messages': { body: { id, text: 'Hello' } },
  'PUT /api/chats/:chatId/read': { body: { messageId: id } },
  'PUT /api/creator/onboarding/age-gender': { body: { birthDate: '1990-01-31', gender: 'female' } },
  'PUT /api/creator/onboarding/images-bio': { body: { bio: 'Hello' } },
  'POST /api/payout-methods': { body: { type: 'paypal', email: 'payouts@example.com' } },
  'POST /api/payments/dev/tokens': { body: { type: 'paypal', email: 'payer@example.com' } },
  'POST /api/payment-methods': { body: { token: 'tok_1' } },
  'POST /api/subscriptions': { body: { planId: id, paymentMethodId: id, idempotencyKey } },
  'PUT /api/subscriptions/:subId/payment-method': { body: { paymentMethodId: id } },
  'GET /api/subscriptions/:subId/plan-change': { query: `planId=${id}` },
  'PUT /api/subscriptions/:subId/plan': { body: { planId: id, expectedAmountMinor: 500, idempotencyKey } },
  'GET /api/creators/:creatorId/insights/statement.csv': { query: 'month=2026-01' },
  'PUT /api/me/insights-settings': { body: { timeZone: null } },
};

/** Path parameters that are not ids. */
const PARAM_VALUES: Record<string, string> = { position: '0', kind: DERIVATIVE_KINDS[0], handle: 'someone' };

let server: TestServer;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-signed-out-'));
  // A built web app, so its routes are registered and swept too.
  await mkdir(path.join(workDir, 'assets'));
  await writeFile(path.join(workDir, 'index.html'), '<!doctype html><title>Aurum</title>');
  await writeFile(path.join(workDir, 'assets', 'app.js'), '');
  server = await startTestServer({ WEB_DIST_DIR: workDir });
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe(`signed out (${TEST_DRIVER})`, () => {
  it('every route but the public ones answers 401 without a session', async () => {
    const registered = server.routes.map((route) => `${route.method} ${route.url}`);
    // The list names only routes that exist, so it cannot go stale.
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
    expect(Object.keys(VALID_INPUT).filter((route) => !registered.includes(route))).toEqual([]);

    const wrong: string[] = [];
    for (const route of server.routes) {
      const key = `${route.method} ${route.url}`;
      const input = VALID_INPUT[key] ?? {};
      const url = route.url.replace(/:(\w+)/g, (_, param: string) => PARAM_VALUES[param] ?? id);
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const response = await fetch(`${server.baseUrl}${url}${input.query ? `?${input.query}` : ''}`, {
        method: route.method,
        // A page of this site, so the Origin check lets writes through to the handler.
        headers: { origin: server.baseUrl, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        body: withBody ? JSON.stringify(input.body ?? {}) : undefined,
      });
      const text = await response.text();
      // A public route that wants a session does not belong on the list either.
      const isPublic = key in PUBLIC_ROUTES;
      if (isPublic === (response.status === 401)) wrong.push(`${key} -> ${response.status} ${text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(server.routes.length).toBeGreaterThan(70);
  }, 120_000);
});
