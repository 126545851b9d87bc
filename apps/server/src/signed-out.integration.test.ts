import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAM_VALUES, SOME_ID, VALID_INPUT } from '../test/route-inputs.js';
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
  'GET /api/client-config': 'the app reads it before anyone is signed in (the bot check of sign-in, error reporting)',
  'POST /api/telemetry/v1/traces': "every visitor's browser exports its spans, signed in or not (rate-limited per address)",
  'POST /api/telemetry/v1/metrics': "every visitor's browser exports its metrics, signed in or not (rate-limited per address)",
  'POST /api/auth/session': 'signing in starts signed out',
  'DELETE /api/auth/session': 'signing out answers 204 with or without a session',
  'POST /api/auth/second-factor': "a sign-in's second step is taken signed out",
  'POST /api/auth/second-factor/passkey-options': "a sign-in's second step is taken signed out",
  'POST /api/auth/passkey/options': 'signing in with a passkey starts signed out',
  'POST /api/auth/passkey': 'signing in with a passkey starts signed out',
  'POST /api/webhooks/verification/:provider': "providers' servers call it; the signature is checked instead",
  'POST /api/webhooks/payments/:provider': "providers' servers call it; the signature is checked instead",
  'POST /api/webhooks/payouts/:provider': "providers' servers call it; the signature is checked instead",
  'GET /dev/verification/:sessionId': "the development provider's stand-in for the provider's hosted page",
  'POST /dev/verification/:sessionId': "the development provider's stand-in for the provider's hosted page",
  'GET /': 'the landing page: drawn for visitors without a session, a redirect to the app with one',
  'GET /*': 'the web app, which signs in through the API',
  'GET /index.html': 'the web app, which signs in through the API',
  'GET /assets/app.js': 'the web app, which signs in through the API',
};

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
      const url = route.url.replace(/:(\w+)/g, (_, param: string) => PARAM_VALUES[param] ?? SOME_ID);
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
