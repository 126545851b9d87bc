import { type CurrentUser, TERMS_VERSION } from '@aurum/core';
import { vi } from 'vitest';

type Handler = (body: unknown) => { status: number; body?: unknown };

/**
 * Replaces fetch with a table of API answers keyed by "METHOD /api/path"; unknown requests
 * answer 404 so a test notices calls it did not expect. Returns the fetch mock for assertions.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const handler = handlers[key];
    const answer = handler
      ? handler(init?.body ? JSON.parse(String(init.body)) : undefined)
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

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userId: 'u1',
    id: 'u1',
    profileId: 'u1',
    dataId: 'u1',
    handle: 'ada',
    publicName: 'Ada Lovelace',
    avatarColor: 'hsl(42, 50%, 50%)',
    isCreator: false,
    isVerified: false,
    lastOnline: null,
    followers: null,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    emailVerification: true,
    labels: [],
    roles: ['members'],
    registrationCompletedAt: '2026-11-01T10:00:00.000Z',
    identityVerifiedAt: null,
    termsAcceptedAt: '2026-11-01T09:59:00.000Z',
    termsVersion: TERMS_VERSION,
    chatEmailNotices: true,
    pushNewPosts: false,
    pushChatMessages: false,
    sessionRecording: false,
    follow: [],
    subscriptions: [],
    ...overrides,
  };
}

/** A user who signed in but has not accepted the terms or set up a profile yet. */
export const newUser = () =>
  makeUser({ handle: null, publicName: null, registrationCompletedAt: null, termsAcceptedAt: null, termsVersion: null, name: '' });
