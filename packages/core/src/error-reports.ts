import { passesLuhn } from './payments.js';

/**
 * What an error report may say about a person: their user id, nothing else (no e-mail, no
 * payment data, no request body, cookies or headers). One rule for the server's and the
 * browser's reports, applied to each report just before it is sent.
 */

const EMAIL_ADDRESS = /[^\s@<>"'(),;:/]+@[^\s@<>"'(),;:/]+\.[a-z]{2,}/gi;
/** Runs of 12 to 19 digits, spaced or dashed as card numbers are written. */
const DIGIT_RUN = /\b\d(?:[ -]?\d){11,18}\b/g;

/**
 * The text with e-mail addresses and card numbers replaced. A run of digits counts as a card
 * number when it passes the Luhn check, so most timestamps and counts stay readable.
 */
export function scrubReportText(text: string): string {
  return text
    .replace(EMAIL_ADDRESS, '[e-mail]')
    .replace(DIGIT_RUN, (run) => (passesLuhn(run.replace(/[ -]/g, '')) ? '[card number]' : run));
}

/**
 * What the Sentry SDKs may collect on their own (their `dataCollection` option): nothing about
 * the person or the request; `scrubErrorReport` enforces the same on every report.
 */
export const ERROR_REPORT_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
};

/** The parts of an error report (Sentry's event shape) that can carry personal data. */
export interface ReportableEvent {
  message?: string | undefined;
  user?: { id?: string | number | undefined } | undefined;
  request?: { url?: string | undefined; method?: string | undefined } | undefined;
  exception?: { values?: { value?: string | undefined }[] | undefined } | undefined;
  breadcrumbs?: { message?: string | undefined; data?: unknown }[] | undefined;
  extra?: Record<string, unknown> | undefined;
}

/** The report with only the user id, the request's method and path, and scrubbed messages. */
export function scrubErrorReport<Event extends ReportableEvent>(event: Event): Event {
  const scrubbed: ReportableEvent = { ...event };
  if (event.user) scrubbed.user = event.user.id === undefined ? {} : { id: event.user.id };
  if (event.request) {
    const path = event.request.url ? scrubReportText(event.request.url.split('?')[0] ?? '') : undefined;
    scrubbed.request = { ...(path ? { url: path } : {}), ...(event.request.method ? { method: event.request.method } : {}) };
  }
  if (event.message) scrubbed.message = scrubReportText(event.message);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) => (value.value ? { ...value, value: scrubReportText(value.value) } : value)),
    };
  }
  if (event.breadcrumbs) {
    scrubbed.breadcrumbs = event.breadcrumbs.map(({ data: _data, ...crumb }) =>
      crumb.message ? { ...crumb, message: scrubReportText(crumb.message) } : crumb,
    );
  }
  delete scrubbed.extra;
  // The same event with fewer fields: what the reporting SDK gave, minus what may not leave.
  return scrubbed as Event;
}
