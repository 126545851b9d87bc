import { type FansPage, type MyCreatorsPage, ROLE } from '@aurum/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const member = makeUser({ id: 'm1', userId: 'm1', handle: 'mia', publicName: 'Mia' });
const creator = makeUser({
  id: 'c1',
  userId: 'c1',
  handle: 'goldie',
  publicName: 'Goldie',
  labels: [ROLE.creators],
  roles: ['members', ROLE.creators],
});
const admin = makeUser({
  id: 'a1',
  userId: 'a1',
  handle: 'ada',
  publicName: 'Ada',
  labels: [ROLE.admins],
  roles: ['members', ROLE.admins],
});

const common = (user: ReturnType<typeof makeUser>) => ({
  'GET /api/me': () => ({ status: 200, body: user }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
});
const person = {
  handle: 'goldie',
  publicName: 'Goldie',
  avatarColor: 'hsl(40, 50%, 50%)',
  avatarUrl: null,
  since: '2026-11-01T10:00:00.000Z',
};
const myCreators: MyCreatorsPage = {
  items: [
    {
      ...person,
      userId: 'c1',
      following: true,
      subscription: {
        id: 'sub1',
        planId: 'p1',
        planName: 'Gold',
        since: '2026-11-01T10:00:00.000Z',
        validUntil: '2026-12-01T10:00:00.000Z',
        autoRenew: true,
      },
    },
    { ...person, userId: 'c2', handle: 'silver', publicName: null, following: true, subscription: null },
  ],
  nextCursor: null,
};

describe('the people page', () => {
  afterEach(clearError);

  it("shows a member's creators with the follow and their own subscription, filtered in the address; no fans tab", async () => {
    const asked: string[] = [];
    mockApi({
      ...common(member),
      'GET /api/me/creators?relation=all': () => {
        asked.push('all');
        return { status: 200, body: myCreators };
      },
      'GET /api/me/creators?relation=subscribed': () => {
        asked.push('subscribed');
        return { status: 200, body: { items: [], nextCursor: null } };
      },
    });
    const user = userEvent.setup();
    const view = renderApp('/users');
    const list = await screen.findByRole('list', { name: 'Your creators' });
    expect(within(list).getByRole('link', { name: 'Goldie' }).getAttribute('href')).toBe('/users/c1');
    expect(within(list).getByRole('link', { name: '@silver' })).toBeTruthy();
    expect(within(list).getAllByText('Following')).toHaveLength(2);
    expect(
      within(list)
        .getByText(/^Gold until/)
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/subscriptions/sub1');
    expect(screen.queryByRole('tab', { name: 'Your fans' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'All users' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Subscribed' }));
    expect(await screen.findByText('No creators here yet')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?relation=subscribed');
    expect(asked).toEqual(['all', 'subscribed']);
  });

  it("opens a creator's People on their fans, with relation, plan and search filters", async () => {
    const asked: string[] = [];
    const fans: FansPage = {
      items: [
        {
          ...person,
          userId: 'f1',
          handle: 'fanny',
          publicName: 'Fanny',
          following: true,
          subscription: { planId: 'p1', planName: 'Gold', since: '2026-11-02T10:00:00.000Z', validUntil: '2026-12-02T10:00:00.000Z' },
        },
      ],
      nextCursor: null,
    };
    mockApi({
      ...common(creator),
      'GET /api/me/creators?relation=all': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/plans': () => ({
        status: 200,
        body: [
          {
            id: 'p1',
            creatorId: 'c1',
            name: 'Gold',
            description: '',
            priceMinor: 900,
            currency: 'USD',
            active: true,
            perks: {},
            billingPeriodDays: 30,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ],
      }),
      ...Object.fromEntries(
        ['relation=all', 'relation=subscribers', 'relation=subscribers&planId=p1', 'relation=subscribers&planId=p1&q=fan'].map((query) => [
          `GET /api/me/fans?${query}`,
          () => {
            asked.push(query);
            return { status: 200, body: fans };
          },
        ]),
      ),
    });
    const user = userEvent.setup();
    const view = renderApp('/users');
    const list = await screen.findByRole('list', { name: 'Your fans' });
    expect(within(list).getByText('Follower')).toBeTruthy();
    expect(within(list).getByText(/^Gold since/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Your fans' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Subscribers' }));
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Gold' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search fans' }), 'fan');
    await waitFor(() => expect(asked.at(-1)).toBe('relation=subscribers&planId=p1&q=fan'));
    expect(asked).toContain('relation=subscribers');
    expect(view.router.state.location.search).toBe('?relation=subscribers&planId=p1&q=fan');

    await user.click(screen.getByRole('tab', { name: 'Your creators' }));
    expect(await screen.findByText('No creators here yet')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?tab=creators');
  });

  it('keeps each of two filter changes made before the address renders again', async () => {
    mockApi({
      ...common(creator),
      'GET /api/me/creators?relation=all': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/plans': () => ({ status: 200, body: [] }),
      'GET /api/me/fans?relation=all': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/me/fans?relation=subscribers&q=fan': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    });
    const view = renderApp('/users');
    const search = await screen.findByRole('searchbox', { name: 'Search fans' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Subscribers' }));
      fireEvent.change(search, { target: { value: 'fan' } });
    });
    await waitFor(() => expect(view.router.state.location.search).toBe('?relation=subscribers&q=fan'));
    expect(screen.getByRole('button', { name: 'Subscribers' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links admins to the list of every account', async () => {
    mockApi({ ...common(admin), 'GET /api/me/creators?relation=all': () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    renderApp('/users');
    expect((await screen.findByRole('link', { name: 'All users' })).getAttribute('href')).toBe('/admin/users');
  });
});
