import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, generateVapidKeys, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'aurum-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults and keeps a generated session secret in the data dir', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('trusts only the proxies TRUST_PROXY names: a number of hops (true is one) or their addresses, never every hop', () => {
    const dataDir = tempDir();
    const trusted = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(trusted('false')).toBe(false);
    expect(trusted('true')).toBe(1);
    expect(trusted('2')).toBe(2);
    expect(trusted('127.0.0.1, 10.0.0.0/8,::1, fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['yes', '0', '11', '10.0.0.0/33', 'proxy.internal', '127.0.0.1/8/8']) {
      expect(() => trusted(bad), bad).toThrow(ConfigError);
    }
  });

  it('makes a VAPID key pair once into the data dir (owner-only), or takes the configured one', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.push.vapidPublicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(config.push.vapidPrivateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(config.push.vapidSubject).toBe('mailto:no-reply@aurum.local');
    expect(config.push.publicEndpointsOnly).toBe(false);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: config.push.vapidPublicKey,
      privateKey: config.push.vapidPrivateKey,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(config.push);

    const keys = generateVapidKeys();
    const configured = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://aurum.example',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(configured.push).toEqual({
      vapidPublicKey: keys.publicKey,
      vapidPrivateKey: keys.privateKey,
      vapidSubject: 'https://aurum.example',
      publicEndpointsOnly: true,
    });
    expect(loadConfig({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'mailto:ops@example.com' }).push.vapidSubject).toBe('mailto:ops@example.com');
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'http://aurum.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
  });

  it('parses admin e-mails and marks cookies secure behind https', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      PUBLIC_URL: 'https://aurum.example/',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.publicUrl).toBe('https://aurum.example');
    expect(config.secureCookies).toBe(true);
  });

  it('runs the development verification provider unasked only for local development', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).verificationProvider).toBe('dev');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://localhost:3000' }).verificationProvider).toBe('dev');
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://aurum.example' }).verificationProvider).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).verificationProvider).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://aurum.example', VERIFICATION_PROVIDER: 'dev' }).verificationProvider).toBe(
      'dev',
    );
  });

  it('records sessions only in production with a PostHog key, sending them to the configured host', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, POSTHOG_KEY: 'phc_key' }).sessionRecording).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).sessionRecording).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', POSTHOG_KEY: 'phc_key' }).sessionRecording).toEqual({
      projectKey: 'phc_key',
      host: 'https://us.i.posthog.com',
      environment: 'production',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', POSTHOG_KEY: 'phc_key', POSTHOG_HOST: 'https://eu.i.posthog.com/' })
        .sessionRecording?.host,
    ).toBe('https://eu.i.posthog.com');
  });

  it('leaves job slots to the machine unless told', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).jobConcurrency).toEqual({});
    expect(loadConfig({ DATA_DIR: dataDir, MEDIA_JOB_CONCURRENCY: '3', VIDEO_JOB_CONCURRENCY: '1' }).jobConcurrency).toEqual({
      media: 3,
      video: 1,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, VIDEO_JOB_CONCURRENCY: '0' })).toThrow(/VIDEO_JOB_CONCURRENCY/);
  });

  it('reserves a job for its instance five minutes unless told, at least 3 s', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).jobLeaseMs).toBe(300_000);
    expect(loadConfig({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: '5' }).jobLeaseMs).toBe(5000);
    expect(() => loadConfig({ DATA_DIR: dataDir, JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/);
  });

  it('limits storage per user to 20 GiB unless told, 0 meaning no limit', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).storageQuotaBytes).toBe(20 * 1024 ** 3);
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_QUOTA_BYTES: '1000000' }).storageQuotaBytes).toBe(1_000_000);
    expect(loadConfig({ DATA_DIR: dataDir, STORAGE_QUOTA_BYTES: '0' }).storageQuotaBytes).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_QUOTA_BYTES: 'lots' })).toThrow(/STORAGE_QUOTA_BYTES: must be a number/);
  });

  it('reads the payout settings: providers (development only outside production by default), hold, pause and minimums', () => {
    const dataDir = tempDir();
    const payouts = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).payouts;
    expect(payouts({})).toEqual({
      providers: ['development'],
      holdDays: 7,
      methodChangePauseDays: 5,
      minimumMinor: { default: 2000 },
      paypal: null,
    });
    expect(payouts({ NODE_ENV: 'production' }).providers).toEqual([]);
    expect(payouts({ PAYOUT_MINIMUM: '25, GBP:15.5,CHF:30.05' }).minimumMinor).toEqual({ default: 2500, GBP: 1550, CHF: 3005 });
    expect(payouts({ PAYOUT_HOLD_DAYS: '0', PAYOUT_METHOD_CHANGE_PAUSE_DAYS: '0' })).toMatchObject({
      holdDays: 0,
      methodChangePauseDays: 0,
    });
    for (const [name, bad] of [
      ['PAYOUT_PROVIDERS', 'stripe_connect'],
      ['PAYOUT_MINIMUM', '20.001'],
      ['PAYOUT_MINIMUM', 'XYZ:20'],
      ['PAYOUT_HOLD_DAYS', '181'],
      ['PAYOUT_METHOD_CHANGE_PAUSE_DAYS', '1.5'],
    ] as const) {
      expect(() => payouts({ [name]: bad }), `${name}=${bad}`).toThrow(ConfigError);
    }
  });

  it('pays through PayPal with its client id, secret and webhook id, all three required together', () => {
    const dataDir = tempDir();
    const keys = { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret', PAYPAL_PAYOUTS_WEBHOOK_ID: '1JE4291016473214C' };
    const payouts = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).payouts;
    expect(payouts({ PAYOUT_PROVIDERS: 'paypal, development', ...keys })).toMatchObject({
      providers: ['paypal', 'development'],
      paypal: { clientId: 'client-id', clientSecret: 'client-secret', apiBase: 'https://api-m.paypal.com', webhookId: '1JE4291016473214C' },
    });
    expect(payouts({ PAYOUT_PROVIDERS: 'paypal', ...keys, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com/' }).paypal?.apiBase).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    // Keys without the provider turned on change nothing.
    expect(payouts({ PAYOUT_PROVIDERS: 'development', ...keys }).paypal).toBeNull();
    for (const missing of Object.keys(keys)) {
      const env = { PAYOUT_PROVIDERS: 'paypal', ...keys, [missing]: '' };
      expect(() => payouts(env), missing).toThrow(new RegExp(`${missing}: is required when PAYOUT_PROVIDERS lists paypal`));
    }
    expect(() => payouts({ PAYOUT_PROVIDERS: 'paypal', ...keys, PAYPAL_API_BASE: 'api-m.paypal.com' })).toThrow(
      /PAYPAL_API_BASE: must be a URL/,
    );
  });

  it('names every bad variable with a clear message', () => {
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'not a url',
        SESSION_SECRET: 'short',
        ADMIN_EMAILS: 'boss',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: must be a number/);
      expect(problems).toMatch(/DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//);
      expect(problems).toMatch(/SMTP_URL: must be a URL/);
      expect(problems).toMatch(/SESSION_SECRET: must be at least 32 characters/);
      expect(problems).toMatch(/ADMIN_EMAILS: "boss" is not an e-mail address/);
    }
  });

  it('reads replicas from a list of PostgreSQL addresses, only beside a PostgreSQL primary', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ databaseReplicaUrls: [], replicaMaxLagMs: 5000 });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://primary/aurum',
        DATABASE_REPLICA_URLS: ' postgres://one/aurum, postgresql://two/aurum ',
        REPLICA_MAX_LAG_SECONDS: '1.5',
      }),
    ).toMatchObject({ databaseReplicaUrls: ['postgres://one/aurum', 'postgresql://two/aurum'], replicaMaxLagMs: 1500 });
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_REPLICA_URLS: 'postgres://one/aurum' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://p/a', DATABASE_REPLICA_URLS: 'mysql://one' })).toThrow(
      /DATABASE_REPLICA_URLS\.0: must start with postgres/,
    );
  });

  it('turns the bot check on with both reCAPTCHA keys, and refuses one without the other or a score outside 0 to 1', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).recaptcha).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' }).recaptcha).toEqual({
      siteKey: 'site',
      secretKey: 'secret',
      minScore: 0.5,
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, RECAPTCHA_SITE_KEY: 'site' })).toThrow(
      /RECAPTCHA_SECRET_KEY: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret', RECAPTCHA_MIN_SCORE: '2' }),
    ).toThrow(/RECAPTCHA_MIN_SCORE: must be from 0 to 1/);
  });
});
