import type { PlanChangeQuote, Subscription } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { clearSnacks } from '../../components/snack-queue';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod, paypalMethod } from '../../test/payment-fixtures';
import { makePlan } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage, makeSubscription } from '../../test/subscription-fixtures';

configure({ asyncUtilTimeout: 10_000 });

const signedIn = {
  'GET /api/me': () => ({ status: 200, body: makeUser() }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
};

type FetchMock = ReturnType<typeof mockApi>;
const bodies = (fetchMock: FetchMock, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

describe('subscriptions', () => {
  afterEach(() => {
    clearError();
    clearSnacks();
  });

  it('lists subscriptions with creator, plan, price, status and the date that matters', async () => {
    const items: Subscription[] = [
      makeSubscription(),
      makeSubscription({ id: 's2', status: 'canceled', autoRenew: false, nextRenewalAt: null }),
      makeSubscription({ id: 's3', status: 'past_due', renewalFailedAt: '2026-11-30T12:00:00.000Z' }),
      makeSubscription({ id: 's4', status: 'expired', active: false, autoRenew: false, validUntil: '2026-10-01T12:00:00.000Z' }),
    ];
    mockApi({ ...signedIn, 'GET /api/subscriptions': () => ({ status: 200, body: { items } }) });
    renderApp('/subscriptions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your subscriptions' });
    const rows = within(list).getAllByRole('listitem');
    const read = (row: HTMLElement) => [
      within(row).getByText('Goldie Hawn') && within(row).getByText(/Gold ·/).textContent,
      within(row).getByRole('link').getAttribute('href'),
    ];
    expect(rows.map(read)).toEqual([
      ['Gold · $4.99 per 30 days', '/subscriptions/s1'],
      ['Gold · $4.99 per 30 days', '/subscriptions/s2'],
      ['Gold · $4.99 per 30 days', '/subscriptions/s3'],
      ['Gold · $4.99 per 30 days', '/subscriptions/s4'],
    ]);
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[0]!).getByText('Renews on Dec 1, 2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('Canceled')).toBeTruthy();
    expect(within(rows[1]!).getByText('Access until Dec 1, 2026')).toBeTruthy();
    expect(within(rows[2]!).getByText('Payment failed')).toBeTruthy();
    expect(within(rows[3]!).getByText('Expired')).toBeTruthy();
    expect(within(rows[3]!).getByText('Ended Oct 1, 2026')).toBeTruthy();
  });

  it('is in the account menu, and invites a member without subscriptions to explore', async () => {
    mockApi({ ...signedIn, 'GET /api/subscriptions': () => ({ status: 200, body: { items: [] } }) });
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Payment methods' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Subscriptions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(await screen.findByRole('heading', { name: 'No subscriptions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore creators' }).getAttribute('href')).toBe('/explore');
  });

  it('cancels after confirming; access stays until the end of the period', async () => {
    let subscription = makeSubscription();
    const fetchMock = mockApi({
      ...signedIn,
      'GET /api/subscriptions/s1': () => ({ status: 200, body: subscription }),
      'POST /api/subscriptions/s1/cancel': () => {
        subscription = makeSubscription({ status: 'canceled', autoRenew: false, nextRenewalAt: null });
        return { status: 200, body: subscription };
      },
    });
    const user = userEvent.setup();
    renderApp('/subscriptions/s1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription to Goldie Hawn' })).toBeTruthy();
    expect(screen.getByText('Credit Card ending in 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/subscriptions/s1/edit');
    expect(screen.getByRole('link', { name: 'Change payment method' }).getAttribute('href')).toBe('/subscriptions/s1/edit');

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText('You keep access until Dec 1, 2026.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fetchMock, 'POST /api/subscriptions/s1/cancel')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription canceled. You keep access until Dec 1, 2026.')).toBeTruthy();
    expect(bodies(fetchMock, 'POST /api/subscriptions/s1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Canceled')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull());
  });

  it('resumes a canceled subscription with the method it was paid with, in one tap', async () => {
    let subscription = makeSubscription({ status: 'canceled', autoRenew: false, nextRenewalAt: null });
    const fetchMock = mockApi({
      ...signedIn,
      'GET /api/subscriptions/s1': () => ({ status: 200, body: subscription }),
      'PUT /api/subscriptions/s1/payment-method': () => {
        subscription = makeSubscription();
        return { status: 200, body: subscription };
      },
    });
    const user = userEvent.setup();
    renderApp('/subscriptions/s1');

    expect(await screen.findByText('Renewal is off: you keep access until Dec 1, 2026.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Renewal is back on. It renews on Dec 1, 2026.')).toBeTruthy();
    expect(bodies(fetchMock, 'PUT /api/subscriptions/s1/payment-method')).toEqual([{ paymentMethodId: makePaymentMethod().id }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('sends a canceled subscription whose payment method was removed to choose one to resume', async () => {
    mockApi({
      ...signedIn,
      'GET /api/subscriptions/s1': () => ({
        status: 200,
        body: makeSubscription({ status: 'canceled', autoRenew: false, nextRenewalAt: null, paymentMethod: null }),
      }),
    });
    renderApp('/subscriptions/s1');
    expect((await screen.findByRole('link', { name: 'Resume' })).getAttribute('href')).toBe('/subscriptions/s1/edit');
  });

  it('warns when a renewal failed and points to the payment method', async () => {
    mockApi({
      ...signedIn,
      'GET /api/subscriptions/s1': () => ({
        status: 200,
        body: makeSubscription({ status: 'past_due', renewalFailedAt: '2026-11-30T12:00:00.000Z' }),
      }),
    });
    renderApp('/subscriptions/s1');
    expect(await screen.findByText('The renewal payment failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update' }).getAttribute('href')).toBe('/subscriptions/s1/edit');
  });

  it('changes the payment method, which turns renewal back on', async () => {
    const fetchMock = mockApi({
      ...signedIn,
      'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
      'GET /api/subscriptions/s1': () => ({
        status: 200,
        body: makeSubscription({ status: 'canceled', autoRenew: false }),
      }),
      'GET /api/users/c1/profile-page': () => ({ status: 404, body: { type: 'not_found', message: 'Gone.', statusCode: 404 } }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod(), paypalMethod()] } }),
      'PUT /api/subscriptions/s1/payment-method': () => ({
        status: 200,
        body: makeSubscription({ paymentMethod: paypalMethod() }),
      }),
    });
    const user = userEvent.setup();
    renderApp('/subscriptions/s1/edit');

    const section = await screen.findByRole('region', { name: 'Payment method' });
    expect(within(section).getByText(/Saving it turns renewal back on/)).toBeTruthy();
    expect(((await within(section).findByRole('radio', { name: 'Credit Card ending in 4242' })) as HTMLInputElement).checked).toBe(true);
    await user.click(within(section).getByRole('radio', { name: 'PayPal - ada@example.com' }));
    await user.click(within(section).getByRole('button', { name: 'Use this payment method' }));
    expect(await screen.findByText('Renewals are now paid with PayPal - ada@example.com.')).toBeTruthy();
    expect(bodies(fetchMock, 'PUT /api/subscriptions/s1/payment-method')).toEqual([{ paymentMethodId: 'pm2' }]);
  });

  it('shows the price of a plan change and shows it again when it changed before confirming', async () => {
    const platinum = makePlan({ id: 'platinum', name: 'Platinum', priceMinor: 999 });
    const quotes: PlanChangeQuote[] = [
      { planId: 'platinum', amountDueMinor: 250, currency: 'USD', nextRenewalPriceMinor: 999, validUntil: '2026-12-01T12:00:00.000Z' },
      { planId: 'platinum', amountDueMinor: 300, currency: 'USD', nextRenewalPriceMinor: 999, validUntil: '2026-12-01T12:00:00.000Z' },
    ];
    let quoteReads = 0;
    let changes = 0;
    const fetchMock = mockApi({
      ...signedIn,
      'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
      'GET /api/subscriptions/s1': () => ({ status: 200, body: makeSubscription() }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod()] } }),
      'GET /api/users/c1/profile-page': () => ({
        status: 200,
        body: makeCreatorPage({ plans: [makePlan(), platinum] }),
      }),
      'GET /api/subscriptions/s1/plan-change?planId=platinum': () => ({
        status: 200,
        body: quotes[Math.min(quoteReads++, quotes.length - 1)],
      }),
      'PUT /api/subscriptions/s1/plan': () => {
        changes++;
        if (changes === 1) {
          return {
            status: 409,
            body: {
              type: 'quote_changed',
              message: 'The price of this change has changed. Check the new amount and confirm again.',
              statusCode: 409,
            },
          };
        }
        return { status: 200, body: makeSubscription({ plan: { ...makeSubscription().plan, id: 'platinum', name: 'Platinum' } }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/subscriptions/s1/edit');

    const section = await screen.findByRole('region', { name: 'Plan' });
    const current = await within(section).findByRole('radio', { name: 'Gold, $4.99 per 30 days (current plan)' });
    expect((current as HTMLInputElement).disabled).toBe(true);
    await user.click(within(section).getByRole('radio', { name: 'Platinum, $9.99 per 30 days' }));
    expect(await within(section).findByText('You pay $2.50 now; from Dec 1, 2026 you pay $9.99 every 30 days.')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Change plan' }));
    expect(await within(section).findByText('The price of this change has changed. Check the new amount and confirm again.')).toBeTruthy();
    expect(await within(section).findByText('You pay $3.00 now; from Dec 1, 2026 you pay $9.99 every 30 days.')).toBeTruthy();
    await waitFor(() => expect((within(section).getByRole('button', { name: 'Change plan' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(section).getByRole('button', { name: 'Change plan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/s1'));
    expect(await screen.findByText('Your plan is now Platinum.')).toBeTruthy();
    const [first, second] = bodies(fetchMock, 'PUT /api/subscriptions/s1/plan');
    expect(first).toMatchObject({ planId: 'platinum', expectedAmountMinor: 250 });
    expect(second).toMatchObject({ planId: 'platinum', expectedAmountMinor: 300 });
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('says when a plan change costs nothing now', async () => {
    mockApi({
      ...signedIn,
      'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
      'GET /api/subscriptions/s1': () => ({ status: 200, body: makeSubscription() }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod()] } }),
      'GET /api/users/c1/profile-page': () => ({
        status: 200,
        body: makeCreatorPage({ plans: [makePlan({ id: 'silver', name: 'Silver', priceMinor: 299 }), makePlan()] }),
      }),
      'GET /api/subscriptions/s1/plan-change?planId=silver': () => ({
        status: 200,
        body: { planId: 'silver', amountDueMinor: 0, currency: 'USD', nextRenewalPriceMinor: 299, validUntil: '2026-12-01T12:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/subscriptions/s1/edit');
    await user.click(await screen.findByRole('radio', { name: 'Silver, $2.99 per 30 days' }));
    expect(await screen.findByText('Nothing to pay now; from Dec 1, 2026 you pay $2.99 every 30 days.')).toBeTruthy();
  });
});
