import type { ProfilePage } from '@aurum/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { lockedPost, makeMedia, makePlan, makePost } from '../../test/post-fixtures';
import { renderApp, storeThemeMode } from '../../test/render-app';
import { makeCreatorPage } from '../../test/subscription-fixtures';

const viewer = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });
const longBio = `${'I paint with gold leaf and film the whole process. '.repeat(5)}The end.`;

const creatorPage = (overrides: Partial<ProfilePage> = {}) =>
  makeCreatorPage({
    isVerified: true,
    followers: 1234,
    bio: longBio,
    avatarUrl: '/api/users/c1/avatar?v=a',
    coverUrl: '/api/users/c1/cover?v=c',
    ...overrides,
  });

function api(extra: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: viewer }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    ...extra,
  });
}

describe('creator profile', () => {
  it('shows the creator, their plans and a grid where locked posts are blurred with the unlocking price', async () => {
    const open = makePost({ media: [makeMedia({ urls: { thumb: '/api/posts/p1/media/0/thumb?v=1' } })] });
    const fetchMock = api({
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage() }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [open, lockedPost()], nextCursor: 'p2' } }),
      'GET /api/users/c1/posts?cursor=p2': () => ({
        status: 200,
        body: { items: [makePost({ id: 'p3', text: 'Older sketch' })], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    renderApp('/users/c1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Goldie Hawn' })).toBeTruthy();
    expect(screen.getByText('@goldie')).toBeTruthy();
    expect(screen.getByText('1.2K followers')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Cover picture of Goldie Hawn' }).getAttribute('src')).toBe('/api/users/c1/cover?v=c');
    expect(screen.getByRole('link', { name: /Read more/ }).getAttribute('href')).toBe('/users/c1/bio');

    const plans = screen.getByRole('region', { name: 'Plans' });
    expect(within(plans).getByText('$4.99')).toBeTruthy();
    expect(within(plans).getByText('every 30 days')).toBeTruthy();
    expect(within(plans).getByText(/send the creator direct messages/)).toBeTruthy();
    expect(within(plans).getByRole('link', { name: 'Subscribe to Gold' }).getAttribute('href')).toBe('/users/subscribeTo/c1');

    const grid = await screen.findByRole('list', { name: 'Posts' });
    expect(within(grid).getByRole('link', { name: 'Post: Morning light in the studio' })).toBeTruthy();
    const locked = within(grid).getByRole('link', { name: 'Locked post: subscribe from $4.99 to unlock' });
    expect(locked.textContent).toContain('$4.99');
    expect(grid.innerHTML).not.toContain('/api/posts/p2/media/0/playable');

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await within(grid).findByRole('link', { name: 'Post: Older sketch' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users/c1/posts?cursor=p2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('marks the plan a member subscribes to, with a way to manage it or switch plans', async () => {
    const gold = makePlan();
    const platinum = makePlan({ id: 'plan-platinum', name: 'Platinum', priceMinor: 1999 });
    const subscriber = makeUser({
      ...viewer,
      subscriptions: [{ id: 's1', creatorId: 'c1', planId: gold.id, validUntil: '2026-12-22T10:00:00.000Z', autoRenew: true }],
    });
    mockApi({
      'GET /api/me': () => ({ status: 200, body: subscriber }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ plans: [gold, platinum] }) }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    renderApp('/users/c1');

    const plans = await screen.findByRole('region', { name: 'Plans' });
    const yours = within(plans).getByRole('listitem', { name: gold.name });
    expect(within(yours).getByText('Your plan')).toBeTruthy();
    expect(
      within(yours)
        .getByRole('link', { name: `Manage your ${gold.name} subscription` })
        .getAttribute('href'),
    ).toBe('/subscriptions/s1');
    const other = within(plans).getByRole('listitem', { name: 'Platinum' });
    expect(within(other).getByRole('link', { name: 'Switch to Platinum' }).getAttribute('href')).toBe('/subscriptions/s1/edit');
    expect(within(plans).queryByRole('link', { name: /^Subscribe to/ })).toBeNull();
  });

  it('offers a tip only while the creator takes tips', async () => {
    let page = creatorPage();
    api({
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: page }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    const { unmount } = renderApp('/users/c1');
    expect(await screen.findByRole('button', { name: 'Tip Goldie Hawn' })).toBeTruthy();
    unmount();

    page = creatorPage({ takesTips: false });
    renderApp('/users/c1');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tip Goldie Hawn' })).toBeNull();
  });

  it('offers Message to a member whose plan includes chat, which opens their chat; not to one whose plan has none', async () => {
    const gold = makePlan();
    const basic = makePlan({ id: 'plan-basic', name: 'Basic', perks: { chat: false } });
    const subscribedTo = (planId: string) =>
      makeUser({
        ...viewer,
        subscriptions: [{ id: 's1', creatorId: 'c1', planId, validUntil: '2099-12-22T10:00:00.000Z', autoRenew: true }],
      });
    let me = subscribedTo(gold.id);
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage({ plans: [gold, basic] }) }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'POST /api/chats': () => ({ status: 201, body: { id: 'ch1' } }),
      'GET /api/chats/ch1': () => ({ status: 404, body: { type: 'not_found', message: 'Gone.', statusCode: 404 } }),
    });
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/chat/ch1'));
    const started = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/chats' && init?.method === 'POST');
    expect(started.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ partnerId: 'c1' }]);
    unmount();

    me = subscribedTo(basic.id);
    renderApp('/users/c1');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it('draws the buttons over the cover light in the light theme too, on their dark backing', async () => {
    storeThemeMode('light');
    try {
      api({
        'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage() }),
        'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      });
      renderApp('/users/c1');
      const back = await screen.findByRole('button', { name: 'Back' });
      expect(getComputedStyle(back).color).toBe('rgb(255, 255, 255)');
    } finally {
      storeThemeMode(null);
    }
  });

  it('shows members the basic profile without plans or posts', async () => {
    api({
      'GET /api/users/m1/profile-page': () => ({
        status: 200,
        body: creatorPage({
          userId: 'm1',
          isCreator: false,
          isVerified: false,
          followers: null,
          bio: null,
          avatarUrl: null,
          coverUrl: null,
          plans: [],
        }),
      }),
    });
    renderApp('/users/m1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goldie Hawn' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Plans' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Posts' })).toBeNull();
  });

  it('says so when the user does not exist', async () => {
    api({
      'GET /api/users/nobody/profile-page': () => ({
        status: 404,
        body: { type: 'not_found', message: 'User not found.', statusCode: 404 },
      }),
    });
    renderApp('/users/nobody');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
  });

  it('shows the whole bio on its own page', async () => {
    api({ 'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage() }) });
    renderApp('/users/c1/bio');
    expect(await screen.findByRole('heading', { name: 'About Goldie Hawn' })).toBeTruthy();
    expect(screen.getByText(longBio)).toBeTruthy();
  });
});
