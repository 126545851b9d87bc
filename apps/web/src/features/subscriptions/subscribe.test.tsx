import type { CurrentUser, MemberOffer, ProfilePage } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { clearSnacks } from '../../components/snack-queue';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod, paypalMethod } from '../../test/payment-fixtures';
import { lockedPost, makePlan, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage, makeSubscription } from '../../test/subscription-fixtures';

const silver = makePlan({ id: 'silver', name: 'Silver', priceMinor: 299, perks: { chat: false }, description: '' });
const gold = makePlan();

const creatorPage = (overrides: Partial<ProfilePage> = {}) => makeCreatorPage({ plans: [silver, gold], ...overrides });

const currentItem = { id: 's1', creatorId: 'c1', planId: 'gold', validUntil: '2026-12-01T12:00:00.000Z', autoRenew: true };

type Answer = { status: number; body?: unknown };
const declined: Answer = { status: 402, body: { type: 'payment_declined', message: 'Your card was declined.', statusCode: 402 } };
const providerDown: Answer = {
  status: 502,
  body: { type: 'payment_provider_unavailable', message: 'The payment provider did not answer. Try again.', statusCode: 502 },
};

/**
 * A server whose POST /api/subscriptions answers from `answers` in turn ('network': the connection is lost), then
 * subscribes; the subscribers-only post p2 unlocks once subscribed.
 */
/** The Confirm button once the page has picked a plan and a payment method (it is disabled until then). */
async function confirmButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: 'Confirm' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}

function server(
  options: { answers?: Array<Answer | 'network'>; me?: Partial<CurrentUser>; profile?: Partial<ProfilePage>; offers?: MemberOffer[] } = {},
) {
  const answers = [...(options.answers ?? [])];
  let subscribed = false;
  const fetchMock = mockApi({
    'GET /api/me': () => ({
      status: 200,
      body: makeUser({
        ...options.me,
        subscriptions: subscribed ? [currentItem] : (options.me?.subscriptions ?? []),
      }),
    }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
    'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage(options.profile) }),
    'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod(), paypalMethod()] } }),
    'GET /api/creators/c1/offers': () => ({ status: 200, body: { items: [] } }),
    'GET /api/creators/c1/offers?code=Code12345678': () => ({ status: 200, body: { items: options.offers ?? [] } }),
    'GET /api/posts/p2': () => ({
      status: 200,
      body: subscribed ? makePost({ id: 'p2', access: ['subscription'], accessLevel: 'subscription', text: 'Members only' }) : lockedPost(),
    }),
    'POST /api/subscriptions': () => {
      const answer = answers.shift() ?? { status: 201, body: makeSubscription() };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer.status === 201) subscribed = true;
      return answer;
    },
  });
  const subscribeBodies = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/subscriptions' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
  const meReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/me').length;
  return { fetchMock, subscribeBodies, meReads };
}

describe('subscribe page', () => {
  afterEach(() => {
    clearError();
    clearSnacks();
  });

  it('shows the creator, their plans and the default method preselected, and sums up the payment', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1');

    expect(await screen.findByText('Goldie Hawn')).toBeTruthy();
    const silverOption = await screen.findByRole('radio', { name: 'Silver, $2.99 per 30 days' });
    expect((silverOption as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/You can send the creator direct messages/)).toBeTruthy();
    expect(((await screen.findByRole('radio', { name: 'Credit Card ending in 4242' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('You pay $2.99 now, then every 30 days until you cancel.')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Gold, $4.99 per 30 days' }));
    expect(screen.getByText('You pay $4.99 now, then every 30 days until you cancel.')).toBeTruthy();
  });

  it('offers a plan’s bundles with their saving, and pays for the length picked at the price shown', async () => {
    const bundled = makePlan({ id: 'gold', priceMinor: 1000, bundles: [{ months: 3, discountPercent: 10 }] });
    const { subscribeBodies } = server({ profile: { plans: [bundled] } });
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1');
    expect(((await screen.findByRole('radio', { name: '1 month, $10.00' })) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^3 months at once, \$27\.00 ?· save 10%$/ }));
    expect(screen.getByText('You pay $27.00 now for 3 months (90 days), then the same every 3 months until you cancel.')).toBeTruthy();
    await user.click(await confirmButton());
    await waitFor(() => expect(subscribeBodies()).toHaveLength(1));
    expect(subscribeBodies()[0]).toMatchObject({ planId: 'gold', months: 3, expectedAmountMinor: 2700 });
  });

  it('applies the discount of the link the member came by, shows the price before and after it, and pays with it', async () => {
    const bundled = makePlan({ id: 'gold', priceMinor: 1000, bundles: [{ months: 3, discountPercent: 20 }] });
    const offer: MemberOffer = {
      id: 'o1',
      code: 'Code12345678',
      planId: 'gold',
      audience: 'link',
      kind: 'percent',
      value: 25,
      payments: 1,
      endsAt: null,
    };
    const { subscribeBodies } = server({ profile: { plans: [bundled] }, offers: [offer] });
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1?offer=Code12345678');
    expect(await screen.findByText('Your offer: 25% off the first payment')).toBeTruthy();
    expect(screen.getByText('You pay $7.50 now instead of $10.00 for 30 days, then $10.00 every 30 days until you cancel.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /^3 months at once/ }));
    expect(
      screen.getByText('You pay $18.00 now instead of $24.00 for 3 months (90 days), then $24.00 every 3 months until you cancel.'),
    ).toBeTruthy();
    await user.click(await confirmButton());
    await waitFor(() => expect(subscribeBodies()).toHaveLength(1));
    expect(subscribeBodies()[0]).toMatchObject({ months: 3, expectedAmountMinor: 1800, offerCode: 'Code12345678' });
  });

  it('sends the same idempotency key when retrying an unknown outcome and a new one for a new attempt', async () => {
    const { subscribeBodies } = server({ answers: ['network', providerDown, declined] });
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1');

    await user.click(await confirmButton());
    expect(await screen.findByText('Could not reach Aurum. Check your connection and try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The payment provider did not answer. Try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Payment declined')).toBeTruthy();
    expect(screen.getByText(/Your card was declined\. Choose another payment method/)).toBeTruthy();
    // The decline was the card's: choosing another method clears it, and choosing the card again brings it back.
    await user.click(screen.getByRole('radio', { name: 'PayPal - ada@example.com' }));
    expect(screen.queryByText('Payment declined')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Credit Card ending in 4242' }));
    expect(screen.getByText('Payment declined')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'PayPal - ada@example.com' }));
    await user.click(await confirmButton());
    await waitFor(() => expect(subscribeBodies()).toHaveLength(4));

    const [first, second, third, fourth] = subscribeBodies();
    expect(first).toMatchObject({ planId: 'silver', paymentMethodId: 'pm1' });
    expect(first.idempotencyKey).toMatch(/^[\w-]{16,64}$/);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(third.idempotencyKey).toBe(first.idempotencyKey);
    expect(fourth).toMatchObject({ planId: 'silver', paymentMethodId: 'pm2' });
    expect(fourth.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('uses a new key when the member tries the declined method again', async () => {
    const { subscribeBodies, fetchMock } = server({ answers: [declined, declined] });
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1');
    await user.click(await confirmButton());
    expect(await screen.findByText('Payment declined')).toBeTruthy();
    // The declined card is no longer the default on the server: the methods are read again.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payment-methods')).toHaveLength(2));
    await user.click(await confirmButton());
    await waitFor(() => expect(subscribeBodies()).toHaveLength(2));
    const [first, second] = subscribeBodies();
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('on success refreshes the current user, says so and goes back to the creator’s profile', async () => {
    const { meReads } = server();
    const user = userEvent.setup();
    const { router } = renderApp('/users/subscribeTo/c1');
    await user.click(await screen.findByRole('radio', { name: 'Gold, $4.99 per 30 days' }));
    const readsBefore = meReads();
    await user.click(await confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/users/c1'));
    expect(await screen.findByText('Subscribed to Goldie Hawn')).toBeTruthy();
    await waitFor(() => expect(meReads()).toBeGreaterThan(readsBefore));
  });

  it('comes back to the locked post it was opened from, with that post’s plan, and shows the post unlocked', async () => {
    const { subscribeBodies } = server();
    const user = userEvent.setup();
    const { router } = renderApp('/posts/p2');

    await user.click(await screen.findByRole('link', { name: 'Subscribe from $4.99 / 30 days' }));
    expect(((await screen.findByRole('radio', { name: 'Gold, $4.99 per 30 days' })) as HTMLInputElement).checked).toBe(true);
    await user.click(await confirmButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p2'));
    expect(await screen.findByText('Members only')).toBeTruthy();
    expect(subscribeBodies()[0]).toMatchObject({ planId: 'gold', paymentMethodId: 'pm1' });
  });

  it('offers a plan change instead when the member already subscribes', async () => {
    const { subscribeBodies } = server({
      me: { subscriptions: [currentItem] },
    });
    renderApp('/users/subscribeTo/c1');
    expect(await screen.findByRole('heading', { name: 'You already subscribe to Goldie Hawn' })).toBeTruthy();
    expect(screen.getByText('Gold, $4.99. Renews on Dec 1, 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/subscriptions/s1/edit');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(subscribeBodies()).toEqual([]);
  });

  it('says so when the creator offers no plan', async () => {
    server({ profile: { plans: [] } });
    renderApp('/users/subscribeTo/c1');
    expect(await screen.findByText('Goldie Hawn offers no plans right now, so there is nothing to subscribe to yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('lets a member without a saved method add one inline and pay with it', async () => {
    let methods = [] as ReturnType<typeof makePaymentMethod>[];
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
      'GET /api/users/c1/profile-page': () => ({ status: 200, body: creatorPage() }),
      'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: methods } }),
      'POST /api/payments/dev/tokens': () => ({ status: 201, body: { token: 'devtok_pp' } }),
      'POST /api/payment-methods': () => {
        methods = [paypalMethod({ id: 'pm9', isDefault: true })];
        return { status: 201, body: methods[0] };
      },
      'POST /api/subscriptions': () => ({ status: 201, body: makeSubscription() }),
    });
    const user = userEvent.setup();
    renderApp('/users/subscribeTo/c1');

    expect((screen.queryByRole('button', { name: 'Confirm' }) as HTMLButtonElement | null)?.disabled ?? true).toBe(true);
    const method = await screen.findByRole('region', { name: 'Payment method' });
    await user.click(await within(method).findByRole('tab', { name: 'PayPal' }));
    await user.type(within(method).getByLabelText(/PayPal e-mail address/), 'ada@example.com');
    await user.click(within(method).getByRole('button', { name: 'Save payment method' }));
    expect(((await screen.findByRole('radio', { name: 'PayPal - ada@example.com' })) as HTMLInputElement).checked).toBe(true);

    await user.click(await confirmButton());
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url) === '/api/subscriptions' && JSON.parse(String(init?.body)).paymentMethodId === 'pm9',
        ),
      ).toBe(true),
    );
  });
});
