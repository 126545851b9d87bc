import type { FeedItem, FeedPage } from '@aurum/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentCache } from '../../lib/cache/cache';
import { forgetLocalCache } from '../../lib/cache/forget';
import { resetSeenSession } from '../../lib/seen/use-seen';
import { makeUser, mockApi } from '../../test/api-mock';
import { lockedPost, makeMedia, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';

const viewer = makeUser({ id: 'v1', userId: 'v1', handle: 'viv', publicName: 'Viv' });

const item = (post: ReturnType<typeof makePost>, sneakPeek = false): FeedItem => ({ ...post, sneakPeek });
const peek = item(
  lockedPost({
    id: 'peek1',
    access: ['sneakpeek'],
    accessLevel: 'sneakpeek',
    teaser: 'A first look at the new series…',
    creator: { userId: 'c2', handle: 'silver', publicName: 'Silver Screen', avatarColor: 'hsl(200, 50%, 50%)', avatarUrl: null },
  }),
  true,
);
const firstPage: FeedPage = {
  items: [
    item(makePost({ id: 'p1', text: 'Morning light in the studio' })),
    peek,
    item(
      makePost({
        id: 'p2',
        text: 'Gilding the frame, step by step',
        media: [makeMedia({ urls: { thumb: '/api/posts/p2/media/0/thumb?v=1' } })],
      }),
    ),
  ],
  nextCursor: 'next-page',
};
// The same sneak peek may be offered again on a later page; it shows once.
const secondPage: FeedPage = { items: [item(makePost({ id: 'p3', text: 'Older sketch' })), peek], nextCursor: null };

const follower = makeUser({ ...viewer, follow: [{ id: 'f1', creatorId: 'c1', userId: 'v1' }] });
const earlierPage: FeedPage = {
  items: [item(makePost({ id: 'p0', text: 'Read last week' })), item(makePost({ id: 'p1', text: 'Morning light in the studio' }))],
  nextCursor: null,
};

function serveFeed(pages: { first?: FeedPage; second?: FeedPage } = {}, me = viewer, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...extra,
    'GET /api/me': () => ({ status: 200, body: me }),
    'GET /api/feed?seen=include': () => ({ status: 200, body: earlierPage }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/feed': () => ({ status: 200, body: pages.first ?? firstPage }),
    'GET /api/feed?cursor=next-page': () => ({ status: 200, body: pages.second ?? secondPage }),
    'POST /api/seen': (body) => ({ status: 201, body: { ...(body as object), createdAt: '2026-11-22T10:00:00.000Z' } }),
  });
}

const requests = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

/** An IntersectionObserver that reports everything it watches as fully on screen. */
class EverythingVisible {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1, intersectionRect: { height: 100 }, rootBounds: { height: 800 } };
    queueMicrotask(() => this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

afterEach(resetSeenSession);

describe('the home feed', () => {
  it('shows the posts with their creators, marks sneak peeks with their unlock, and loads the next page', async () => {
    const fetchMock = serveFeed();
    const user = userEvent.setup();
    renderApp('/home');

    const feed = await screen.findByRole('list', { name: 'Your feed' });
    const cards = within(feed).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual(['feed-post-p1', 'feed-post-peek1', 'feed-post-p2']);
    expect(within(cards[0]!).getByRole('link', { name: 'Goldie Hawn' }).getAttribute('href')).toBe('/users/c1');
    expect(within(cards[0]!).getByRole('link', { name: 'Post: Morning light in the studio' }).getAttribute('href')).toBe('/posts/p1');
    expect(within(cards[2]!).getByText('Gilding the frame, step by step')).toBeTruthy();
    expect(within(cards[0]!).queryByText('Sneak peek')).toBeNull();

    const sneakPeek = cards[1]!;
    expect(within(sneakPeek).getByText('Sneak peek')).toBeTruthy();
    expect(within(sneakPeek).getByRole('link', { name: 'Silver Screen' })).toBeTruthy();
    expect(within(sneakPeek).getByRole('link', { name: 'Sneak peek: subscribe from $4.99 to unlock' })).toBeTruthy();
    expect(
      within(sneakPeek)
        .getByRole('link', { name: /Subscribe from \$4\.99/ })
        .getAttribute('href'),
    ).toBe('/users/subscribeTo/c2');
    expect(sneakPeek.innerHTML).not.toContain('/playable');

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    expect(await within(feed).findByRole('link', { name: 'Post: Older sketch' })).toBeTruthy();
    expect(within(feed).getAllByRole('article')).toHaveLength(4);
    expect(requests(fetchMock, 'GET /api/feed?cursor=next-page')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();

    // Every new post read: the earlier ones come on request, after them and each once.
    expect(screen.getByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show earlier posts' }));
    expect(await within(feed).findByRole('link', { name: 'Post: Read last week' })).toBeTruthy();
    expect(within(feed).getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('heading', { name: "You're all caught up" })).toBeNull();
    // The install card stays.
    expect(screen.getByRole('region', { name: 'Get the app' })).toBeTruthy();
  });

  it('likes a post from its card: the count changes at once and stays, a locked card offers no like', async () => {
    serveFeed({}, viewer, { 'PUT /api/posts/p1/like': () => ({ status: 200, body: { liked: true, likes: 8 } }) });
    const user = userEvent.setup();
    renderApp('/home');

    const feed = await screen.findByRole('list', { name: 'Your feed' });
    const [open, locked] = within(feed).getAllByRole('article');
    await user.click(within(open!).getByRole('button', { name: 'Like' }));
    const unlike = await within(open!).findByRole('button', { name: 'Unlike' });
    await waitFor(() => expect(unlike.textContent).toBe('8'));
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(within(locked!).queryByRole('button', { name: 'Like' })).toBeNull();
  });

  it('offers a tip on a card only when its creator takes tips', async () => {
    const first: FeedPage = {
      items: [item(makePost({ id: 'p1' })), item(makePost({ id: 'p2', text: 'Tips are off', takesTips: false }))],
      nextCursor: null,
    };
    serveFeed({ first });
    renderApp('/home');

    const feed = await screen.findByRole('list', { name: 'Your feed' });
    const [tipping, notTipping] = within(feed).getAllByRole('article');
    expect(within(tipping!).getByRole('button', { name: 'Tip Goldie Hawn for this post' })).toBeTruthy();
    expect(within(notTipping!).queryByRole('button', { name: 'Tip Goldie Hawn for this post' })).toBeNull();
  });

  it('loads the next page when the end comes into view, and marks posts seen without taking them away', async () => {
    vi.stubGlobal('IntersectionObserver', EverythingVisible);
    const fetchMock = serveFeed();
    renderApp('/home');

    const feed = await screen.findByRole('list', { name: 'Your feed' });
    expect(await within(feed).findByRole('link', { name: 'Post: Older sketch' })).toBeTruthy();
    await waitFor(() => expect(requests(fetchMock, 'POST /api/seen').length).toBe(4), { timeout: 3000 });
    const marked = requests(fetchMock, 'POST /api/seen').map(([, init]) => JSON.parse(String(init?.body)).entityId);
    expect(marked.sort()).toEqual(['p1', 'p2', 'p3', 'peek1']);
    // The list is not read again: what was seen stays until the next visit.
    expect(requests(fetchMock, 'GET /api/feed')).toHaveLength(1);
    expect(within(feed).getAllByRole('article')).toHaveLength(4);
  });

  it('points to Explore when the feed is empty and the member follows nobody', async () => {
    serveFeed({ first: { items: [], nextCursor: null } });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore creators' }).getAttribute('href')).toBe('/explore');
    expect(screen.queryByRole('list', { name: 'Your feed' })).toBeNull();
  });

  it('tells a member who follows someone and has read everything that they are all caught up, with the earlier posts', async () => {
    serveFeed({ first: { items: [], nextCursor: null } }, follower);
    const user = userEvent.setup();
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeTruthy();
    expect(screen.queryByText(/Find someone to follow/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Explore creators' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show earlier posts' }));
    const feed = await screen.findByRole('list', { name: 'Your feed' });
    expect(
      within(feed)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby')),
    ).toEqual(['feed-post-p0', 'feed-post-p1']);
  });

  it('keeps the earlier posts for offline reading: a caught-up member offline still opens them', async () => {
    serveFeed({ first: { items: [], nextCursor: null } }, follower);
    const user = userEvent.setup();
    renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Show earlier posts' }));
    expect(await screen.findByText('Read last week')).toBeTruthy();
    await vi.waitFor(async () => expect((await (await currentCache())?.data.get('feed:earlier'))?.data).toEqual({ ids: ['p0', 'p1'] }));
    cleanup();

    // The next visit without a network: the kept (empty) feed, then the earlier posts this device kept.
    const noNetwork = () => {
      throw new TypeError('Failed to fetch');
    };
    mockApi({
      'GET /api/me': () => ({ status: 200, body: follower }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/feed': noNetwork,
      'GET /api/feed?seen=include': noNetwork,
    });
    renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Show earlier posts' }));
    expect(await screen.findByText('Read last week')).toBeTruthy();
    await forgetLocalCache();
  });
});
