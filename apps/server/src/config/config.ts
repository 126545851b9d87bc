import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { CURRENCY_EXPONENTS, type Currency, emailSchema, type PayoutProviderName } from '@aurum/core';

/** The payout providers this server has adapters for. */
const CONFIGURABLE_PAYOUT_PROVIDERS = [
  'development',
  'stripe_connect',
  'paypal',
  'manual',
] as const satisfies readonly PayoutProviderName[];

import { z } from 'zod';

function protocolOf(value: string): string | null {
  try {
    return new URL(value).protocol;
  } catch {
    return null;
  }
}

const urlWithProtocol = (protocols: string[]) =>
  z
    .string()
    .refine((value) => protocolOf(value) !== null, { message: 'must be a URL', abort: true })
    .refine((value) => protocols.includes(protocolOf(value) ?? ''), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
    DATABASE_REPLICA_URLS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(urlWithProtocol(['postgres:', 'postgresql:']))),
    REPLICA_MAX_LAG_SECONDS: z.coerce.number({ message: 'must be a number' }).positive().max(300).default(5),
    REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}:$/, 'letters, digits, "_", "." or "-", ending with ":"')
      .default('aurum:'),
    SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']).optional(),
    MAIL_FROM: z.string().min(3).default('Aurum <no-reply@aurum.local>'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((list, ctx) => {
        const emails: string[] = [];
        for (const raw of list
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)) {
          const parsed = emailSchema.safeParse(raw);
          if (parsed.success) emails.push(parsed.data);
          else ctx.addIssue({ code: 'custom', message: `"${raw}" is not an e-mail address` });
        }
        return emails;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: z.string().default('false').transform(trustedProxies),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0).max(60).default(0),
    VERIFICATION_PROVIDER: z.enum(['dev', 'stripe'], { message: 'must be dev or stripe' }).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_API_BASE: urlWithProtocol(['http:', 'https:']).default('https://api.stripe.com'),
    STRIPE_IDENTITY_WEBHOOK_SECRET: z.string().min(1).optional(),
    PAYMENT_PROVIDER: z.enum(['dev', 'stripe'], { message: 'must be dev or stripe' }).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
    STRIPE_PAYMENTS_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
    PLATFORM_FEE_PERCENT: z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be from 0 to 100')
      .max(100, 'must be from 0 to 100')
      .refine((percent) => Number.isInteger(Math.round(percent * 100 * 1e6) / 1e6), 'must have at most two decimals')
      .default(20),
    PAYOUT_PROVIDERS: z
      .string()
      .optional()
      .transform((list, ctx) => (list === undefined ? undefined : payoutProviderList(list, ctx))),
    PAYOUT_HOLD_DAYS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number of days').min(0).max(180).default(7),
    PAYOUT_METHOD_CHANGE_PAUSE_DAYS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of days')
      .min(0)
      .max(30)
      .default(5),
    PAYOUT_MINIMUM: z.string().default('20.00').transform(payoutMinimums),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_API_BASE: urlWithProtocol(['http:', 'https:']).default('https://api-m.paypal.com'),
    PAYPAL_PAYOUTS_WEBHOOK_ID: z.string().min(1).optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_ENDPOINT: urlWithProtocol(['http:', 'https:']).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    UPLOAD_MAX_BYTES: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of bytes')
      .min(1)
      .max(64 * 1024 ** 3, 'must be at most 64 GiB')
      .default(2 * 1024 ** 3),
    STORAGE_QUOTA_BYTES: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of bytes')
      .min(0)
      .default(20 * 1024 ** 3),
    MEDIA_UNATTACHED_GRACE_HOURS: z.coerce
      .number({ message: 'must be a number' })
      .positive()
      .max(24 * 365)
      .default(24 * 7),
    UPLOAD_EXPIRY_HOURS: z.coerce
      .number({ message: 'must be a number' })
      .positive()
      .max(24 * 365)
      .default(24),
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: urlWithProtocol(['http:', 'https:']).optional(),
    OTEL_EXPORTER_OTLP_HEADERS: z
      .string()
      .optional()
      .transform((list, ctx) => {
        // The OpenTelemetry format: key=value pairs separated by commas, values URL-encoded.
        const headers: Record<string, string> = {};
        for (const pair of (list ?? '').split(',').filter((part) => part.trim())) {
          const [key, ...rest] = pair.split('=');
          if (!key?.trim() || rest.length === 0) ctx.addIssue({ code: 'custom', message: `"${pair.trim()}" is not key=value` });
          else headers[key.trim()] = decodeURIComponent(rest.join('=').trim());
        }
        return headers;
      }),
    OTEL_SERVICE_NAME: z.string().min(1).default('aurum'),
    SENTRY_DSN: urlWithProtocol(['http:', 'https:']).optional(),
    SENTRY_ENVIRONMENT: z.string().min(1).optional(),
    POSTHOG_KEY: z.string().min(1).optional(),
    POSTHOG_HOST: urlWithProtocol(['http:', 'https:']).default('https://us.i.posthog.com'),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
    RECAPTCHA_MIN_SCORE: z.coerce
      .number({ message: 'must be a number' })
      .min(0, 'must be from 0 to 1')
      .max(1, 'must be from 0 to 1')
      .default(0.5),
    RECAPTCHA_VERIFY_URL: urlWithProtocol(['http:', 'https:']).default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_SCRIPT_URL: urlWithProtocol(['http:', 'https:']).default('https://www.google.com/recaptcha/api.js'),
    MEDIA_JOB_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(64).optional(),
    VIDEO_JOB_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(16).optional(),
    JOB_LEASE_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(3).max(3600).default(300),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key (an uncompressed point, base64url)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key (32 bytes, base64url)')
      .optional(),
    VAPID_SUBJECT: urlWithProtocol(['mailto:', 'https:']).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.VERIFICATION_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_IDENTITY_WEBHOOK_SECRET'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when VERIFICATION_PROVIDER=stripe' });
    }
  })
  .superRefine((e, ctx) => {
    if (e.PAYMENT_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_PAYMENTS_WEBHOOK_SECRET'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
  })
  .superRefine((e, ctx) => {
    if (!e.PAYOUT_PROVIDERS?.includes('stripe_connect')) return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_CONNECT_WEBHOOK_SECRET'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYOUT_PROVIDERS lists stripe_connect' });
    }
  })
  .superRefine((e, ctx) => {
    if (!e.PAYOUT_PROVIDERS?.includes('paypal')) return;
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_PAYOUTS_WEBHOOK_ID'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYOUT_PROVIDERS lists paypal' });
    }
  })
  .superRefine((e, ctx) => {
    // The bot check is on with both keys: one alone would leave it silently off.
    if (!e.RECAPTCHA_SITE_KEY !== !e.RECAPTCHA_SECRET_KEY) {
      const missing = e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together' });
    }
  })
  .superRefine((e, ctx) => {
    // A key pair is configured whole or generated whole.
    if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
      const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together' });
    }
  })
  .superRefine((e, ctx) => {
    if (e.DATABASE_REPLICA_URLS.length > 0 && !e.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URLS'],
        message: 'needs DATABASE_URL: replicas follow a PostgreSQL primary',
      });
    }
  })
  .superRefine((e, ctx) => {
    // S3_BUCKET switches object storage on; the other S3 settings alone would be silently ignored.
    for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (e[name] && !e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET to be set' });
    }
    if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
  });

/** An S3-compatible bucket for media and partial uploads. Without keys the SDK's default credential chain applies. */
export interface S3Settings {
  bucket: string;
  /** For S3-compatible servers (MinIO, R2, ...); addressed path-style. Unset means AWS. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of the primary, for reads that may lag (db/replicas.ts). */
  databaseReplicaUrls: string[];
  /** Past this lag a replica is not read from. */
  replicaMaxLagMs: number;
  redisUrl: string | undefined;
  /** What this deployment's Redis keys and channels start with. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  adminEmails: string[];
  logLevel: string;
  webDistDir: string | undefined;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  /**
   * Which hops of `X-Forwarded-For` are the operator's proxies, whose word on the client's address
   * is taken: none (false), the last N hops, or the proxies' addresses and ranges. Never every hop:
   * the left-most entries are whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** On a shutdown, how long readiness answers 503 while requests are still served, so a load balancer stops sending them first. */
  shutdownDrainMs: number;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /**
   * Who checks identity and age. The built-in development provider approves on a button
   * press, so it runs unasked only for local development (not in production, not behind a
   * public https address); otherwise only when VERIFICATION_PROVIDER=dev says so. null: none.
   */
  verificationProvider: 'dev' | 'stripe' | null;
  /**
   * Who takes payments. The development provider accepts test cards without moving money,
   * so like the verification provider it runs unasked only for local development. null: none
   * (subscribing answers 503 payments_unavailable).
   */
  paymentProvider: 'dev' | 'stripe' | null;
  /** The platform's share of every payment, in basis points (2000 = 20%). */
  platformFeeBasisPoints: number;
  payouts: PayoutSettings;
  stripe: {
    secretKey: string | undefined;
    apiBase: string;
    identityWebhookSecret: string | undefined;
    publishableKey: string | undefined;
    paymentsWebhookSecret: string | undefined;
    /** The Connect endpoint's secret: events of creators' connected accounts (payouts through Stripe Connect). */
    connectWebhookSecret: string | undefined;
  };
  /** Media and partial uploads go to this bucket; null keeps them under DATA_DIR. */
  s3: S3Settings | null;
  uploadMaxBytes: number;
  /** What each user's uploads may take in all (originals, as uploaded); null: no limit. */
  storageQuotaBytes: number | null;
  /** Unfinished uploads are deleted this long after they were started. */
  uploadExpiryMs: number;
  /** Uploads attached to no post, message or profile are deleted this long after they were made. */
  mediaUnattachedGraceMs: number;
  /** Explicit ffmpeg/ffprobe binaries; unset means the ones on PATH, else the bundled ones. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Photo/sound and video jobs run at once by this server; unset means chosen from its cores and memory. */
  jobConcurrency: { media?: number; video?: number };
  /** How long a job stays reserved by the instance running it (renewed while it runs); a dead instance's jobs are taken over after it. */
  jobLeaseMs: number;
  /** OpenTelemetry traces and metrics over OTLP/HTTP; null: none are collected. */
  telemetry: TelemetrySettings | null;
  /** Unexpected errors of the server and the browser go to Sentry; null: they are only logged. */
  errorReporting: ErrorReportingSettings | null;
  /** reCAPTCHA v3 on the sign-in code request; null: the bot check is off. */
  recaptcha: RecaptchaSettings | null;
  /** PostHog session recording for users who turn it on; null without a key, and always outside production. */
  sessionRecording: SessionRecordingSettings | null;
  /** Web push: the VAPID key pair this server signs its push messages with, and whom push services may contact. */
  push: PushSettings;
}

export interface PayoutSettings {
  /**
   * Who sends creators their money. The development provider moves none and, like the payment
   * provider, runs unasked only for local development; empty: no payouts (creators are told).
   */
  providers: PayoutProviderName[];
  /** Days an earning is held before it can be paid out; an admin can set a creator's own. */
  holdDays: number;
  /** Days payouts wait after the payout method changes. */
  methodChangePauseDays: number;
  /** The smallest payout, in minor units, per currency; `default` for the others. */
  minimumMinor: Partial<Record<Currency, number>> & { default: number };
  /** PayPal Payouts' REST app; set when `providers` lists paypal, null otherwise. */
  paypal: PayPalPayoutSettings | null;
}

export interface PayPalPayoutSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** The id PayPal gave the webhook at PUBLIC_URL/api/webhooks/payouts/paypal; its events are verified against it. */
  webhookId: string;
}

export interface PushSettings {
  /** base64url: the uncompressed P-256 point (65 bytes), as browsers take it for applicationServerKey. */
  vapidPublicKey: string;
  /** base64url: the 32-byte private scalar. */
  vapidPrivateKey: string;
  /** mailto: or https: address push services can reach the operator at. */
  vapidSubject: string;
  /**
   * Push endpoints must be https push services on the internet, checked when stored and on every send
   * (production); a local push stand-in is taken only in development and tests.
   */
  publicEndpointsOnly: boolean;
}

export interface TelemetrySettings {
  /** The collector's base URL: traces go to `/v1/traces`, metrics to `/v1/metrics`. */
  endpoint: string;
  headers: Record<string, string>;
  serviceName: string;
  environment: string;
}

export interface SessionRecordingSettings {
  /** The PostHog project's key (public by design: the browser sends it with every event). */
  projectKey: string;
  /** Where the browser sends recordings and events (PostHog's ingestion host, or a proxy of it). */
  host: string;
  environment: string;
}

export interface ErrorReportingSettings {
  /** The project's DSN (the server and the browser report to the same project, told apart by platform). */
  dsn: string;
  environment: string;
}

export interface RecaptchaSettings {
  siteKey: string;
  secretKey: string;
  /** Scores below this are refused (reCAPTCHA: 1.0 very likely a person, 0.0 very likely a bot). */
  minScore: number;
  /** Google's siteverify endpoint, or a stand-in speaking its protocol. */
  verifyUrl: string;
  /** The api.js the browser loads, from Google or a stand-in. */
  scriptUrl: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the session secret from the data dir, creating it on first start. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** A fresh VAPID key pair (P-256), base64url as web push uses it. */
/** PAYOUT_PROVIDERS: a comma-separated list of the payout providers this server uses. */
function payoutProviderList(list: string, ctx: z.RefinementCtx): PayoutProviderName[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(CONFIGURABLE_PAYOUT_PROVIDERS as readonly string[]).includes(name));
  if (unknown.length > 0)
    ctx.addIssue({ code: 'custom', message: `must list some of ${CONFIGURABLE_PAYOUT_PROVIDERS.join(', ')} (not ${unknown.join(', ')})` });
  return [...new Set(names)] as PayoutProviderName[];
}

/**
 * PAYOUT_MINIMUM: an amount for every currency (`20.00`), optionally with amounts of their own
 * for some (`20.00,GBP:15.00`), in major units with at most two decimals.
 */
function payoutMinimums(value: string, ctx: z.RefinementCtx): PayoutSettings['minimumMinor'] {
  const minimums: PayoutSettings['minimumMinor'] = { default: 2000 };
  for (const part of value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const match = /^(?:([A-Z]{3}):)?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(part);
    const currency = match?.[1];
    if (!match || (currency && !(currency in CURRENCY_EXPONENTS))) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not an amount like 20.00 or GBP:15.00 in a supported currency` });
      continue;
    }
    const minor = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
    if (currency) minimums[currency as Currency] = minor;
    else minimums.default = minor;
  }
  return minimums;
}

/** The most proxies one request may pass through that TRUST_PROXY can name by count. */
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: `false`; a number of proxy hops in front of the server (`true` is one: the usual
 * reverse proxy); or a comma-separated list of the proxies' addresses or CIDR ranges.
 */
function trustedProxies(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === 'false' || text === '') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    ctx.addIssue({ code: 'custom', message: `must be between 1 and ${MAX_PROXY_HOPS} proxy hops` });
    return false;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxy hops (true is 1), or proxy addresses and CIDR ranges; not ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    });
    return false;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** Reads the VAPID key pair from the data dir, creating it on first start: browsers' subscriptions are bound to it, so it must outlive restarts. */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = z.object({ publicKey: z.string(), privateKey: z.string() }).parse(JSON.parse(readFileSync(file, 'utf8')));
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ConfigError([`${file}: not a VAPID key pair (${String(error)})`]);
    mkdirSync(dataDir, { recursive: true });
    const keys = generateVapidKeys();
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    return keys;
  }
}

/** Who push services may contact: VAPID_SUBJECT, else the public https address, else the sender address of the mail. */
function vapidSubjectFor(subject: string | undefined, publicUrl: string, mailFrom: string): string {
  if (subject) return subject;
  if (new URL(publicUrl).protocol === 'https:') return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** An https address other than this machine's: a real deployment, whatever NODE_ENV says. */
function isPublicHttps(publicUrl: string): boolean {
  const { protocol, hostname } = new URL(publicUrl);
  return protocol === 'https:' && hostname !== 'localhost' && !hostname.startsWith('127.') && hostname !== '[::1]';
}

/** Validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    replicaMaxLagMs: Math.round(e.REPLICA_MAX_LAG_SECONDS * 1000),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    secureCookies: new URL(publicUrl).protocol === 'https:',
    verificationProvider: e.VERIFICATION_PROVIDER ?? (e.NODE_ENV !== 'production' && !isPublicHttps(publicUrl) ? 'dev' : null),
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV !== 'production' && !isPublicHttps(publicUrl) ? 'dev' : null),
    platformFeeBasisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100),
    payouts: {
      providers: e.PAYOUT_PROVIDERS ?? (e.NODE_ENV !== 'production' && !isPublicHttps(publicUrl) ? ['development'] : []),
      holdDays: e.PAYOUT_HOLD_DAYS,
      methodChangePauseDays: e.PAYOUT_METHOD_CHANGE_PAUSE_DAYS,
      minimumMinor: e.PAYOUT_MINIMUM,
      paypal:
        e.PAYOUT_PROVIDERS?.includes('paypal') && e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_PAYOUTS_WEBHOOK_ID
          ? {
              clientId: e.PAYPAL_CLIENT_ID,
              clientSecret: e.PAYPAL_CLIENT_SECRET,
              apiBase: e.PAYPAL_API_BASE.replace(/\/+$/, ''),
              webhookId: e.PAYPAL_PAYOUTS_WEBHOOK_ID,
            }
          : null,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
      identityWebhookSecret: e.STRIPE_IDENTITY_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      paymentsWebhookSecret: e.STRIPE_PAYMENTS_WEBHOOK_SECRET,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : null,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES > 0 ? e.STORAGE_QUOTA_BYTES : null,
    uploadExpiryMs: Math.round(e.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000),
    mediaUnattachedGraceMs: Math.round(e.MEDIA_UNATTACHED_GRACE_HOURS * 60 * 60 * 1000),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    telemetry: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
          headers: e.OTEL_EXPORTER_OTLP_HEADERS,
          serviceName: e.OTEL_SERVICE_NAME,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
        }
      : null,
    sessionRecording:
      e.POSTHOG_KEY && e.NODE_ENV === 'production'
        ? { projectKey: e.POSTHOG_KEY, host: e.POSTHOG_HOST.replace(/\/+$/, ''), environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV }
        : null,
    errorReporting: e.SENTRY_DSN ? { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV } : null,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? {
            siteKey: e.RECAPTCHA_SITE_KEY,
            secretKey: e.RECAPTCHA_SECRET_KEY,
            minScore: e.RECAPTCHA_MIN_SCORE,
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
            scriptUrl: e.RECAPTCHA_SCRIPT_URL,
          }
        : null,
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { vapidPublicKey: e.VAPID_PUBLIC_KEY, vapidPrivateKey: e.VAPID_PRIVATE_KEY }
        : (({ publicKey, privateKey }) => ({ vapidPublicKey: publicKey, vapidPrivateKey: privateKey }))(loadOrCreateVapidKeys(dataDir))),
      vapidSubject: vapidSubjectFor(e.VAPID_SUBJECT, publicUrl, e.MAIL_FROM),
      publicEndpointsOnly: e.NODE_ENV === 'production' || isPublicHttps(publicUrl),
    },
    jobConcurrency: {
      ...(e.MEDIA_JOB_CONCURRENCY ? { media: e.MEDIA_JOB_CONCURRENCY } : {}),
      ...(e.VIDEO_JOB_CONCURRENCY ? { video: e.VIDEO_JOB_CONCURRENCY } : {}),
    },
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
  };
}
