import type { ProfilePage } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage } from '../../test/subscription-fixtures';

const viewer = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });

const creatorPage = (overrides: Partial<ProfilePage> = {}) => makeCreatorPage({ plans: [], ...overrides });

/** A profile whose server blocks and unblocks for real, unless `fail` says the write is refused. */
function serverWith(options: { fail?: boolean } = {}) {
  let blocked = false;
  const refused = { status: 500, body: { type: 'general_unknown', message: 'Something went wrong.', statusCode: 500 } };
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: viewer }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ blocked, following: !blocked }) }),
    'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [makePost()], nextCursor: null } }),
    'PUT /api/users/c1/block': () => {
      if (options.fail) return refused;
      blocked = true;
      return { status: 200, body: { blocked } };
    },
    'DELETE /api/users/c1/block': () => {
      blocked = false;
      return { status: 200, body: { blocked } };
    },
  });
}

const calls = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;

describe('blocking from a profile', () => {
  afterEach(clearError);

  it('blocks after confirming, hiding the follow button, plans and posts, and unblocks again', async () => {
    const fetchMock = serverWith();
    const user = userEvent.setup();
    renderApp('/users/c1');
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More actions for Goldie Hawn' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Goldie Hawn?' });
    expect(within(dialog).getByText(/You stop following them/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText(/You blocked Goldie Hawn\. Their posts stay out of your feed/)).toBeTruthy();
    expect(calls(fetchMock, 'PUT /api/users/c1/block')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block Goldie Hawn?' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^(Follow|Unfollow)$/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Posts' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeTruthy();
    expect(calls(fetchMock, 'DELETE /api/users/c1/block')).toBe(1);
    expect(screen.queryByText(/Their posts stay out of your feed/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More actions for Goldie Hawn' }));
    expect(screen.getByRole('menuitem', { name: 'Block' })).toBeTruthy();
  });

  it('keeps the dialog open with the reason when blocking fails, and cancels', async () => {
    serverWith({ fail: true });
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'More actions for Goldie Hawn' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Goldie Hawn?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Something went wrong.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
  });

  it('offers no block menu on one’s own profile', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'c1', userId: 'c1', labels: ['creators'], isCreator: true }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ following: false }) }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderApp('/users/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goldie Hawn' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();
  });
});
