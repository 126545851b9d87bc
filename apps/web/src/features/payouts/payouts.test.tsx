import { type CurrencyBalance, type Payout, type PayoutAccount, type PayoutsPage, withdrawSchema } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/dates';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

// Whole-app tests load pages lazily; on a busy machine a page can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });

function balance(overrides: Partial<CurrencyBalance> = {}): CurrencyBalance {
  return {
    currency: 'USD',
    pendingMinor: 0,
    availableMinor: 12_500,
    paidOutMinor: 0,
    inFlightMinor: 0,
    minimumPayoutMinor: 2_000,
    releases: [],
    withdrawBlock: null,
    ...overrides,
  };
}

function account(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    balances: [balance()],
    holdDays: 7,
    schedule: { kind: 'manual' },
    nextScheduledPayoutAt: null,
    method: { id: 'pm1', type: 'bank_account', label: 'Bank account ending in 3000' },
    methodProvider: 'development',
    providerAccount: null,
    methodChangePauseUntil: null,
    payoutsHeld: false,
    ...overrides,
  };
}

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: 'po1',
    amountMinor: 12_500,
    currency: 'USD',
    status: 'paid',
    trigger: 'requested',
    provider: 'development',
    destination: 'Bank account ending in 3000',
    failureCode: null,
    failureMessage: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    settledAt: '2026-11-20T12:00:01.000Z',
    ...overrides,
  };
}

const emptyHistory: PayoutsPage = { items: [], nextCursor: null };

type Answers = Parameters<typeof mockApi>[0];

function renderPayouts(state: PayoutAccount, more: Answers = {}, path = '/creator/payouts') {
  const fetchMock = mockApi({
    'GET /api/me': () => ({ status: 200, body: creator }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/creator/payouts/account': () => ({ status: 200, body: state }),
    'GET /api/creator/payouts': () => ({ status: 200, body: emptyHistory }),
    'GET /api/payout-methods': () => ({ status: 200, body: [] }),
    ...more,
  });
  renderApp(path);
  return fetchMock;
}

/** The requests made so far to `METHOD url`, with their bodies. */
function calls(fetchMock: ReturnType<typeof mockApi>, method: string, url: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

describe('the payouts page', () => {
  it('shows each balance: available, pending with the days it becomes available, in flight and paid out', async () => {
    renderPayouts(
      account({
        balances: [
          balance({
            availableMinor: 12_500,
            pendingMinor: 4_250,
            paidOutMinor: 30_000,
            inFlightMinor: 1_000,
            releases: [
              { availableAt: '2026-11-24T12:00:00.000Z', amountMinor: 1_250 },
              { availableAt: '2026-11-26T12:00:00.000Z', amountMinor: 3_000 },
            ],
          }),
          balance({ currency: 'EUR', availableMinor: 399, withdrawBlock: 'below_minimum' }),
        ],
      }),
    );
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(usd).getByText('$125.00')).toBeTruthy();
    const figures = within(usd)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Pending', '$42.50'],
      ['In flight', '$10.00'],
      ['Paid out', '$300.00'],
    ]);
    const releases = within(within(usd).getByRole('list', { name: 'Pending becomes available' })).getAllByRole('listitem');
    expect(releases.map((item) => item.textContent)).toEqual([
      `${formatDate('2026-11-24T12:00:00.000Z')}$12.50`,
      `${formatDate('2026-11-26T12:00:00.000Z')}$30.00`,
    ]);
    expect(within(usd).getByRole('button', { name: 'Withdraw $125.00' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('region', { name: 'EUR balance' })).toBeTruthy();
    expect(screen.getByText('Earnings are held 7 days so refunds and chargebacks can be covered.')).toBeTruthy();
  });

  it('says what to expect before any money came in', async () => {
    renderPayouts(account({ balances: [] }));
    expect(await screen.findByText('No earnings yet')).toBeTruthy();
    expect(screen.getByText(/When members pay you, your earnings show here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('keeps the withdraw button disabled with the reason in plain words', async () => {
    renderPayouts(
      account({
        balances: [
          balance({ availableMinor: 500, withdrawBlock: 'below_minimum' }),
          balance({ currency: 'EUR', availableMinor: 9_000, minimumPayoutMinor: 2_000, withdrawBlock: 'method_changed' }),
        ],
        methodChangePauseUntil: '2026-11-27T12:00:00.000Z',
      }),
    );
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    const button = within(usd).getByRole('button', { name: 'Withdraw $5.00' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(String(button.getAttribute('aria-describedby')))?.textContent).toBe('The smallest payout is $20.00.');

    const eur = screen.getByRole('region', { name: 'EUR balance' });
    expect(within(eur).getByRole('button', { name: 'Withdraw €90.00' }).hasAttribute('disabled')).toBe(true);
    expect(
      within(eur).getByText(`Payouts wait until ${formatDate('2026-11-27T12:00:00.000Z')} after your payout method changed.`),
    ).toBeTruthy();
  });

  it('explains a balance below zero: later earnings cover it first', async () => {
    renderPayouts(account({ balances: [balance({ availableMinor: -1_500, withdrawBlock: 'negative' })] }));
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(usd).getByText('-$15.00')).toBeTruthy();
    expect(within(usd).getByText(/A refund took back money that was already paid out to you/).textContent).toContain(
      'Your next earnings cover these $15.00 first',
    );
    expect(within(usd).getByRole('button', { name: 'Withdraw' }).hasAttribute('disabled')).toBe(true);
  });

  it('withdraws with one idempotency key, shows the payout paid and reads the balance and history afresh', async () => {
    let paid = false;
    const fetchMock = renderPayouts(account(), {
      'GET /api/creator/payouts/account': () => ({
        status: 200,
        body: paid
          ? account({ balances: [balance({ availableMinor: 0, paidOutMinor: 12_500, withdrawBlock: 'below_minimum' })] })
          : account(),
      }),
      'POST /api/creator/payouts': () => {
        paid = true;
        return { status: 201, body: payout() };
      },
    });
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    const historyReads = () => calls(fetchMock, 'GET', '/api/creator/payouts').length;
    await waitFor(() => expect(historyReads()).toBe(1));
    await userEvent.click(within(usd).getByRole('button', { name: 'Withdraw $125.00' }));

    expect(await within(usd).findByText('Paid: $125.00 sent to Bank account ending in 3000.')).toBeTruthy();
    const posts = calls(fetchMock, 'POST', '/api/creator/payouts');
    expect(posts).toHaveLength(1);
    expect(withdrawSchema.parse(posts[0])).toEqual({ currency: 'USD', idempotencyKey: posts[0].idempotencyKey });
    // Afterwards the balance shows what is left, and the history the new payout.
    await waitFor(() => expect(within(usd).getByText('available').parentElement?.textContent).toBe('$0.00available'));
    expect(within(usd).getByRole('button', { name: 'Withdraw' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(historyReads()).toBe(2));
  });

  it('asks again with the same key when the first answer never came, and with a new key for a new attempt', async () => {
    let answers = 0;
    const fetchMock = renderPayouts(account(), {
      'POST /api/creator/payouts': () => {
        answers += 1;
        if (answers === 1) return { status: 504, body: { type: 'general_unknown', message: 'The server took too long.', statusCode: 504 } };
        if (answers === 2) return { status: 201, body: payout({ status: 'failed', failureMessage: 'The receiving account is closed.' }) };
        return { status: 201, body: payout({ id: 'po2' }) };
      },
    });
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    await userEvent.click(within(usd).getByRole('button', { name: 'Withdraw $125.00' }));
    expect(await within(usd).findByText('The server took too long.')).toBeTruthy();
    await userEvent.click(within(usd).getByRole('button', { name: 'Withdraw $125.00' }));
    expect(
      await within(usd).findByText(/The payout of \$125.00 failed\. The receiving account is closed\. The money is back/),
    ).toBeTruthy();
    await userEvent.click(within(usd).getByRole('button', { name: 'Withdraw $125.00' }));
    expect(await within(usd).findByText('Paid: $125.00 sent to Bank account ending in 3000.')).toBeTruthy();

    const keys = calls(fetchMock, 'POST', '/api/creator/payouts').map((body) => body.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks to add the bank account again when it is paid by bank transfer and its details were not kept', async () => {
    renderPayouts(
      account({
        method: { id: 'pm3', type: 'bank_account', label: 'Bank account ending in 3000' },
        methodProvider: 'manual',
        balances: [balance({ withdrawBlock: 'bank_details_missing' })],
      }),
    );
    const usd = await screen.findByRole('region', { name: 'USD balance' });
    expect(within(usd).getByText(/^Add your bank account again: payouts to it are now made by bank transfer/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payout method' })).getByText(/Paid through the Aurum team, by hand/)).toBeTruthy();
  });

  it('shows the method, says when this server cannot pay its kind, and that a change pauses payouts', async () => {
    renderPayouts(
      account({
        method: { id: 'pm2', type: 'paypal', label: 'PayPal - ada@example.com' },
        methodProvider: null,
        balances: [balance({ withdrawBlock: 'method_unsupported' })],
      }),
      {
        'GET /api/client-config': () => ({
          status: 200,
          body: { recaptcha: null, errorReporting: null, telemetry: null, sessionRecording: null, payoutMethodTypes: ['bank_account'] },
        }),
      },
    );
    const method = await screen.findByRole('region', { name: 'Payout method' });
    expect(within(method).getByText('PayPal - ada@example.com')).toBeTruthy();
    expect(within(method).getByText(/This server cannot pay PayPal accounts yet\. Add another kind of payout method/)).toBeTruthy();
    expect(within(method).getByText(/Changing your active payout method pauses payouts for a few days/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'USD balance' })).getByText(
        'This server cannot pay your kind of payout method yet; add another kind.',
      ),
    ).toBeTruthy();

    const change = within(method).getByRole('button', { name: 'Change payout method' });
    expect(change.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(change);
    expect(await within(method).findByRole('heading', { name: 'Add a payout method' })).toBeTruthy();
    // Choosing a kind this server does not pay is told before any money is earned to it.
    expect(within(method).queryByText(/This server does not pay out to/)).toBeNull();
    await userEvent.click(within(method).getByRole('radio', { name: 'PayPal' }));
    expect(within(method).getByText('This server does not pay out to PayPal accounts yet: choose a bank account to be paid.')).toBeTruthy();
  });

  it('saves automatic payouts and shows when the next one runs', async () => {
    const fetchMock = renderPayouts(account(), {
      'PUT /api/creator/payouts/schedule': (body) => ({
        status: 200,
        body: account({
          schedule: (body as { schedule: PayoutAccount['schedule'] }).schedule,
          nextScheduledPayoutAt: '2026-11-27T00:00:00.000Z',
        }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'Automatic payouts' });
    expect(within(form).getByText('Off: you withdraw when you want.')).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(form).getByRole('radio', { name: 'Every week' }));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Weekday' }), 'Friday');
    await userEvent.click(save);

    expect(await within(form).findByText('Weekly on Friday. Next payout: Nov 27, 2026.')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', '/api/creator/payouts/schedule')).toEqual([{ schedule: { kind: 'weekly', day: 5 } }]);
    expect(within(form).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists the payouts a page at a time, with status, destination and why one failed', async () => {
    const fetchMock = renderPayouts(account(), {
      'GET /api/creator/payouts': () => ({ status: 200, body: { items: [payout()], nextCursor: 'c1' } }),
      'GET /api/creator/payouts?cursor=c1': () => ({
        status: 200,
        body: {
          items: [
            payout({
              id: 'po0',
              amountMinor: 4_000,
              status: 'failed',
              trigger: 'scheduled',
              destination: 'PayPal - old@example.com',
              failureMessage: 'The receiving account is closed.',
              createdAt: '2026-11-13T12:00:00.000Z',
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more payouts' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('$125.00');
    expect(within(first as HTMLElement).getByText('Paid')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(second?.textContent).toContain('To PayPal - old@example.com');
    expect(second?.textContent).toContain(`Automatic payout ${formatDate('2026-11-13T12:00:00.000Z')}`);
    expect(within(second as HTMLElement).getByText('The receiving account is closed.')).toBeTruthy();
    const statement = within(first as HTMLElement).getByRole('link', {
      name: `Statement of the $125.00 payout of ${formatDate('2026-11-20T12:00:00.000Z')} (CSV)`,
    });
    expect(statement.getAttribute('href')).toBe('/api/creator/payouts/po1/statement.csv');
    expect(statement.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more payouts' })).toBeNull();
    expect(calls(fetchMock, 'GET', '/api/creator/payouts?cursor=c1')).toHaveLength(1);
  });

  it('shows a failed load with a retry', async () => {
    renderPayouts(account(), {
      'GET /api/creator/payouts/account': () => ({
        status: 500,
        body: { type: 'general_unknown', message: 'Server down.', statusCode: 500 },
      }),
    });
    expect(await screen.findByText('Server down.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payouts', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("tells what Stripe still needs and takes the creator to Stripe's onboarding", async () => {
    const fetchMock = renderPayouts(
      account({
        methodProvider: 'stripe_connect',
        providerAccount: {
          provider: 'stripe_connect',
          state: 'incomplete',
          needs: ['Your date of birth', 'The bank account Stripe pays into'],
        },
        balances: [balance({ withdrawBlock: 'provider_onboarding' })],
      }),
      { 'POST /api/creator/payouts/onboarding': () => ({ status: 200, body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } }) },
    );
    const needs = await screen.findByText('Stripe needs more before it can pay you:');
    expect(
      within(needs.closest('[role="alert"]') as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Your date of birth', 'The bank account Stripe pays into']);
    expect(screen.getByText('Finish setting up your payout account with Stripe to withdraw.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue on Stripe' }));
    await screen.findByRole('button', { name: 'Opening Stripe…' });
    expect(calls(fetchMock, 'POST', '/api/creator/payouts/onboarding')).toHaveLength(1);
  });

  it('reads the Stripe account again when the creator comes back from Stripe', async () => {
    const ready = account({ methodProvider: 'stripe_connect', providerAccount: { provider: 'stripe_connect', state: 'ready', needs: [] } });
    const fetchMock = renderPayouts(
      account({ methodProvider: 'stripe_connect', providerAccount: { provider: 'stripe_connect', state: 'not_started', needs: [] } }),
      { 'POST /api/creator/payouts/onboarding/refresh': () => ({ status: 200, body: ready }) },
      '/creator/payouts?onboarding=return',
    );
    await screen.findByText('Your Stripe account is ready to receive payouts.');
    expect(calls(fetchMock, 'POST', '/api/creator/payouts/onboarding/refresh')).toHaveLength(1);
  });
});
