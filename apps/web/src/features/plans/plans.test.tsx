import type { Plan } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

// Whole-app tests load pages lazily; on a busy machine a page can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });
const notFound = { status: 404, body: { type: 'not_found', message: 'Plan not found.', statusCode: 404 } };

function planFrom(body: any, overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'p1',
    creatorId: creator.id,
    billingPeriodDays: 30,
    active: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...body,
    ...overrides,
  };
}

describe('plans', () => {
  it('creates a plan, which starts inactive, and activates it after confirmation', async () => {
    let plans: Plan[] = [];
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: creator }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/plans': () => ({ status: 200, body: plans }),
      'POST /api/plans': (body) => {
        plans = [planFrom(body)];
        return { status: 201, body: plans[0] };
      },
      'GET /api/plans/p1': () => (plans[0] ? { status: 200, body: plans[0] } : notFound),
      'POST /api/plans/p1/activate': () => {
        plans = [{ ...plans[0]!, active: true }];
        return { status: 200, body: plans[0] };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');

    expect(await screen.findByRole('heading', { name: 'No plans yet' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Create plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans/create'));

    await user.type(await screen.findByLabelText(/Plan name/), 'Supporter');
    await user.type(screen.getByLabelText(/Description/), 'Every post, a day early.');
    await user.type(screen.getByLabelText(/^Price/), '4.999');
    await user.selectOptions(screen.getByLabelText(/Currency/), 'EUR');
    expect(screen.getByText('Billing period: every 30 days')).toBeTruthy();
    const chat = screen.getByRole('switch', { name: 'Chat' });
    expect(chat.getAttribute('aria-describedby')).toBe('perk-chat-description');
    expect(
      screen.getByText('Members can send you direct messages and chat with you. Private content can be shared in the chat.'),
    ).toBeTruthy();
    await user.click(chat);

    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Use at most 2 decimals, e.g. 4.99')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/plans' && init?.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '4.99');
    expect(screen.getByText('Members pay €4.99 every 30 days until they cancel.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/plans/p1'));
    const created = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/plans' && init?.method === 'POST');
    expect(JSON.parse(String(created?.[1]?.body))).toEqual({
      name: 'Supporter',
      description: 'Every post, a day early.',
      priceMinor: 499,
      currency: 'EUR',
      perks: { chat: true },
      bundles: [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Supporter' })).toBeTruthy();
    expect(screen.getByText('Plan created')).toBeTruthy();
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('€4.99 every 30 days')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Activate plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate this plan?' });
    expect(
      within(dialog).getByText('Members will see Supporter for €4.99 every 30 days on your profile and can subscribe to it.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Plan activated. Members can subscribe now.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/plans/p1/activate' && init?.method === 'POST')).toBe(true);
    await waitFor(() => expect(screen.queryByText('Inactive')).toBeNull());
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByText('Plan created')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Deactivate plan' })).toBeTruthy();

    await router.navigate('/plans');
    const item = (await screen.findByRole('link', { name: 'Supporter' })).closest('li')!;
    expect(within(item).getByText('€4.99 every 30 days')).toBeTruthy();
    expect(within(item).getByText('Active')).toBeTruthy();
    expect(within(item).getByText('Chat')).toBeTruthy();
  });

  it('keeps the creator’s plans under one key, which creating a plan refreshes for every screen that lists them', async () => {
    let plans: Plan[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: creator }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/plans': () => ({ status: 200, body: plans }),
      'POST /api/plans': (body) => {
        plans = [planFrom(body)];
        return { status: 201, body: plans[0] };
      },
      'GET /api/plans/p1': () => ({ status: 200, body: plans[0] }),
    });
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/posts');
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeTruthy();
    await router.navigate('/plans');
    expect(await screen.findByRole('heading', { name: 'No plans yet' })).toBeTruthy();
    const ownPlanLists = () =>
      queryClient.getQueryCache().findAll({ predicate: (query) => query.queryKey[0] === 'plans' && query.queryKey[1] !== 'one' });
    expect(ownPlanLists().map((query) => query.queryKey)).toEqual([queryKeys.plans.own]);

    await router.navigate('/plans/create');
    await user.type(await screen.findByLabelText(/Plan name/), 'Supporter');
    await user.type(screen.getByLabelText(/^Price/), '4.99');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans/p1'));
    expect(queryClient.getQueryState(queryKeys.plans.own)?.isInvalidated).toBe(true);
  });

  it('says a plan that is missing or not the viewer’s is not found', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: creator }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/plans/someone-elses': () => notFound,
    });
    renderApp('/plans/someone-elses');
    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your plans' })).toBeTruthy();
  });

  it('invites members to become a creator instead of showing plans', async () => {
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
    });
    renderApp('/plans/create');
    expect(await screen.findByRole('heading', { name: 'This is for creators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become a creator' }).getAttribute('href')).toBe('/creator/signup');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/plans'))).toBe(false);
  });
});
