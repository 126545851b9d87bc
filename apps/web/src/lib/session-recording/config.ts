import type { ClientConfig } from '@aurum/core';
import type { CapturedNetworkRequest, PostHogConfig } from 'posthog-js';
import { isSecretHeader, REDACTED, redactUrl } from '../telemetry/redaction';

export type SessionRecordingSettings = NonNullable<ClientConfig['sessionRecording']>;

/** The spec's "cookie and stored session": a session ends after 15 quiet minutes. */
export const SESSION_IDLE_SECONDS = 15 * 60;

/**
 * The identity provider's pages (the spec's two blocklisted prefixes): the development check this
 * server serves and Stripe Identity. Neither runs this app's code, so they are never recorded as
 * pages; requests to them are dropped from recordings too.
 */
export function identityProviderPrefixes(origin: string): string[] {
  return [`${origin}/dev/verification/`, 'https://verify.stripe.com/'];
}

const redactHeaders = (headers: Record<string, string> | undefined) =>
  headers && Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? REDACTED : value]));

/**
 * A network request as a recording may keep it: none to the identity provider; credential
 * headers and token query parameters redacted; no bodies (they carry e-mail addresses and what
 * members write, which no outside service gets).
 */
export function maskNetworkRequest(request: CapturedNetworkRequest, origin: string): CapturedNetworkRequest | null {
  if (identityProviderPrefixes(origin).some((prefix) => request.name.startsWith(prefix))) return null;
  return {
    ...request,
    name: redactUrl(request.name),
    requestHeaders: redactHeaders(request.requestHeaders),
    responseHeaders: redactHeaders(request.responseHeaders),
    requestBody: null,
    responseBody: null,
  };
}

/**
 * PostHog set up for session recording only, within the spec's limits where PostHog has them:
 * every input masked, network requests recorded with their headers (redacted, above), sessions
 * ending after 15 quiet minutes, nothing loaded from PostHog's servers (the bundle inlines the
 * recorder, so the Content-Security-Policy only needs its host in connect-src), and none of its
 * other products (autocapture, surveys, exception capture: Sentry reports errors).
 */
export function posthogConfig(settings: SessionRecordingSettings, origin: string): Partial<PostHogConfig> {
  return {
    api_host: settings.host,
    disable_external_dependency_loading: true,
    autocapture: false,
    capture_pageview: 'history_change',
    capture_exceptions: false,
    capture_dead_clicks: false,
    disable_surveys: true,
    disable_product_tours: true,
    disable_web_experiments: true,
    person_profiles: 'identified_only',
    session_idle_timeout_seconds: SESSION_IDLE_SECONDS,
    enable_recording_console_log: true,
    capture_performance: { network_timing: true },
    session_recording: {
      maskAllInputs: true,
      maskInputOptions: { password: true, email: true, tel: true, text: true, textarea: true, number: true, search: true },
      recordHeaders: true,
      recordBody: false,
      maskCapturedNetworkRequestFn: (request) => maskNetworkRequest(request, origin),
    },
  };
}
