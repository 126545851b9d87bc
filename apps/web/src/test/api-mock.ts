export { makeUser, newUser } from './user-fixtures';

import { vi } from 'vitest';

type Answer = { status: number; body?: unknown };
/** An answer now, or later (a test that holds a request open until it has looked). */
type Handler = (body: unknown) => Answer | Promise<Answer>;

/**
 * Replaces fetch with a table of API answers keyed by "METHOD /api/path"; unknown requests
 * answer 404 so a test notices calls it did not expect. Returns the fetch mock for assertions.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const answer = handler
      ? await handler(init?.body ? JSON.parse(String(init.body)) : undefined)
      : { status: 404, body: { type: 'route_not_found', message: `No route for ${key}`, statusCode: 404 } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const anonymous: Handler = () => ({
  status: 401,
  body: { type: 'general_unauthorized_scope', message: 'Please sign in to continue.', statusCode: 401 },
});
