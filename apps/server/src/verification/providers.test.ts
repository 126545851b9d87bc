import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';
import { STRIPE_SIGNATURE_HEADER } from '../integrations/stripe/api.js';
import { signWebhookPayload } from '../integrations/stripe/webhook-signature.js';
import { DEV_SIGNATURE_HEADER, DevVerificationProvider } from './dev-provider.js';
import { createVerificationProvider } from './providers.js';
import { StripeIdentityProvider } from './stripe-provider.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const env = (vars: Record<string, string>) => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'aurum-verification-')), ...vars });

describe('verification configuration', () => {
  it('uses the development provider by default, and none in production unless chosen', () => {
    expect(loadConfig(env({})).verificationProvider).toBe('dev');
    expect(loadConfig(env({ NODE_ENV: 'production' })).verificationProvider).toBeNull();
    expect(loadConfig(env({ NODE_ENV: 'production', VERIFICATION_PROVIDER: 'dev' })).verificationProvider).toBe('dev');
    expect(createVerificationProvider(loadConfig(env({ NODE_ENV: 'production' })), () => NOW)).toBeNull();
  });

  it('needs both Stripe secrets for stripe, and defaults the API base', () => {
    try {
      loadConfig(env({ VERIFICATION_PROVIDER: 'stripe' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('STRIPE_SECRET_KEY: is required when VERIFICATION_PROVIDER=stripe');
      expect(problems).toContain('STRIPE_IDENTITY_WEBHOOK_SECRET: is required when VERIFICATION_PROVIDER=stripe');
    }
    const config = loadConfig(env({ VERIFICATION_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec' }));
    expect(config.stripe.apiBase).toBe('https://api.stripe.com');
    expect(createVerificationProvider(config, () => NOW)).toBeInstanceOf(StripeIdentityProvider);
    expect(() => loadConfig(env({ VERIFICATION_PROVIDER: 'veriff' }))).toThrow(/VERIFICATION_PROVIDER: must be dev or stripe/);
    expect(() => loadConfig(env({ STRIPE_API_BASE: 'ftp://stripe' }))).toThrow(/STRIPE_API_BASE/);
  });
});

describe('Stripe Identity webhook events', () => {
  const secret = 'whsec_test';
  const provider = new StripeIdentityProvider({ apiBase: 'http://127.0.0.1:9', secretKey: 'sk', webhookSecret: secret, now: () => NOW });
  const parse = (type: string, object: Record<string, unknown>) => {
    const body = Buffer.from(JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object: { id: 'vs_1', ...object } } }));
    return provider.parseWebhook({ [STRIPE_SIGNATURE_HEADER]: signWebhookPayload(secret, body, NOW.getTime() / 1000) }, body);
  };

  it('maps session events to verification statuses', () => {
    expect(parse('identity.verification_session.verified', { status: 'verified' })).toEqual({
      eventId: 'evt_1',
      providerSessionId: 'vs_1',
      status: 'approved',
      reason: undefined,
    });
    expect(parse('identity.verification_session.processing', {})?.status).toBe('pending');
    expect(parse('identity.verification_session.canceled', {})?.status).toBe('expired');
    expect(
      parse('identity.verification_session.requires_input', { last_error: { code: 'under_supported_age', reason: null } }),
    ).toMatchObject({
      status: 'declined',
      reason: 'under_supported_age',
    });
    expect(parse('identity.verification_session.requires_input', { last_error: null })?.status).toBe('pending');
    expect(parse('identity.verification_session.created', {})).toBeNull();
    expect(parse('payment_intent.succeeded', {})).toBeNull();
  });

  it('refuses signed bodies that are not events', () => {
    const body = Buffer.from('{"hello":"world"}');
    expect(() =>
      provider.parseWebhook({ [STRIPE_SIGNATURE_HEADER]: signWebhookPayload(secret, body, NOW.getTime() / 1000) }, body),
    ).toThrow(expect.objectContaining({ statusCode: 400, type: 'webhook_payload_invalid' }));
  });
});

describe('the development provider', () => {
  it("reads back its own signed decisions and nobody else's", async () => {
    const provider = new DevVerificationProvider({ publicUrl: 'https://aurum.example', sessionSecret: 's'.repeat(32), now: () => NOW });
    const session = await provider.createSession({
      requestId: 'r1',
      userId: 'u1',
      sessionType: 'age',
      returnUrl: 'https://aurum.example/back',
    });
    expect(session.url).toBe(
      `https://aurum.example/dev/verification/${session.providerSessionId}?return=https%3A%2F%2Faurum.example%2Fback`,
    );

    const approved = provider.signedDecision(session.providerSessionId, 'approve');
    expect(provider.parseWebhook(approved.headers, Buffer.from(approved.body))).toMatchObject({
      providerSessionId: session.providerSessionId,
      status: 'approved',
    });
    const declined = provider.signedDecision(session.providerSessionId, 'decline');
    expect(provider.parseWebhook(declined.headers, Buffer.from(declined.body))?.status).toBe('declined');

    const other = new DevVerificationProvider({ publicUrl: 'https://aurum.example', sessionSecret: 'o'.repeat(32), now: () => NOW });
    expect(() => other.parseWebhook(approved.headers, Buffer.from(approved.body))).toThrow(
      expect.objectContaining({ type: 'webhook_signature_invalid' }),
    );
    expect(approved.headers[DEV_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });
});
