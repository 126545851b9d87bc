import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config.js';

/** What the headers depend on: https or not, whether the browser loads Stripe.js or reCAPTCHA, where it reports errors and session recordings. */
export type SecurityHeaderSettings = Pick<Config, 'publicUrl' | 'paymentProvider'> & {
  recaptcha: Pick<NonNullable<Config['recaptcha']>, 'scriptUrl'> | null;
  errorReporting: Pick<NonNullable<Config['errorReporting']>, 'dsn'> | null;
  sessionRecording: Pick<NonNullable<Config['sessionRecording']>, 'host'> | null;
};

/** Stripe.js: its script, the frames of its card field and 3-D Secure, and its API. */
const STRIPE_SCRIPT = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

/**
 * reCAPTCHA v3: api.js from its origin, which loads more from gstatic and runs in a frame
 * (Google's CSP guidance); a stand-in's origin alone.
 */
function recaptchaSources(settings: SecurityHeaderSettings): { scripts: string[]; frames: string[] } {
  if (!settings.recaptcha) return { scripts: [], frames: [] };
  const origin = new URL(settings.recaptcha.scriptUrl).origin;
  if (origin !== 'https://www.google.com' && origin !== 'https://www.recaptcha.net') return { scripts: [origin], frames: [origin] };
  return {
    scripts: [`${origin}/recaptcha/`, 'https://www.gstatic.com/recaptcha/'],
    frames: [`${origin}/recaptcha/`, 'https://recaptcha.google.com/recaptcha/'],
  };
}

/**
 * Browser features the app never uses, switched off for it and anything it frames. Autoplay
 * (the install guide's muted clips), fullscreen and picture-in-picture (the video player) stay on.
 */
const UNUSED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

const isHttps = (settings: SecurityHeaderSettings) => new URL(settings.publicUrl).protocol === 'https:';

/** The Content-Security-Policy directives: scripts from this site only (and Stripe.js when it takes payments, reCAPTCHA when it checks for bots). */
export function contentSecurityDirectives(settings: SecurityHeaderSettings): Record<string, string[]> {
  const stripe = settings.paymentProvider === 'stripe';
  const recaptcha = recaptchaSources(settings);
  const frames = [...(stripe ? STRIPE_FRAMES : []), ...recaptcha.frames];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE_SCRIPT : []), ...recaptcha.scripts],
    'script-src-attr': ["'none'"],
    // MUI (emotion) writes its styles into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the ThumbHash placeholders, blob: for previews of files being uploaded.
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'"],
    // Sentry: the browser sends its reports to the DSN's host; PostHog: recordings to its host.
    // Telemetry goes to this server's relay ('self').
    'connect-src': [
      "'self'",
      ...(stripe ? STRIPE_CONNECT : []),
      ...(settings.errorReporting ? [new URL(settings.errorReporting.dsn).origin] : []),
      ...(settings.sessionRecording ? [new URL(settings.sessionRecording.host).origin] : []),
    ],
    ...(frames.length > 0 ? { 'frame-src': frames } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps(settings) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The Permissions-Policy header: unused features off; payment only for Stripe.js when it takes payments. */
export function permissionsPolicy(settings: SecurityHeaderSettings): string {
  const payment =
    settings.paymentProvider === 'stripe' ? `payment=(self ${STRIPE_FRAMES.map((origin) => `"${origin}"`).join(' ')})` : 'payment=()';
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), payment].join(', ');
}

/** Helmet's settings: its defaults, with the policy above and the choices helmet leaves open. */
function helmetOptions(settings: SecurityHeaderSettings): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(settings) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent over http it is ignored anyway, and a plain-http install must stay reachable.
    strictTransportSecurity: isHttps(settings) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** The headers helmet sets with these options, each as (name, value); none depends on the request. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Security headers on every response: pages, API answers, errors, static files, media bytes
 * and the development pages. They are set on the raw response when a request arrives, so a
 * response that fails later, or is written outside Fastify's reply, still carries them.
 * Helmet's headers are taken once at start: its Fastify plugin built the middleware anew for
 * every request, parsing the policy each time, the largest cost of a request before its route.
 */
export function registerSecurityHeaders(app: FastifyInstance, settings: SecurityHeaderSettings): void {
  const headers: [string, string][] = [...helmetHeaders(helmetOptions(settings)), ['permissions-policy', permissionsPolicy(settings)]];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
