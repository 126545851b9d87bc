import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emailSchema } from '@aurum/core';
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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
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
  TRUST_PROXY: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  adminEmails: string[];
  logLevel: string;
  webDistDir: string | undefined;
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
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
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY === 'true',
    secureCookies: new URL(publicUrl).protocol === 'https:',
  };
}
