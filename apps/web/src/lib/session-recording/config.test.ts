import type { CapturedNetworkRequest } from 'posthog-js';
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../telemetry/redaction';
import { maskNetworkRequest, posthogConfig, SESSION_IDLE_SECONDS } from './config';

const origin = 'https://aurum.example';
const settings = { projectKey: 'phc_key', host: 'https://eu.i.posthog.com', environment: 'production' };

const request = (name: string): CapturedNetworkRequest =>
  ({
    name,
    entryType: 'resource',
    startTime: 0,
    duration: 10,
    method: 'GET',
    status: 200,
    requestHeaders: { authorization: 'Bearer secret', cookie: 'aurum_session=secret', accept: 'application/json' },
    responseHeaders: { 'set-cookie': 'aurum_session=secret', 'content-type': 'application/json' },
    requestBody: '{"email":"someone@example.com"}',
    responseBody: '{"email":"someone@example.com"}',
  }) as CapturedNetworkRequest;

describe('session recording settings', () => {
  it('mask every input, keep headers but no bodies, end sessions after 15 quiet minutes, load nothing from PostHog', () => {
    const config = posthogConfig(settings, origin);
    expect(config.api_host).toBe(settings.host);
    expect(config.session_recording).toMatchObject({ maskAllInputs: true, recordHeaders: true, recordBody: false });
    expect(config.session_recording?.maskInputOptions).toMatchObject({ password: true, email: true, text: true, textarea: true });
    expect(config.session_idle_timeout_seconds).toBe(SESSION_IDLE_SECONDS);
    expect(SESSION_IDLE_SECONDS).toBe(900);
    expect(config.disable_external_dependency_loading).toBe(true);
    expect(config.autocapture).toBe(false);
    expect(config.disable_surveys).toBe(true);
  });

  it('drop requests to the identity provider’s pages, the development check and Stripe Identity', () => {
    expect(maskNetworkRequest(request(`${origin}/dev/verification/abc?return=%2F`), origin)).toBeNull();
    expect(maskNetworkRequest(request('https://verify.stripe.com/start/test_123'), origin)).toBeNull();
    expect(maskNetworkRequest(request(`${origin}/api/feed`), origin)).not.toBeNull();
  });

  it('redact credential headers and tokens in URLs, and never keep a body', () => {
    const masked = maskNetworkRequest(request(`${origin}/api/auth/link?token=secret`), origin);
    expect(masked?.requestHeaders).toEqual({ authorization: REDACTED, cookie: REDACTED, accept: 'application/json' });
    expect(masked?.responseHeaders).toEqual({ 'set-cookie': REDACTED, 'content-type': 'application/json' });
    expect(masked?.name).not.toContain('secret');
    expect(masked?.requestBody).toBeNull();
    expect(masked?.responseBody).toBeNull();
    // The config hands PostHog this very function.
    const config = posthogConfig(settings, origin);
    expect(config.session_recording?.maskCapturedNetworkRequestFn?.(request('https://verify.stripe.com/x'))).toBeNull();
  });
});
