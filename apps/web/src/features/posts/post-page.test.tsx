import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod } from '../../test/payment-fixtures';
import { lockedPost, makeMedia, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';

const heartbeat = () => ({ status: 204 });

describe('post page', () => {
  it('shows a locked post blurred with a lock and the cheapest plan, without edit controls', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'v1' }) }),
      'POST /api/me/heartbeat': heartbeat,
      'GET /api/posts/p2': () => ({
        status: 200,
        body: lockedPost({ accessLevel: 'sneakpeek', teaser: 'A first look at the new…' }),
      }),
    });
    const { container } = renderApp('/posts/p2');
    const article = await screen.findByRole('article');
    expect(within(article).getByText('A first look at the new…')).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Video, blurred: locked' })).toBeTruthy();
    expect(container.querySelector('video')).toBeNull();
    const subscribe = within(article).getByRole('link', { name: 'Subscribe from $4.99 / 30 days' });
    expect(subscribe.getAttribute('href')).toBe('/users/subscribeTo/c1');
    expect(within(article).queryByRole('link', { name: 'Edit post' })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Delete post' })).toBeNull();
  });

  it('follows from a follower post and shows it unlocked in place', async () => {
    let followed = false;
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'v1' }) }),
      'POST /api/me/heartbeat': heartbeat,
      'GET /api/posts/p2': () => ({
        status: 200,
        body: followed
          ? makePost({ id: 'p2', access: ['follower'], accessLevel: 'follower', text: 'For my followers' })
          : lockedPost({ access: ['follower'], unlock: { follow: true, plan: null, price: null } }),
      }),
      'PUT /api/creators/c1/follow': () => {
        followed = true;
        return { status: 200, body: { following: true, followers: 8 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/posts/p2');
    await user.click(await screen.findByRole('button', { name: 'Follow to unlock' }));
    expect(await screen.findByText('For my followers')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/creators/c1/follow' && init?.method === 'PUT')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Follow to unlock' })).toBeNull();
  });

  it('buys a post sold on its own at the price shown, and shows it unlocked in place', async () => {
    const price = { amountMinor: 700, currency: 'USD' as const };
    let bought: unknown;
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'v1' }) }),
      'POST /api/me/heartbeat': heartbeat,
      'GET /api/posts/p2': () => ({
        status: 200,
        body: lockedPost({ access: ['follower'], price, unlock: { follow: true, plan: null, price } }),
      }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod()] } }),
      'POST /api/posts/p2/purchase': (body) => {
        bought = body;
        return {
          status: 200,
          body: makePost({ id: 'p2', access: ['follower'], price, accessLevel: 'purchased', text: 'The whole set' }),
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/posts/p2');
    expect(await screen.findByRole('button', { name: 'Follow to unlock' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unlock for $7.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock for $7.00' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $7.00' }));
    expect(await screen.findByText('The whole set')).toBeTruthy();
    expect(bought).toMatchObject({ paymentMethodId: makePaymentMethod().id, price });
    expect(screen.queryByRole('button', { name: 'Unlock for $7.00' })).toBeNull();
  });

  it('lets the owner delete the post after confirming', async () => {
    let deleted = false;
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'c1', roles: ['members', 'creators'] }) }),
      'POST /api/me/heartbeat': heartbeat,
      'GET /api/posts/p1': () => ({
        status: 200,
        body: makePost({
          accessLevel: 'owner',
          media: [makeMedia({ kind: 'audio', urls: { playable: '/api/posts/p1/media/0/playable' } })],
        }),
      }),
      'DELETE /api/posts/p1': () => {
        deleted = true;
        return { status: 204 };
      },
      'GET /api/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/plans': () => ({ status: 200, body: [] }),
    });
    const user = userEvent.setup();
    const { router, container } = renderApp('/posts/p1');
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('/api/posts/p1/media/0/playable');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Delete post' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts'));
    expect(deleted).toBe(true);
    expect(await screen.findByText('Post deleted.')).toBeTruthy();
  });
});
