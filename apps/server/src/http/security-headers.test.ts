import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, type SecurityHeaderSettings } from './security-headers.js';

/** The headers a bare server with only these settings answers with. */
async function headersFor(settings: SecurityHeaderSettings) {
  const app = Fastify();
  registerSecurityHeaders(app, settings);
  app.get('/', async () => ({ ok: true }));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers;
}

/** The Content-Security-Policy as directive -> sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const local: SecurityHeaderSettings = {
  publicUrl: 'http://localhost:3000',
  paymentProvider: 'dev',
  recaptcha: null,
  errorReporting: null,
  sessionRecording: null,
};
const deployed: SecurityHeaderSettings = {
  publicUrl: 'https://aurum.example.com',
  paymentProvider: 'stripe',
  recaptcha: null,
  errorReporting: null,
  sessionRecording: null,
};

describe('security headers', () => {
  it('allow scripts, styles, pictures and connections from this site only, without Stripe unless it takes payments', async () => {
    const headers = await headersFor(local);
    expect(directives(headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(headers['permissions-policy']).toContain('payment=()');
    expect(String(headers['content-security-policy'])).not.toContain('stripe');
  });

  it('add Stripe.js origins and let it ask for payment when Stripe takes payments', async () => {
    const csp = directives((await headersFor({ ...local, paymentProvider: 'stripe' }))['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect((await headersFor(deployed))['permissions-policy']).toContain(
      'payment=(self "https://js.stripe.com" "https://hooks.stripe.com")',
    );
  });

  it('add reCAPTCHA’s script and frame origins when it checks for bots: Google’s per its guidance, a stand-in’s as it is', async () => {
    const google = { scriptUrl: 'https://www.google.com/recaptcha/api.js' };
    const csp = directives((await headersFor({ ...deployed, recaptcha: google }))['content-security-policy']);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(csp['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    const standIn = directives(
      (await headersFor({ ...local, recaptcha: { scriptUrl: 'http://127.0.0.1:5199/recaptcha/api.js' } }))['content-security-policy'],
    );
    expect(standIn['script-src']).toEqual(["'self'", 'http://127.0.0.1:5199']);
    expect(standIn['frame-src']).toEqual(['http://127.0.0.1:5199']);
    expect(String((await headersFor(local))['content-security-policy'])).not.toContain('recaptcha');
  });

  it('let the browser send error reports to the Sentry DSN’s host, and nowhere else, when reporting is on', async () => {
    const on = directives(
      (await headersFor({ ...local, errorReporting: { dsn: 'https://abc123@o1.ingest.sentry.io/42' } }))['content-security-policy'],
    );
    expect(on['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io']);
    expect(directives((await headersFor(local))['content-security-policy'])['connect-src']).toEqual(["'self'"]);
  });

  it('let the browser send session recordings to the PostHog host only when recording is on', async () => {
    const on = directives(
      (await headersFor({ ...local, sessionRecording: { host: 'https://eu.i.posthog.com/' } }))['content-security-policy'],
    );
    expect(on['connect-src']).toEqual(["'self'", 'https://eu.i.posthog.com']);
    expect(on['script-src']).toEqual(["'self'"]);
  });

  it('never allow inline or evaluated scripts, whatever the settings', async () => {
    for (const settings of [local, deployed, { ...local, paymentProvider: null }]) {
      const csp = directives((await headersFor(settings))['content-security-policy']);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(csp['script-src']).not.toContain("'unsafe-eval'");
      expect(csp['script-src-attr']).toEqual(["'none'"]);
    }
  });

  it('demand https (HSTS, upgraded requests) only when the public URL is https', async () => {
    const https = await headersFor(deployed);
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(https['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    const http = await headersFor(local);
    expect(http['strict-transport-security']).toBeUndefined();
    expect(directives(http['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('forbid framing, sniffing and full referrers, and switch off unused browser features', async () => {
    const headers = await headersFor(local);
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    const features = String(headers['permissions-policy']).split(', ');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'usb=()', 'payment=()']) expect(features).toContain(feature);
    // The video player and the install guide's muted clips use these.
    for (const used of ['autoplay', 'fullscreen', 'picture-in-picture']) expect(String(headers['permissions-policy'])).not.toContain(used);
  });
});
