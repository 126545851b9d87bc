import type { ProfilePage } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../test/api-mock';
import { lockedPost, makePost } from '../test/post-fixtures';
import { renderApp } from '../test/render-app';
import { makeCreatorPage } from '../test/subscription-fixtures';
import { clearError } from './error-store';

const viewer = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });

const creatorPage = (overrides: Partial<ProfilePage> = {}) => makeCreatorPage({ followers: 1234, plans: [], ...overrides });

const followerPost = (followed: boolean) =>
  followed
    ? makePost({ id: 'p2', access: ['follower'], accessLevel: 'follower', text: 'Only for followers' })
    : lockedPost({ access: ['follower'], unlock: { follow: true, plan: null, price: null } });

/** A profile whose server follows and unfollows for real, unless `fail` says the write is refused. */
function serverWith(options: { following?: boolean; fail?: boolean } = {}) {
  let following = options.following ?? false;
  let followers = 1234;
  const refused = { status: 500, body: { type: 'general_unknown', message: 'Something went wrong.', statusCode: 500 } };
  const fetchMock = mockApi({
    'GET /api/me': () => ({ status: 200, body: viewer }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ following, followers }) }),
    'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [followerPost(following)], nextCursor: null } }),
    'PUT /api/creators/c1/follow': () => {
      if (options.fail) return refused;
      if (!following) followers += 1;
      following = true;
      return { status: 200, body: { following, followers } };
    },
    'DELETE /api/creators/c1/follow': () => {
      if (options.fail) return refused;
      if (following) followers -= 1;
      following = false;
      return { status: 200, body: { following, followers } };
    },
  });
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;

describe('follow toggle on a creator profile', () => {
  // The error dialog's state outlives one render.
  afterEach(clearError);

  it('follows, counts the follower and unlocks follower posts in place, then unfollows', async () => {
    const fetchMock = serverWith();
    const user = userEvent.setup();
    renderApp('/users/c1');

    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(within(grid).getByRole('link', { name: /^Locked post/ })).toBeTruthy();
    expect(screen.getByText('1.2K followers')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    const unfollow = await screen.findByRole('button', { name: 'Unfollow' });
    expect(unfollow.textContent).toBe('Following');
    expect(await within(grid).findByRole('link', { name: 'Post: Only for followers' })).toBeTruthy();
    expect(calls(fetchMock, 'PUT /api/creators/c1/follow')).toBe(1);
    expect(calls(fetchMock, 'GET /api/users/c1/posts')).toBeGreaterThan(1);

    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(await within(grid).findByRole('link', { name: /^Locked post/ })).toBeTruthy();
    expect(calls(fetchMock, 'DELETE /api/creators/c1/follow')).toBe(1);
  });

  it('rolls the change back and shows the error when the server refuses', async () => {
    serverWith({ following: true, fail: true });
    const user = userEvent.setup();
    renderApp('/users/c1');

    await user.click(await screen.findByRole('button', { name: 'Unfollow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Something went wrong.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow', hidden: true }).textContent).toBe('Following'));
    expect(screen.getByText('1.2K followers')).toBeTruthy();
  });

  it('updates the follower count from the server at once', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: viewer }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ followers: 999 }) }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'PUT /api/creators/c1/follow': () => ({ status: 200, body: { following: true, followers: 1000 } }),
    });
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('1K followers')).toBeTruthy();
  });

  it('offers no follow button on one’s own profile', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'c1', userId: 'c1', labels: ['creators'], isCreator: true }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage() }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderApp('/users/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goldie Hawn' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });
});
