import type { PaymentMethod } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearError } from '../../components/error-store';
import { clearSnacks } from '../../components/snack-queue';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod, paypalMethod } from '../../test/payment-fixtures';
import { renderApp } from '../../test/render-app';

// Whole-app tests load pages lazily; on a busy machine a page can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const signedIn = {
  'GET /api/me': () => ({ status: 200, body: makeUser() }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
};
const devConfig = { 'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }) };

type FetchMock = ReturnType<typeof mockApi>;
const requests = (fetchMock: FetchMock, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

describe('payment methods', () => {
  // The error dialog and the snack queue outlive one render.
  afterEach(() => {
    clearError();
    clearSnacks();
  });

  it('lists each method by its display text, with brand, expiry and the default marked', async () => {
    const methods: PaymentMethod[] = [
      makePaymentMethod(),
      paypalMethod(),
      makePaymentMethod({ id: 'pm3', type: 'sepa_debit', brand: null, last4: null, expMonth: null, expYear: null, isDefault: false }),
    ];
    mockApi({ ...signedIn, ...devConfig, 'GET /api/payment-methods': () => ({ status: 200, body: { items: methods } }) });
    renderApp('/payment-methods');

    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Credit Card ending in 4242',
      'PayPal - ada@example.com',
      'Unknown - sepa_debit - pm3',
    ]);
    expect(within(items[0]!).getByText('Visa · Expires 12/2030')).toBeTruthy();
    expect(within(items[0]!).getByText('Default')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /Set as default/ })).toBeNull();
    expect(within(items[1]!).getByText('PayPal account')).toBeTruthy();
    expect(within(items[1]!).queryByText('Default')).toBeNull();
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/payment-methods/pm2');
  });

  it('sends card details only to the token endpoint and only the token to /api/payment-methods', async () => {
    let saved: PaymentMethod[] = [];
    const fetchMock = mockApi({
      ...signedIn,
      ...devConfig,
      'GET /api/payment-methods': () => ({ status: 200, body: { items: saved } }),
      'POST /api/payments/dev/tokens': () => ({ status: 201, body: { token: 'devtok_abc' } }),
      'POST /api/payment-methods': () => {
        saved = [makePaymentMethod()];
        return { status: 201, body: saved[0] };
      },
    });
    const user = userEvent.setup();
    renderApp('/payment-methods');

    expect(await screen.findByText('Test mode — no real money moves')).toBeTruthy();
    expect(screen.getByText(/4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Card number/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/Month/), '12');
    await user.type(screen.getByLabelText(/Year/), '2030');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    expect(within(list).getByText('Credit Card ending in 4242')).toBeTruthy();
    expect(requests(fetchMock, 'POST /api/payments/dev/tokens')).toEqual([
      { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    ]);
    expect(requests(fetchMock, 'POST /api/payment-methods')).toEqual([{ token: 'devtok_abc' }]);
    const otherBodies = fetchMock.mock.calls
      .filter(([url]) => String(url) !== '/api/payments/dev/tokens')
      .map(([, init]) => String(init?.body ?? ''));
    expect(otherBodies.some((body) => body.includes('4242424242424242') || body.includes('123'))).toBe(false);
  });

  it('checks the card form before sending anything and saves a PayPal account from its tab', async () => {
    const fetchMock = mockApi({
      ...signedIn,
      ...devConfig,
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [] } }),
      'POST /api/payments/dev/tokens': () => ({ status: 201, body: { token: 'devtok_pp' } }),
      'POST /api/payment-methods': () => ({ status: 201, body: paypalMethod({ isDefault: true }) }),
    });
    const user = userEvent.setup();
    renderApp('/payment-methods');

    await user.click(await screen.findByRole('button', { name: 'Save payment method' }));
    expect(screen.getByText('Enter the card number')).toBeTruthy();
    expect(requests(fetchMock, 'POST /api/payments/dev/tokens')).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'PayPal' }));
    await user.type(screen.getByLabelText(/PayPal e-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    await waitFor(() => expect(requests(fetchMock, 'POST /api/payment-methods')).toEqual([{ token: 'devtok_pp' }]));
    expect(requests(fetchMock, 'POST /api/payments/dev/tokens')).toEqual([{ type: 'paypal', email: 'ada@example.com' }]);
  });

  it('shows why the provider refused the card', async () => {
    const fetchMock = mockApi({
      ...signedIn,
      ...devConfig,
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [] } }),
      'POST /api/payments/dev/tokens': () => ({
        status: 400,
        body: { type: 'card_invalid', message: 'This card number is not valid.', statusCode: 400 },
      }),
    });
    const user = userEvent.setup();
    renderApp('/payment-methods');
    await user.type(await screen.findByLabelText(/Card number/), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText(/Month/), '12');
    await user.type(screen.getByLabelText(/Year/), '2030');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    expect(await screen.findByText('This card number is not valid.')).toBeTruthy();
    expect(requests(fetchMock, 'POST /api/payment-methods')).toEqual([]);
  });

  it('explains that payments are not set up when the server has no provider', async () => {
    mockApi({
      ...signedIn,
      'GET /api/payments/config': () => ({
        status: 503,
        body: { type: 'payments_unavailable', message: 'Payments are not set up on this server yet.', statusCode: 503 },
      }),
      'GET /api/payment-methods': () => ({ status: 200, body: { items: [] } }),
    });
    renderApp('/payment-methods');
    expect(await screen.findByText('Payments are not set up')).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
  });

  it('makes a method the default and shows the server’s reason when a method cannot be removed', async () => {
    let methods = [makePaymentMethod(), paypalMethod()];
    const fetchMock = mockApi({
      ...signedIn,
      ...devConfig,
      'GET /api/payment-methods': () => ({ status: 200, body: { items: methods } }),
      'PUT /api/payment-methods/pm2/default': () => {
        methods = [paypalMethod({ isDefault: true }), makePaymentMethod({ isDefault: false })];
        return { status: 200, body: methods[0] };
      },
      'DELETE /api/payment-methods/pm1': () => ({
        status: 409,
        body: {
          type: 'payment_method_in_use',
          message: 'A subscription renews with this method. Choose another payment method for it first.',
          statusCode: 409,
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/payment-methods');

    await user.click(await screen.findByRole('button', { name: 'Set as default: PayPal - ada@example.com' }));
    expect(await screen.findByText('PayPal - ada@example.com is now your default payment method.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Saved payment methods' });
    await waitFor(() => expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Default')).toBeTruthy());
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('PayPal - ada@example.com');
    expect(requests(fetchMock, 'PUT /api/payment-methods/pm2/default')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove: Credit Card ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText('A subscription renews with this method. Choose another payment method for it first.'),
    ).toBeTruthy();
    expect(requests(fetchMock, 'DELETE /api/payment-methods/pm1')).toHaveLength(1);
  });

  it('shows one method’s details and goes back to the list once it is removed', async () => {
    let removed = false;
    mockApi({
      ...signedIn,
      ...devConfig,
      'GET /api/payment-methods/pm1': () =>
        removed
          ? { status: 404, body: { type: 'not_found', message: 'Payment method not found.', statusCode: 404 } }
          : { status: 200, body: makePaymentMethod() },
      'GET /api/payment-methods': () => ({ status: 200, body: { items: removed ? [] : [makePaymentMethod()] } }),
      'DELETE /api/payment-methods/pm1': () => {
        removed = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/payment-methods/pm1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Credit Card ending in 4242' })).toBeTruthy();
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(screen.getByText('12/2030')).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove: Credit Card ending in 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this payment method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-methods'));
    expect(await screen.findByText('Payment method removed.')).toBeTruthy();
  });
});
