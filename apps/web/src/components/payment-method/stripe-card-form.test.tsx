import type { PaymentMethod } from '@aurum/core';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod } from '../../test/payment-fixtures';
import { renderApp } from '../../test/render-app';
import { clearError } from '../error-store';
import { clearSnacks } from '../snack-queue';

configure({ asyncUtilTimeout: 10_000 });

/**
 * Stripe.js cannot load here (it comes from Stripe's servers), so the Stripe packages are
 * replaced by a card field whose createPaymentMethod answers as Stripe documents it.
 */
const stripeMock = vi.hoisted(() => ({
  loadStripe: vi.fn(async (_key: string) => ({})),
  createPaymentMethod: vi.fn(),
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeMock.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  CardElement: () => <input aria-label="Card (Stripe)" />,
  useStripe: () => ({ createPaymentMethod: stripeMock.createPaymentMethod }),
  useElements: () => ({ getElement: () => ({ kind: 'card-element' }) }),
}));

const stripeServer = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/me': () => ({ status: 200, body: makeUser() }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/payments/config': () => ({ status: 200, body: { provider: 'stripe', publishableKey: 'pk_test_123' } }),
    'GET /api/payment-methods': () => ({ status: 200, body: { items: [] } }),
    ...extra,
  });

describe('adding a card with Stripe', () => {
  afterEach(() => {
    clearError();
    clearSnacks();
    vi.clearAllMocks();
  });

  it('loads Stripe.js with the publishable key and sends only the PaymentMethod id to the server', async () => {
    stripeMock.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_card_visa' } });
    let saved: PaymentMethod[] = [];
    const fetchMock = stripeServer({
      'GET /api/payment-methods': () => ({ status: 200, body: { items: saved } }),
      'POST /api/payment-methods': () => {
        saved = [makePaymentMethod({ isDefault: true })];
        return { status: 201, body: saved[0] };
      },
    });
    const user = userEvent.setup();
    renderApp('/payment-methods');

    expect(await screen.findByLabelText('Card (Stripe)')).toBeTruthy();
    expect(screen.queryByText('Test mode — no real money moves')).toBeNull();
    expect(stripeMock.loadStripe).toHaveBeenCalledWith('pk_test_123');
    await user.click(screen.getByRole('button', { name: 'Save payment method' }));

    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    expect(within(list).getByText('Credit Card ending in 4242')).toBeTruthy();
    expect(stripeMock.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: { kind: 'card-element' } });
    const posted = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/payment-methods' && init?.method === 'POST');
    expect(posted.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ token: 'pm_card_visa' }]);
  });

  it('shows Stripe’s own message when it refuses the card, and saves nothing', async () => {
    stripeMock.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const fetchMock = stripeServer();
    const user = userEvent.setup();
    renderApp('/payment-methods');

    await user.click(await screen.findByRole('button', { name: 'Save payment method' }));
    const form = screen.getByRole('form', { name: 'Add a payment method' });
    expect(await within(form).findByText('Your card number is incomplete.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/payment-methods' && init?.method === 'POST')).toBe(false);
  });
});
