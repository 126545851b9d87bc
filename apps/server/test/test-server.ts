import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generateId, TOTP_PERIOD_S } from '@aurum/core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type RegisteredRoute } from '../src/app.js';
import type { AppContext } from '../src/app-context.js';
import { generateVapidKeys, loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';
import { createSmtpMailer } from '../src/mail/mailer.js';
import { totpCode } from '../src/second-factor/totp.js';
import { SESSION_COOKIE } from '../src/sessions/sessions.js';
import { codeFromMail, isSignInCodeMail, SmtpCapture } from './smtp-capture.js';

/** Which database the integration suites run on: PGlite by default, PostgreSQL when the suite is started for it. */
export const TEST_DRIVER = process.env.AURUM_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, empty PostgreSQL database for one suite, dropped when the suite ends. */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('AURUM_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `aurum_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The migrated PGlite database every fresh PGlite test database starts from (global-setup.ts), read once per suite. */
let migratedPgliteDump: Promise<Blob> | undefined;
function startingPgliteDump(): Promise<Blob> | undefined {
  const file = inject('migratedPgliteDump');
  if (!file) return undefined;
  migratedPgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return migratedPgliteDump;
}

/**
 * A new PGlite data folder holding the migrated database of this run, as a server's first start
 * would leave it (without that start's initdb and migrations, which take seconds): for suites
 * whose server processes share a data folder.
 */
export async function seededPgliteDataDir(dataDir: string): Promise<void> {
  const dump = await startingPgliteDump();
  if (!dump) return;
  await (await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), loadDataDir: dump })).close();
}

export interface TestServer {
  baseUrl: string;
  smtp: SmtpCapture;
  context: AppContext;
  routes: RegisteredRoute[];
  /** Moves the server's clock forward. */
  advanceClock(ms: number): void;
  /** Stops the server's clock where it is (advanceClock still moves it) until the returned function runs it again; for answers computed from exact times. */
  freezeClock(): () => void;
  close(): Promise<void>;
}

/** One VAPID key pair for the test servers of this process (the data dir they are given does not exist). */
export const TEST_VAPID_KEYS = generateVapidKeys();

/** The whole server on loopback: real database, real SMTP delivery to a capture server, real HTTP. */
export async function startTestServer(
  env: Record<string, string> = {},
  /** An existing database to open (and leave in place) instead of a fresh one; for restart tests. */
  existing?: { url?: string; dataDir?: string; replicaUrls?: string[] },
): Promise<TestServer> {
  const smtp = new SmtpCapture();
  const smtpUrl = await smtp.start();
  const scratch = !existing && TEST_DRIVER === 'postgres' ? await createScratchDatabase() : null;
  const database = await openDatabase({
    url: existing?.url ?? scratch?.url,
    dataDir: existing?.dataDir ?? null,
    pgliteDump: existing ? undefined : await startingPgliteDump(),
    replicas: existing?.replicaUrls && { urls: existing.replicaUrls, maxLagMs: Number(env.REPLICA_MAX_LAG_SECONDS ?? 5) * 1000 },
  });
  let offsetMs = 0;
  let frozenAt: number | null = null;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: '/nonexistent-data-dir',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'http://127.0.0.1:1',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    ...env,
  });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const mailer = createSmtpMailer(smtpUrl, config.mailFrom);
  const { app, context, routes } = await buildApp({
    config,
    database,
    mailer,
    logger,
    now: () => new Date((frozenAt ?? Date.now()) + offsetMs),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    smtp,
    context,
    routes,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    freezeClock: () => {
      frozenAt = Date.now();
      return () => {
        frozenAt = null;
      };
    },
    close: async () => {
      await app.close();
      await mailer.close();
      await database.close();
      await scratch?.drop();
      await smtp.stop();
    },
  };
}

/**
 * Two server instances sharing a scratch PostgreSQL database and the test Redis, as several
 * instances run in production, started before the suite's tests (once both listen on Redis)
 * and stopped after them. Call it inside `describe.runIf(CAN_SHARE_REDIS)`.
 */
export function instancesSharingRedis(
  /** Or a function asked as each instance starts: for settings known only once the suite's stand-ins run, or each its own. */
  extraEnv: Record<string, string> | (() => Record<string, string>) = {},
): { first: TestServer; second: TestServer } {
  const instances = {} as { first: TestServer; second: TestServer };
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // Their own prefix: other suites' pairs share the test Redis at the same time.
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL as string, REDIS_PREFIX: `aurum-test-${generateId()}:` };
    const env = () => ({ ...(typeof extraEnv === 'function' ? extraEnv() : extraEnv), ...redis });
    instances.first = await startTestServer(env(), { url: scratch.url });
    instances.second = await startTestServer(env(), { url: scratch.url });
    await Promise.all([instances.first.context.bus.ready(), instances.second.context.bus.ready()]);
  });
  afterAll(async () => {
    await Promise.all([instances.first?.close(), instances.second?.close()]);
    await scratch?.drop();
  });
  return instances;
}

/** Whether the suites of several instances can run: PostgreSQL and the test Redis are there. */
export const CAN_SHARE_REDIS = TEST_DRIVER === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

const TOTP_PERIOD_MS = TOTP_PERIOD_S * 1000;
/** The last time step each authenticator app's code was used in, across the servers of this test process. */
const lastTotpStep = new Map<string, number>();

/**
 * A browser-like client: keeps its cookie, sends the site's Origin on writes,
 * and returns status and parsed body without throwing.
 */
export class ApiClient {
  cookie: string | null = null;
  /** The secret of the authenticator app this client added (addAuthenticatorApp); sign-ins answer their second step with it. */
  authenticatorApp: string | null = null;
  /**
   * Whether the client answers the server's second-factor asks as a person in the app does: it
   * adds an authenticator app when told it needs one (second_factor_required) and passes a fresh
   * check when asked (step_up_required), then sends the request again. Off to see the refusals.
   */
  answersSecondFactor = true;
  /** The answer being given, shared by requests refused at the same time (one app added, one check passed). */
  private answering: Promise<unknown> | null = null;
  constructor(
    private readonly server: TestServer,
    private readonly origin: string | null = server.baseUrl,
    /** Sent with every request: a device's user agent, or the address a proxy in front says it saw. */
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const answer = await this.send<T>(method, path, body, headers);
    const asked = (answer.body as { type?: string } | null)?.type;
    const answerWith =
      asked === 'second_factor_required'
        ? () => this.addAuthenticatorApp()
        : asked === 'step_up_required' && this.authenticatorApp
          ? () => this.stepUp()
          : null;
    if (!this.answersSecondFactor || answer.status !== 403 || !answerWith) return answer;
    this.answering ??= answerWith().finally(() => {
      this.answering = null;
    });
    await this.answering;
    return this.send<T>(method, path, body, headers);
  }

  private async send<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<ApiResponse<T>> {
    const response = await fetch(this.server.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.origin && method !== 'GET' ? { origin: this.origin } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The session's cookie, as a browser keeps it; the answer's other cookies are the test's to send when it means to.
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (pair.startsWith(`${SESSION_COOKIE}=`)) this.cookie = pair.endsWith('=') ? null : pair;
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /**
   * Requests a code, reads it from the delivered mail and signs in; with an authenticator app
   * added, answers the second step with its code too.
   */
  async signIn(email: string): Promise<ApiResponse<any>> {
    const requested = await this.post('/api/auth/code', { email });
    if (requested.status !== 200) throw new Error(`code request failed: ${JSON.stringify(requested.body)}`);
    const code = codeFromMail(await this.server.smtp.nextMailTo(email, undefined, isSignInCodeMail));
    const signedIn = await this.post('/api/auth/session', { challengeId: requested.body.challengeId, code });
    if (!signedIn.body?.secondFactor || !this.authenticatorApp) return signedIn;
    return this.post('/api/auth/second-factor', { ticket: signedIn.body.secondFactor.ticket, totpCode: this.nextTotpCode() });
  }

  /** Adds an authenticator app to the signed-in account; the session counts as checked from now. */
  async addAuthenticatorApp(): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await this.post('/api/me/second-factor/totp');
    if (setup.status !== 200) throw new Error(`authenticator app setup failed: ${JSON.stringify(setup.body)}`);
    this.authenticatorApp = setup.body.secret;
    const confirmed = await this.post('/api/me/second-factor/totp/confirm', { code: this.nextTotpCode() });
    if (confirmed.status !== 200) throw new Error(`authenticator app confirmation failed: ${JSON.stringify(confirmed.body)}`);
    return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  /** A fresh check with the authenticator app, for the actions that ask for one within ten minutes. */
  async stepUp(): Promise<ApiResponse<any>> {
    return this.post('/api/me/second-factor/check', { totpCode: this.nextTotpCode() });
  }

  /**
   * The app's code for a time step no code of this app was used in yet: each code is accepted
   * once, so the server's clock moves on to the step after the last one used (by any client or
   * server of this test process sharing the account).
   */
  nextTotpCode(): string {
    const secret = this.authenticatorApp;
    if (!secret) throw new Error('no authenticator app added');
    const stepOf = () => Math.floor(this.server.context.now().getTime() / TOTP_PERIOD_MS);
    const last = lastTotpStep.get(secret) ?? stepOf() - 1;
    if (stepOf() <= last) this.server.advanceClock((last + 1 - stepOf()) * TOTP_PERIOD_MS);
    lastTotpStep.set(secret, stepOf());
    return totpCode(secret, this.server.context.now());
  }

  /** Signs in and completes registration with the given handle. */
  async register(email: string, handle: string, publicName = 'Test User'): Promise<any> {
    const signedIn = await this.signIn(email);
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
    await this.post('/api/me/terms', { version: (await import('@aurum/core')).TERMS_VERSION });
    const profile = await this.post('/api/me/profile', { handle, publicName });
    if (profile.status !== 200) throw new Error(`profile setup failed: ${JSON.stringify(profile.body)}`);
    return profile.body;
  }
}
