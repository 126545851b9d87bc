import { describe, expect, it } from 'vitest';
import { scrubErrorReport, scrubReportText } from './error-reports.js';

describe('error reports', () => {
  it('replace e-mail addresses and card numbers in text, leaving ids, times and other numbers', () => {
    expect(scrubReportText('no user ada.lovelace+x@example.co.uk (card 4242 4242 4242 4242, 4000-0000-0000-0002)')).toBe(
      'no user [e-mail] (card [card number], [card number])',
    );
    expect(scrubReportText('post 1a2138ee5530011d04 at 2026-11-25T16:00:00Z (1795627382101 ms), 404, 20 ms')).toBe(
      'post 1a2138ee5530011d04 at 2026-11-25T16:00:00Z (1795627382101 ms), 404, 20 ms',
    );
  });

  it('keep only the user id and the request’s method and path, and drop extra data and breadcrumb data', () => {
    const event = {
      message: 'failed for bob@example.com',
      user: { id: 'u1', email: 'bob@example.com', ip_address: '10.0.0.1', username: 'bob' },
      request: {
        url: 'https://aurum.example/api/me?email=bob@example.com',
        method: 'POST',
        headers: { cookie: 'aurum_session=secret', authorization: 'Bearer x' },
        cookies: { aurum_session: 'secret' },
        data: { card: '4242424242424242' },
        query_string: 'email=bob@example.com',
      },
      exception: { values: [{ type: 'Error', value: 'charge 4242424242424242 for bob@example.com failed' }, { type: 'Error' }] },
      breadcrumbs: [{ message: 'clicked for bob@example.com', data: { url: '/api/x?e=bob@example.com' } }],
      extra: { body: { email: 'bob@example.com' } },
      tags: { route: '/api/me' },
    };
    const report = scrubErrorReport(event);
    expect(report).toEqual({
      message: 'failed for [e-mail]',
      user: { id: 'u1' },
      request: { url: 'https://aurum.example/api/me', method: 'POST' },
      exception: { values: [{ type: 'Error', value: 'charge [card number] for [e-mail] failed' }, { type: 'Error' }] },
      breadcrumbs: [{ message: 'clicked for [e-mail]' }],
      tags: { route: '/api/me' },
    });
    expect(JSON.stringify(report)).not.toMatch(/bob|4242|secret|10\.0\.0\.1/);
  });

  it('send no user at all when the report has no id', () => {
    const event = { user: { id: undefined, email: 'x@example.com' } };
    expect(scrubErrorReport(event)).toEqual({ user: {} });
  });
});
