import type { AdminDispute, AdminDisputesPage } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ id: 'a1', userId: 'a1', handle: 'boss', publicName: 'Boss', labels: ['admins'], roles: ['admins', 'members'] });

function dispute(overrides: Partial<AdminDispute> = {}): AdminDispute {
  return {
    id: 'dp1',
    provider: 'stripe',
    providerRef: 'dp_123',
    chargeId: 'ch1',
    member: { id: 'u1', handle: 'fan', email: 'fan@example.com' },
    creator: { id: 'u3', handle: 'ada', email: 'ada@example.com' },
    amountMinor: 3000,
    feeMinor: 1500,
    feeReturnedMinor: 0,
    currency: 'USD',
    reason: 'product_not_received',
    status: 'needs_response',
    outcome: null,
    evidenceDueBy: '2026-12-04T10:00:00.000Z',
    evidenceUrl: 'https://dashboard.stripe.com/disputes/dp_123',
    openedAt: '2026-11-27T10:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

const page = (items: AdminDispute[]): AdminDisputesPage => ({ items, nextCursor: null });

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: admin }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    ...extra,
  });
}

describe('the disputes list', () => {
  it('shows each dispute with its fee, deadline and where to answer it, and keeps its filters in the address', async () => {
    api({
      'GET /api/admin/disputes?open=true': () => ({ status: 200, body: page([dispute()]) }),
      'GET /api/admin/disputes?open=true&order=deadline': () => ({ status: 200, body: page([dispute()]) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/disputes?open=true');
    const list = await screen.findByRole('list', { name: 'Disputes' });
    expect(within(list).getByText('$30.00')).toBeTruthy();
    expect(within(list).getByText('Evidence needed')).toBeTruthy();
    expect(within(list).getByText(/Reason: product not received · Dispute fee \$15.00/)).toBeTruthy();
    expect(within(list).getByText(/Evidence due by/)).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Answer at the provider' }).getAttribute('href')).toBe(
      'https://dashboard.stripe.com/disputes/dp_123',
    );
    // Stripe's disputes are decided at Stripe, not here.
    expect(within(list).queryByRole('button', { name: /Decide as/ })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Disputes' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(await screen.findByRole('option', { name: 'Soonest deadline first' }));
    await waitFor(() => expect(router.state.location.search).toBe('?open=true&order=deadline'));
  });

  it('decides a test dispute with a reason', async () => {
    const sent: unknown[] = [];
    api({
      'GET /api/admin/disputes': () => ({ status: 200, body: page([dispute({ provider: 'dev', evidenceUrl: null })]) }),
      'POST /api/admin/disputes/dp1/test-close': (body) => {
        sent.push(body);
        return { status: 200, body: dispute({ provider: 'dev', status: 'won', outcome: 'won', closedAt: '2026-11-27T11:00:00.000Z' }) };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/disputes');
    const list = await screen.findByRole('list', { name: 'Disputes' });
    expect(within(list).queryByRole('link', { name: 'Answer at the provider' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Decide as won: $30.00 from @fan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide this test dispute as won?' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Evidence accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Won' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ outcome: 'won', reason: 'Evidence accepted' }]);
    expect(await screen.findByText('Dispute won: the creator is credited back.')).toBeTruthy();
  });
});
