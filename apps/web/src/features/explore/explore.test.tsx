import type { CreatorCard, CreatorsPage } from '@aurum/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const viewer = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });

function card(overrides: Partial<CreatorCard> = {}): CreatorCard {
  return {
    userId: 'c1',
    handle: 'goldie',
    publicName: 'Goldie Hawn',
    avatarColor: 'hsl(42, 50%, 50%)',
    avatarUrl: null,
    isVerified: true,
    followers: 1234,
    following: false,
    bio: 'I paint with gold leaf.',
    ...overrides,
  };
}

const page = (items: CreatorCard[], nextCursor: string | null = null): { status: number; body: CreatorsPage } => ({
  status: 200,
  body: { items, nextCursor },
});

function api(extra: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: viewer }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    ...extra,
  });
}

const creatorRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/creators?'));

describe('Explore', () => {
  it('lists creators as cards linking to their profiles, and loads more', async () => {
    const fetchMock = api({
      'GET /api/creators?sort=new': () =>
        page([card(), card({ userId: 'c2', publicName: null, handle: 'silver', followers: 1, bio: null })], 'more'),
      'GET /api/creators?sort=new&cursor=more': () => page([card({ userId: 'c3', publicName: 'Bronze Age', followers: 0 })]),
    });
    const user = userEvent.setup();
    renderApp('/explore');

    const list = await screen.findByRole('list', { name: 'Creators' });
    const [goldie, silver] = within(list).getAllByRole('article');
    expect(within(goldie!).getByRole('link', { name: 'Goldie Hawn' }).getAttribute('href')).toBe('/users/c1');
    expect(within(goldie!).getByText('@goldie')).toBeTruthy();
    expect(within(goldie!).getByText('1.2K followers')).toBeTruthy();
    expect(within(goldie!).getByText('I paint with gold leaf.')).toBeTruthy();
    expect(within(goldie!).getByTitle('Verified')).toBeTruthy();
    expect(within(goldie!).getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(within(silver!).getByRole('link', { name: '@silver' }).getAttribute('href')).toBe('/users/c2');
    expect(within(silver!).getByText('1 follower')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more creators' }));
    expect(await within(list).findByRole('link', { name: 'Bronze Age' })).toBeTruthy();
    expect(creatorRequests(fetchMock)).toEqual(['/api/creators?sort=new', '/api/creators?sort=new&cursor=more']);
  });

  it('searches after typing pauses and sorts by popularity, asking the API with those parameters', async () => {
    const fetchMock = api({
      'GET /api/creators?sort=new': () => page([card()]),
      'GET /api/creators?sort=new&q=gold+leaf': () => page([card({ userId: 'c9', publicName: 'Gold Leaf Studio' })]),
      'GET /api/creators?sort=popular&q=gold+leaf': () => page([card({ userId: 'c8', publicName: 'Most Followed Gold' })]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/explore');
    await screen.findByRole('link', { name: 'Goldie Hawn' });

    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'gold leaf ');
    expect(await screen.findByRole('link', { name: 'Gold Leaf Studio' })).toBeTruthy();
    // One request for the finished search, none per keystroke.
    expect(creatorRequests(fetchMock)).toEqual(['/api/creators?sort=new', '/api/creators?sort=new&q=gold+leaf']);

    await user.click(screen.getByRole('button', { name: 'Popular' }));
    expect(await screen.findByRole('link', { name: 'Most Followed Gold' })).toBeTruthy();
    expect(creatorRequests(fetchMock).at(-1)).toBe('/api/creators?sort=popular&q=gold+leaf');
    expect(screen.getByRole('button', { name: 'Popular' }).getAttribute('aria-pressed')).toBe('true');
    // The address keeps the search, so coming back restores it.
    expect(router.state.location.search).toBe('?q=gold+leaf&sort=popular');
  });

  it('follows a creator from the card', async () => {
    const fetchMock = api({
      'GET /api/creators?sort=new': () => page([card()]),
      'PUT /api/creators/c1/follow': () => ({ status: 200, body: { following: true, followers: 1235 } }),
    });
    const user = userEvent.setup();
    renderApp('/explore');
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect((await screen.findByRole('button', { name: 'Unfollow' })).textContent).toBe('Following');
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'PUT' && String(url) === '/api/creators/c1/follow')).toBe(true);
  });

  it('says when nothing matches the search it was opened with', async () => {
    api({ 'GET /api/creators?sort=popular&q=nobody': () => page([]) });
    renderApp('/explore?q=nobody&sort=popular');
    expect(await screen.findByRole('heading', { name: 'No creators found' })).toBeTruthy();
    expect(screen.getByText(/matches “nobody”/)).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search creators' }) as HTMLInputElement).value).toBe('nobody');
  });

  it('shows the failure with a way to try again', async () => {
    api({
      'GET /api/creators?sort=new': () => ({
        status: 400,
        body: { type: 'invalid_cursor', message: 'Start from the top.', statusCode: 400 },
      }),
    });
    renderApp('/explore');
    expect(await screen.findByText('Start from the top.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
