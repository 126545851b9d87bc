import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorFromResponse, isApiError, NETWORK_ERROR_MESSAGE, NetworkError } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  it('sends JSON bodies with the session cookie and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => json(200, { challengeId: 'c1', email: 'a@b.co' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('POST', '/auth/code', { email: 'a@b.co' })).resolves.toEqual({ challengeId: 'c1', email: 'a@b.co' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/code');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('resolves 204 answers with undefined', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/auth/session')).resolves.toBeUndefined();
  });

  it('maps an API error body to an ApiError carrying type, message, status and details', async () => {
    const body = {
      type: 'sign_in_code_invalid',
      message: 'That code is not right. 3 tries left.',
      statusCode: 400,
      details: [{ path: 'code', message: 'wrong' }],
    };
    vi.stubGlobal('fetch', async () => json(400, body));
    const error = await apiRequest('POST', '/auth/session', { challengeId: 'c', code: '000000' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 'sign_in_code_invalid')).toBe(true);
    expect(isApiError(error, 'handle_taken')).toBe(false);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('That code is not right. 3 tries left.');
    expect(apiError.statusCode).toBe(400);
    expect(apiError.details).toEqual(body.details);
    expect(apiError.body).toEqual(body);
  });

  it('gives a typed error for answers that are not the API error shape', async () => {
    const error = await errorFromResponse(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(error.type).toBe('general_unknown');
    expect(error.statusCode).toBe(502);
    expect(error.message).toBe('The request failed (502 Bad Gateway).');
  });

  it('wraps network failures in a NetworkError with a readable message and the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', async () => {
      throw cause;
    });
    const error = (await apiRequest('GET', '/me').catch((caught: unknown) => caught)) as Error;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.cause).toBe(cause);
  });
});
