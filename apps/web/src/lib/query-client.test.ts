import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api/client';
import { shouldRetry } from './query-client';

const unreachable = new NetworkError(new TypeError('Failed to fetch'));

afterEach(() => vi.unstubAllGlobals());

describe('retrying a failed read', () => {
  it('tries again twice when the server or the network failed, never after an answer given on purpose', () => {
    expect([0, 1, 2].map((failures) => shouldRetry(failures, unreachable))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiError({ type: 'general_server_error', message: 'Oops', statusCode: 500 }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ type: 'not_found', message: 'Gone', statusCode: 404 }))).toBe(false);
  });

  it('does not spin while the browser says it is offline: the page says so at once', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect(shouldRetry(0, unreachable)).toBe(false);
  });
});
