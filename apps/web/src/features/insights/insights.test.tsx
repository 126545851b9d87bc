import { displayName, type EarningsInsights } from '@aurum/core';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage } from '../../test/subscription-fixtures';
import { FansView } from './FansView';
import { browserTimeZone, changeText, recentMonths } from './format';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });
const period = {
  from: '2026-01-01',
  to: '2026-01-04',
  previousFrom: '2025-12-29',
  previousTo: '2026-01-01',
  granularity: 'day' as const,
  timeZone: 'Europe/Paris',
  buckets: ['2026-01-01', '2026-01-02', '2026-01-03'],
};
const zero = { grossMinor: 0, feeMinor: 0, netMinor: 0, charges: 0 };
const earnings: EarningsInsights = {
  period,
  platformFeePercent: 20,
  balances: [{ currency: 'EUR', pendingMinor: 800, availableMinor: 1600, paidOutMinor: 4000 }],
  currencies: [
    {
      currency: 'EUR',
      series: [
        { bucket: '2026-01-01', grossMinor: 1000, feeMinor: 200, netMinor: 800, charges: 1 },
        { bucket: '2026-01-02', ...zero },
        { bucket: '2026-01-03', grossMinor: -1000, feeMinor: -200, netMinor: -800, charges: 0 },
      ],
      bySource: [
        { source: 'subscriptions', netMinor: 0 },
        { source: 'messages', netMinor: 0 },
        { source: 'tips', netMinor: 800 },
      ],
      total: { ...zero, charges: 1 },
      previous: { grossMinor: 500, feeMinor: 100, netMinor: 400, charges: 1 },
      change: { grossMinor: -1, feeMinor: -1, netMinor: -1 },
    },
  ],
};

describe('insights page', () => {
  it('shows the earnings of the period in the stored time zone, with the change in words and the table behind the chart', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: creator }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/me/insights-settings': () => ({ status: 200, body: { timeZone: 'Europe/Paris' } }),
      // The period and the stored time zone go with the request.
      [`GET /api/creators/${creator.id}/insights/earnings?range=30d&tz=Europe%2FParis`]: () => ({ status: 200, body: earnings }),
    });
    renderApp('/creator/insights');
    const totals = await screen.findByRole('group', { name: 'Totals in EUR' });
    expect(within(totals).getAllByText('€0.00')).toHaveLength(3);
    expect(within(totals).getAllByText('−100%')).toHaveLength(3);
    expect(within(totals).getByText('(before: €4.00)')).toBeTruthy();
    expect(screen.getByText(/Days start at midnight in Europe\/Paris/)).toBeTruthy();
    const sources = screen.getByRole('group', { name: 'Net by source in EUR' });
    expect(within(sources).getByText('From tips').nextSibling?.textContent).toBe('€8.00');
    const balance = screen.getByRole('group', { name: 'Balance in EUR' });
    expect(within(balance).getByText('€16.00')).toBeTruthy();
    expect(within(balance).getByText('€8.00')).toBeTruthy();
    expect(within(balance).getByText('€40.00')).toBeTruthy();

    const card = screen.getByRole('region', { name: 'Net earnings per day (EUR)' });
    await userEvent.click(within(card).getByRole('button', { name: 'Show the table' }));
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Jan 3' })).toBeTruthy();
    expect(within(table).getByText('-€8.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      new RegExp(`^/api/creators/${creator.id}/insights/statement\\.csv\\?month=\\d{4}-\\d{2}&tz=Europe%2FParis$`),
    );
  });
});

describe('insights for admins', () => {
  it("reads another creator's insights in the admin's time zone, without the time zone setting", async () => {
    const admin = makeUser({ id: 'admin1', userId: 'admin1', roles: ['admins', 'members'], labels: ['admins'] });
    const page = makeCreatorPage();
    const tz = encodeURIComponent(browserTimeZone());
    mockApi({
      'GET /api/me': () => ({ status: 200, body: admin }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      [`GET /api/users/${page.userId}/profile-page`]: () => ({ status: 200, body: page }),
      [`GET /api/creators/${page.userId}/insights/earnings?range=30d&tz=${tz}`]: () => ({ status: 200, body: earnings }),
    });
    renderApp(`/creator/insights?creator=${page.userId}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Insights: ${displayName(page)}` })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Totals in EUR' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change time zone' })).toBeNull();
  });
});

describe('insights formatting', () => {
  it('says a change in words and with a sign, never by colour alone', () => {
    expect(changeText(0.256)).toEqual({ text: '+26%', direction: 'up' });
    expect(changeText(-0.05)).toEqual({ text: '−5%', direction: 'down' });
    expect(changeText(0)).toEqual({ text: 'no change', direction: 'flat' });
    expect(changeText(null)).toEqual({ text: 'new this period', direction: 'new' });
  });

  it('lists the last twelve months, across a year end', () => {
    const months = recentMonths('2026-02-14');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months.at(-1)).toBe('2025-03');
  });
});

describe('fans by tenure', () => {
  it('says how many days a fan paid for and the day they started, even for a subscription minutes old', () => {
    const fan = { userId: 'f1', handle: 'mia', publicName: 'Mia Member', avatarColor: 'hsl(1, 50%, 50%)', subscribedNow: true };
    render(
      <FansView
        data={{
          bySpend: [],
          byTenure: [
            { ...fan, paidDays: 30, firstSubscribedAt: '2026-11-28T12:05:00.000Z' },
            { ...fan, userId: 'f2', paidDays: 1, firstSubscribedAt: '2026-11-02T12:00:00.000Z' },
          ],
        }}
      />,
    );
    const list = screen.getByRole('region', { name: 'Top fans by tenure' });
    expect(within(list).getByText('30 days paid for')).toBeTruthy();
    expect(within(list).getByText('since Nov 28, 2026')).toBeTruthy();
    expect(within(list).getByText('1 day paid for')).toBeTruthy();
  });
});
