import { describe, expect, it } from 'vitest';
import { isSecretHeader, REDACTED, redactedAttributes, redactUrl } from './redaction';

describe('telemetry redaction', () => {
  it('treats authorization, cookie, proxy-authorization and token headers as secret, in any case', () => {
    for (const name of ['Authorization', 'cookie', 'Set-Cookie', 'Proxy-Authorization', 'X-CSRF-Token', 'token']) {
      expect(isSecretHeader(name), name).toBe(true);
    }
    for (const name of ['content-type', 'accept', 'traceparent', 'x-request-id']) expect(isSecretHeader(name), name).toBe(false);
  });

  it('redacts token query parameters and leaves the rest of the URL alone', () => {
    expect(redactUrl('https://aurum.example/sign-in?token=abc&next=%2Fhome')).toBe(
      `https://aurum.example/sign-in?token=${encodeURIComponent(REDACTED)}&next=%2Fhome`,
    );
    expect(redactUrl('https://aurum.example/a?access_token=1&Token=2')).not.toMatch(/=1|=2/);
    expect(redactUrl('https://aurum.example/api/feed?cursor=xyz')).toBe('https://aurum.example/api/feed?cursor=xyz');
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it("rewrites only a span's credential headers and URLs with tokens", () => {
    expect(
      redactedAttributes({
        'url.full': 'http://127.0.0.1/api/x?token=secret',
        'http.url': 'http://127.0.0.1/api/x',
        'http.request.header.authorization': ['Bearer secret'],
        'http.request.header.cookie': 'aurum_session=secret',
        'http.response.header.set-cookie': ['a=1', 'b=2'],
        'http.request.header.x-auth-token': 'secret',
        'http.request.header.accept': 'application/json',
        'http.response.status_code': 200,
      }),
    ).toEqual({
      'url.full': `http://127.0.0.1/api/x?token=${encodeURIComponent(REDACTED)}`,
      'http.request.header.authorization': [REDACTED],
      'http.request.header.cookie': REDACTED,
      'http.response.header.set-cookie': [REDACTED, REDACTED],
      'http.request.header.x-auth-token': REDACTED,
    });
  });
});
