import type { Earnings } from '@aurum/core';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

// Whole-app tests load pages lazily; on a busy machine a page can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });

function renderDashboard(earnings: Earnings) {
  mockApi({
    'GET /api/me': () => ({ status: 200, body: creator }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/plans': () => ({ status: 200, body: [] }),
    'GET /api/me/earnings': () => ({ status: 200, body: earnings }),
  });
  renderApp('/creator');
}

describe('creator dashboard', () => {
  it('shows the earnings per currency from the ledger, after the platform fee', async () => {
    renderDashboard({
      balances: [
        { currency: 'EUR', earnedMinor: 399, payments: 1 },
        { currency: 'USD', earnedMinor: 1_234_567, payments: 2500 },
      ],
      platformFeePercent: 20,
    });
    const section = await screen.findByRole('region', { name: 'Earnings' });
    expect(await within(section).findByText('€3.99')).toBeTruthy();
    expect(within(section).getByText('from 1 payment')).toBeTruthy();
    expect(within(section).getByText('$12,345.67')).toBeTruthy();
    expect(within(section).getByText('from 2.5K payments')).toBeTruthy();
    expect(within(section).getByText(/After the platform's 20% fee/)).toBeTruthy();
  });

  it('leads to the payouts page from its tools and from the earnings', async () => {
    renderDashboard({ balances: [{ currency: 'USD', earnedMinor: 500, payments: 1 }], platformFeePercent: 20 });
    const tools = await screen.findByRole('navigation', { name: 'Creator tools' });
    expect(
      within(tools)
        .getByRole('link', { name: /^Payouts/ })
        .getAttribute('href'),
    ).toBe('/creator/payouts');
    const section = await screen.findByRole('region', { name: 'Earnings' });
    expect((await within(section).findByRole('link', { name: 'See your balance and withdraw' })).getAttribute('href')).toBe(
      '/creator/payouts',
    );
  });

  it('says when nothing has been earned yet', async () => {
    renderDashboard({ balances: [], platformFeePercent: 12.5 });
    const section = await screen.findByRole('region', { name: 'Earnings' });
    expect(await within(section).findByText(/No payments yet/)).toBeTruthy();
    expect(within(section).getByText(/After the platform's 12.5% fee/)).toBeTruthy();
  });
});
