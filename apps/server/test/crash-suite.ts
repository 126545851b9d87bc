import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { SmtpCapture } from './smtp-capture.js';
import { StripeStandIn } from './stripe-stand-in.js';
import { ApiClient, createScratchDatabase, seededPgliteDataDir, TEST_DRIVER, type TestServer } from './test-server.js';

/**
 * What a suite that kills the server in the middle of a payment needs: the Stripe stand-in,
 * a database that outlives each server process (a scratch PostgreSQL database or a PGlite data
 * dir), real server processes on it, and the payment that dies right after Stripe's answer.
 * Call it at the top of the file: its hooks start and stop everything around the suite.
 */
export function crashSuite(name: string) {
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    STRIPE_SECRET_KEY: `sk_test_crash_${name}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_crash_${name}`,
    STRIPE_PAYMENTS_WEBHOOK_SECRET: `whsec_crash_${name}`,
  };
  let cleanup: (() => Promise<void>) | undefined;
  const suite = {
    stripe: new StripeStandIn({ secretKey: secrets.STRIPE_SECRET_KEY, webhookSecret: secrets.STRIPE_PAYMENTS_WEBHOOK_SECRET }),
    /** The admin account of every server of the suite (refunds are an admin's). */
    adminEmail: `crash-admin-${name}@example.com`,
    /** The settings every server of the suite runs with. */
    env: {} as Record<string, string>,
    database: {} as { url?: string; dataDir?: string },

    /** The real server entry point in its own process, on the suite's database. */
    startProcess(extraEnv: Record<string, string> = {}, options: { awaitHealth?: boolean } = {}): Promise<ServerProcess> {
      return startServerProcess(
        {
          ...suite.env,
          ...(suite.database.url ? { DATABASE_URL: suite.database.url } : { DATA_DIR: suite.database.dataDir as string }),
          ...extraEnv,
        },
        options,
      );
    },

    /** A client of a server process, carrying a member's session cookie. */
    clientOf(baseUrl: string, cookie: string | null): ApiClient {
      const client = new ApiClient({ baseUrl, smtp: new SmtpCapture() } as unknown as TestServer);
      client.cookie = cookie;
      return client;
    },

    async stopProcess(running: Pick<ServerProcess, 'child' | 'exited'>): Promise<void> {
      running.child.kill('SIGTERM');
      await running.exited;
    },

    /**
     * Sends a payment (`body` plus a new idempotency key) to a process that dies right after
     * Stripe's answer: the request fails, the process is killed, Stripe took the money once.
     * Returns the attempt's key.
     */
    payAndCrash(cookie: string | null, paymentPath: string, body: Record<string, unknown>): Promise<string> {
      return postAndCrash('after-provider-charge', () => suite.stripe.succeededPayments().length, cookie, paymentPath, body);
    },

    /** The same for an admin's refund: the process dies right after Stripe made the refund, once. */
    refundAndCrash(adminCookie: string | null, chargeId: string, body: Record<string, unknown>): Promise<string> {
      return postAndCrash(
        'after-provider-refund',
        () => suite.stripe.refunds.size,
        adminCookie,
        `/api/admin/payments/${chargeId}/refund`,
        body,
      );
    },
  };

  /** Posts `body` with a new idempotency key to a process that dies at `point`, after which Stripe holds one more of what `count` counts. */
  async function postAndCrash(
    point: string,
    count: () => number,
    cookie: string | null,
    requestPath: string,
    body: Record<string, unknown>,
  ): Promise<string> {
    const crashing = await suite.startProcess({ AURUM_FAILPOINT: point });
    const key = randomUUID();
    const before = count();
    const attempt = suite.clientOf(crashing.baseUrl, cookie).post(requestPath, { ...body, idempotencyKey: key });
    await expect(attempt).rejects.toThrow();
    expect(await crashing.exited).toBe('SIGKILL');
    expect(count()).toBe(before + 1);
    return key;
  }

  beforeAll(async () => {
    const apiBase = await suite.stripe.start();
    suite.env = { ...secrets, PAYMENT_PROVIDER: 'stripe', STRIPE_API_BASE: apiBase, ADMIN_EMAILS: suite.adminEmail };
    if (TEST_DRIVER === 'postgres') {
      const scratch = await createScratchDatabase();
      suite.database = { url: scratch.url };
      cleanup = scratch.drop;
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), `aurum-crash-${name}-`));
      await seededPgliteDataDir(dataDir);
      suite.database = { dataDir };
      cleanup = () => rm(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await suite.stripe.stop();
    await cleanup?.();
  });
  return suite;
}
