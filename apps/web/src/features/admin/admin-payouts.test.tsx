import type { AdminCreatorPayouts, AdminPayoutRow, AdminPayoutsPage, AdminUserDetail, Payout } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const admin = makeUser({ id: 'a1', userId: 'a1', handle: 'boss', publicName: 'Boss', labels: ['admins'], roles: ['admins', 'members'] });
const ada = { id: 'u3', handle: 'ada', email: 'ada@example.com' };

function payoutRow(overrides: Partial<AdminPayoutRow> = {}): AdminPayoutRow {
  return {
    id: 'po1',
    amountMinor: 2400,
    currency: 'USD',
    status: 'paid',
    trigger: 'requested',
    provider: 'development',
    providerRef: 'devpo_1',
    destination: 'PayPal ad•••@example.com',
    failureCode: null,
    failureMessage: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    settledAt: '2026-11-20T10:00:01.000Z',
    creator: ada,
    retriedBy: null,
    ...overrides,
  };
}

const failedRow = payoutRow({
  id: 'po2',
  status: 'failed',
  failureCode: 'account_closed',
  failureMessage: 'The receiving account is closed. Add another payout method.',
});

function page(items: AdminPayoutRow[], totals: AdminPayoutsPage['totals'] = [], bankTransfersDue = 0): AdminPayoutsPage {
  return { items, totals, bankTransfersDue, nextCursor: null };
}

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: admin }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    ...extra,
  });
}

/** Fills a field at once (a multiline field re-measures itself on every typed key, which is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const calls = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;

describe('the payouts list', () => {
  it('shows the totals per currency and state, and keeps its filters in the address', async () => {
    const fetchMock = api({
      'GET /api/admin/payouts?status=failed&currency=USD': () => ({
        status: 200,
        body: page([failedRow], [{ currency: 'USD', status: 'failed', count: 1, amountMinor: 2400 }]),
      }),
      'GET /api/admin/payouts?status=paid&currency=USD': () => ({
        status: 200,
        body: page([payoutRow()], [{ currency: 'USD', status: 'paid', count: 3, amountMinor: 7200 }]),
      }),
      'GET /api/admin/payouts?status=paid&currency=USD&creatorId=u3': () => ({
        status: 200,
        body: page([payoutRow()], [{ currency: 'USD', status: 'paid', count: 1, amountMinor: 2400 }]),
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/payouts?status=failed&currency=USD');

    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(within(list).getByText('$24.00')).toBeTruthy();
    expect(within(list).getByText(/The receiving account is closed/)).toBeTruthy();
    expect(within(list).getByText('PayPal ad•••@example.com · Development · devpo_1')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'USD totals' })).getByRole('listitem').textContent).toBe('Failed: 1 payout, $24.00');
    expect(screen.getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid&currency=USD'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'USD totals' })).getByRole('listitem').textContent).toBe('Paid: 3 payouts, $72.00'),
    );

    // A row's creator narrows the list to them, and the filter says who it is.
    await user.click(within(screen.getByRole('list', { name: 'Payouts' })).getByRole('button', { name: '@ada' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=paid&currency=USD&creatorId=u3'));
    expect(await screen.findByText('Creator @ada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Balances and hold' }).getAttribute('href')).toBe('/admin/payouts/creators/u3');
    expect(calls(fetchMock, 'GET /api/admin/payouts?status=paid&currency=USD&creatorId=u3')).toBe(1);
  });

  it('sends a failed payout again with the reason asked for, then refreshes the list', async () => {
    const sent: unknown[] = [];
    const retried: Payout = { ...payoutRow({ id: 'po3', trigger: 'retry' }) };
    const fetchMock = api({
      'GET /api/admin/payouts': () => ({
        status: 200,
        body: page([payoutRow(), failedRow, payoutRow({ id: 'po0', status: 'failed', retriedBy: 'po1' })]),
      }),
      'POST /api/admin/payouts/po2/retry': (body) => {
        sent.push(body);
        return { status: 200, body: retried };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts');
    const list = await screen.findByRole('list', { name: 'Payouts' });
    // Only a failed payout not yet sent again can be sent again.
    expect(within(list).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);
    expect(within(list).getByText('Sent again as payout po1.')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Send again: $24.00 to @ada' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this payout again?' });
    const confirm = within(dialog).getByRole('button', { name: 'Send again' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Creator fixed their PayPal');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ reason: 'Creator fixed their PayPal' }]);
    expect(await screen.findByText('Sent again: $24.00 paid.')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, 'GET /api/admin/payouts')).toBe(2));
  });

  it("shows the server's refusal in the dialog and leaves the list as it was", async () => {
    const fetchMock = api({
      'GET /api/admin/payouts?status=failed': () => ({ status: 200, body: page([failedRow]) }),
      'POST /api/admin/payouts/po2/retry': () => ({
        status: 409,
        body: { type: 'payouts_held', message: 'Your payouts are on hold. Contact support to find out why.', statusCode: 409 },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts?status=failed');
    await user.click(await screen.findByRole('button', { name: 'Send again: $24.00 to @ada' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Try once more');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your payouts are on hold. Contact support to find out why.');
    expect(calls(fetchMock, 'GET /api/admin/payouts?status=failed')).toBe(1);
  });
});

describe('manual bank transfers', () => {
  const transferRow = payoutRow({
    id: 'po7',
    status: 'in_flight',
    provider: 'manual',
    providerRef: null,
    destination: 'Bank account ending in 3000',
    settledAt: null,
  });

  it('offers the download and, for a failed transfer, asks the reason the creator is shown', async () => {
    const sent: unknown[] = [];
    const fetchMock = api({
      'GET /api/admin/payouts': () => ({ status: 200, body: page([transferRow, payoutRow()], [], 1) }),
      'POST /api/admin/payouts/po7/mark': (body) => {
        sent.push(body);
        return {
          status: 200,
          body: { ...transferRow, status: 'failed', failureCode: 'bank_transfer_failed', failureMessage: 'Account closed' },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts');
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(screen.getByText(/A bank transfer waits for you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download bank transfers (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/payouts/manual-export',
    );
    // Only the manual payout in flight can be marked.
    expect(within(list).getAllByRole('button', { name: /^Mark paid/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Mark failed: $24.00 to @ada' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark this transfer failed?' });
    const confirm = within(dialog).getByRole('button', { name: 'Mark failed' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Account closed');
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ outcome: 'failed', reason: 'Account closed' }]);
    expect(await screen.findByText("Marked failed: $24.00 is back in the creator's balance.")).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, 'GET /api/admin/payouts')).toBe(2));
  });

  it('marks a transfer paid without a reason, and hides the download when none waits', async () => {
    const sent: unknown[] = [];
    api({
      'GET /api/admin/payouts?status=in_flight': () => ({ status: 200, body: page([transferRow], [], 1) }),
      'GET /api/admin/payouts?status=paid': () => ({ status: 200, body: page([payoutRow()]) }),
      'GET /api/admin/payouts?status=paid&currency=USD': () => ({ status: 200, body: page([payoutRow()], [], 2) }),
      'POST /api/admin/payouts/po7/mark': (body) => {
        sent.push(body);
        return { status: 200, body: { ...transferRow, status: 'paid' } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/payouts?status=in_flight');
    await user.click(await screen.findByRole('button', { name: 'Mark paid: $24.00 to @ada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this transfer paid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ outcome: 'paid' }]);

    await router.navigate('/admin/payouts?status=paid');
    await screen.findByText('PayPal ad•••@example.com · Development · devpo_1');
    expect(screen.queryByRole('link', { name: 'Download bank transfers (CSV)' })).toBeNull();

    // Transfers still due show whatever the list is filtered to.
    await router.navigate('/admin/payouts?status=paid&currency=USD');
    expect(await screen.findByText(/2 bank transfers wait for you/)).toBeTruthy();
  });
});

function creatorPayouts(overrides: Partial<AdminCreatorPayouts> = {}): AdminCreatorPayouts {
  return {
    creator: ada,
    holdDays: null,
    holdReason: null,
    platformHoldDays: 7,
    payoutsHeld: false,
    payoutsHeldReason: null,
    payoutsHeldAt: null,
    balances: [
      {
        currency: 'USD',
        pendingMinor: 2400,
        availableMinor: 1000,
        paidOutMinor: 4800,
        inFlightMinor: 0,
        minimumPayoutMinor: 1000,
        releases: [{ availableAt: '2026-11-27T12:00:00.000Z', amountMinor: 2400 }],
        withdrawBlock: null,
      },
    ],
    providerAccount: null,
    ...overrides,
  };
}

describe("a creator's payouts", () => {
  it('shows their balances with the dates held money frees, and changes their hold with a reason', async () => {
    const sent: unknown[] = [];
    let current = creatorPayouts();
    api({
      'GET /api/admin/creators/u3/payouts': () => ({ status: 200, body: current }),
      'PUT /api/admin/creators/u3/payouts/hold': (body) => {
        sent.push(body);
        const { holdDays, reason } = body as { holdDays: number | null; reason: string };
        const balance = creatorPayouts().balances[0];
        current = creatorPayouts({
          holdDays,
          holdReason: reason,
          balances: balance ? [{ ...balance, pendingMinor: 0, availableMinor: 3400, releases: [] }] : [],
        });
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts/creators/u3');

    const balance = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(balance).getByText('Held').nextElementSibling?.textContent).toBe('$24.00');
    expect(within(balance).getByText('Available').nextElementSibling?.textContent).toBe('$10.00');
    expect(within(balance).getByText('Paid out').nextElementSibling?.textContent).toBe('$48.00');
    expect(within(screen.getByRole('list', { name: 'USD releases' })).getByRole('listitem').textContent).toBe('Nov 27, 2026: $24.00');
    expect(screen.getByRole('link', { name: 'Their payouts' }).getAttribute('href')).toBe('/admin/payouts?creatorId=u3');

    const hold = screen.getByRole('region', { name: 'Earnings hold' });
    expect(within(hold).getByText("Now the platform's hold of 7 days.")).toBeTruthy();
    const save = within(hold).getByRole('button', { name: 'Change hold' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(within(hold).getByRole('radio', { name: 'Their own number of days' }));
    const days = within(hold).getByRole('spinbutton', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '200');
    expect(within(hold).getByText('From 0 to 180 days')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '0');
    await fill(user, within(hold).getByRole('textbox', { name: 'Reason' }), 'Two years without a dispute');
    await user.click(save);

    expect(
      await within(screen.getByRole('region', { name: 'Earnings hold' })).findByText(
        'Now their own hold of 0 days. Why: Two years without a dispute',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ holdDays: 0, reason: 'Two years without a dispute' }]);
    expect(within(screen.getByRole('region', { name: 'USD balance' })).getByText('Available').nextElementSibling?.textContent).toBe(
      '$34.00',
    );
  });

  it('shows what Stripe still needs of their connected account', async () => {
    api({
      'GET /api/admin/creators/u3/payouts': () => ({
        status: 200,
        body: creatorPayouts({
          providerAccount: { provider: 'stripe_connect', state: 'disabled', needs: ['A photo of your identity document'] },
        }),
      }),
    });
    renderApp('/admin/payouts/creators/u3');
    expect(await screen.findByText('Stripe Connect account: stopped by the provider.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'What Stripe Connect needs' })).getByRole('listitem').textContent).toBe(
      'A photo of your identity document',
    );
  });

  it("puts them back on the platform's hold", async () => {
    const sent: unknown[] = [];
    let current = creatorPayouts({ holdDays: 30, holdReason: 'Disputes' });
    api({
      'GET /api/admin/creators/u3/payouts': () => ({ status: 200, body: current }),
      'PUT /api/admin/creators/u3/payouts/hold': (body) => {
        sent.push(body);
        current = creatorPayouts();
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts/creators/u3');
    const hold = await screen.findByRole('region', { name: 'Earnings hold' });
    expect(within(hold).getByText('Now their own hold of 30 days. Why: Disputes')).toBeTruthy();
    await user.click(within(hold).getByRole('radio', { name: "The platform's (7 days)" }));
    await fill(user, within(hold).getByRole('textbox', { name: 'Reason' }), 'Disputes settled');
    await user.click(within(hold).getByRole('button', { name: 'Change hold' }));
    expect(
      await within(screen.getByRole('region', { name: 'Earnings hold' })).findByText("Now the platform's hold of 7 days."),
    ).toBeTruthy();
    expect(sent).toEqual([{ holdDays: null, reason: 'Disputes settled' }]);
  });

  it('holds their payouts with a reason, shows why, and shows a refusal of the release', async () => {
    const sent: unknown[] = [];
    let current = creatorPayouts();
    api({
      'GET /api/admin/creators/u3/payouts': () => ({ status: 200, body: current }),
      'PUT /api/admin/creators/u3/payouts/held': (body) => {
        sent.push(body);
        const { held, reason } = body as { held: boolean; reason: string };
        if (!held) return { status: 403, body: { type: 'admin_only', message: 'Only admins can do this.', statusCode: 403 } };
        current = creatorPayouts({ payoutsHeld: true, payoutsHeldReason: reason, payoutsHeldAt: '2026-11-21T09:00:00.000Z' });
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payouts/creators/u3');
    await user.click(await screen.findByRole('button', { name: 'Hold payouts' }));
    let dialog = await screen.findByRole('dialog', { name: 'Hold these payouts?' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Chargeback review');
    await user.click(within(dialog).getByRole('button', { name: 'Hold payouts' }));

    expect(await screen.findByText('Payouts held')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ held: true, reason: 'Chargeback review' }]);
    expect(screen.getByText(/@ada's payouts are held since .*Reason: Chargeback review/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Release payouts' }));
    dialog = await screen.findByRole('dialog', { name: 'Release these payouts?' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cleared');
    await user.click(within(dialog).getByRole('button', { name: 'Release payouts' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only admins can do this.');
    expect(sent).toEqual([
      { held: true, reason: 'Chargeback review' },
      { held: false, reason: 'Cleared' },
    ]);
  });

  it("is linked from a creator's admin page", async () => {
    const detail: AdminUserDetail = {
      user: {
        id: 'u3',
        email: 'ada@example.com',
        name: '',
        handle: 'ada',
        publicName: 'Ada',
        avatarColor: 'hsl(42, 50%, 50%)',
        labels: ['creators'],
        disabledAt: null,
        identityVerifiedAt: null,
        suspendedAt: null,
        deletedAt: null,
        anonymisedAt: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        bio: null,
        lastOnline: null,
        registrationCompletedAt: null,
        followerCount: 0,
      },
      sessions: [],
      subscriptions: [],
      payments: [],
      verifications: [],
      reports: [],
    };
    api({ 'GET /api/admin/users/u3': () => ({ status: 200, body: detail }) });
    renderApp('/admin/users/u3');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('link', { name: 'Payouts' }).getAttribute('href')).toBe('/admin/payouts/creators/u3');
  });
});
