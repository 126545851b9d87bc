import { type CurrentUser, TERMS_VERSION } from '@aurum/core';

/** The signed-in user as `GET /api/me` answers, for tests and benches. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userId: 'u1',
    id: 'u1',
    profileId: 'u1',
    dataId: 'u1',
    handle: 'ada',
    publicName: 'Ada Lovelace',
    avatarColor: 'hsl(42, 50%, 50%)',
    avatarUrl: null,
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
    language: null,
    follow: [],
    subscriptions: [],
    ...overrides,
  };
}

/** A user who signed in but has not accepted the terms or set up a profile yet. */
export const newUser = () =>
  makeUser({ handle: null, publicName: null, registrationCompletedAt: null, termsAcceptedAt: null, termsVersion: null, name: '' });
