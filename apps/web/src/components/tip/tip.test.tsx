import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod } from '../../test/payment-fixtures';
import { renderApp } from '../../test/render-app';
import { makeCreatorPage } from '../../test/subscription-fixtures';
import { clearError } from '../error-store';
import { clearSnacks } from '../snack-queue';
import { suggestedTips } from './TipDialog';

type Answer = { status: number; body?: unknown };

function server(settings: unknown, answers: Answer[] = []) {
  const fetchMock = mockApi({
    'GET /api/me': () => ({ status: 200, body: makeUser() }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/payments/config': () => ({ status: 200, body: { provider: 'dev' } }),
    'GET /api/users/c1/profile-page': () => ({ status: 200, body: makeCreatorPage() }),
    'GET /api/users/c1/posts': () => ({ status: 200, body: { items: [], nextCursor: null } }),
    'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod()] } }),
    'GET /api/creators/c1/tip-settings': () => ({ status: 200, body: settings }),
    'POST /api/creators/c1/tips': (body) =>
      answers.shift() ?? {
        status: 201,
        body: { id: 't1', creatorId: 'c1', place: 'profile', createdAt: '2026-11-29T10:00:00.000Z', ...(body as object) },
      },
  });
  const tipBodies = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === '/api/creators/c1/tips' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { tipBodies };
}

describe('tipping a creator', () => {
  afterEach(() => {
    clearError();
    clearSnacks();
  });

  it('suggests the creator’s minimum and the round sums above it', () => {
    expect(suggestedTips({ enabled: true, currency: 'USD', minimumMinor: 100 })).toEqual([100, 500, 1000, 2000]);
    expect(suggestedTips({ enabled: true, currency: 'USD', minimumMinor: 700 })).toEqual([700, 1000, 2000]);
  });

  it('tips from the profile in the creator’s currency, refusing an amount below their minimum before asking the server', async () => {
    const { tipBodies } = server({ enabled: true, currency: 'EUR', minimumMinor: 300 });
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'Tip Goldie Hawn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Goldie Hawn' });
    const amount = await within(dialog).findByRole('textbox', { name: 'Amount (EUR)' });
    expect((amount as HTMLInputElement).value).toBe('5.00');

    await user.clear(amount);
    await user.type(amount, '2');
    expect(within(dialog).getByText('The smallest tip this creator takes is €3.00.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Tip' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: '€10.00' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'For the sunsets');
    const pay = within(dialog).getByRole('button', { name: 'Tip €10.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);

    expect(await screen.findByText('You tipped Goldie Hawn €10.00. Thank you!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tipBodies()).toEqual([
      {
        amountMinor: 1000,
        currency: 'EUR',
        message: 'For the sunsets',
        postId: null,
        chatId: null,
        paymentMethodId: makePaymentMethod().id,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('keeps the attempt’s key when the provider did not answer, and shows a decline', async () => {
    const { tipBodies } = server({ enabled: true, currency: 'USD', minimumMinor: 100 }, [
      { status: 502, body: { type: 'payment_provider_unavailable', message: 'The payment provider did not answer.', statusCode: 502 } },
      { status: 402, body: { type: 'payment_declined', message: 'Your card was declined.', statusCode: 402 } },
    ]);
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'Tip Goldie Hawn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Goldie Hawn' });
    const pay = await within(dialog).findByRole('button', { name: 'Tip $5.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    await user.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Payment declined')).toBeTruthy();
    const [first, second] = tipBodies();
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('says so when the creator takes no tips', async () => {
    server({ enabled: false, currency: 'USD', minimumMinor: 100 });
    const user = userEvent.setup();
    renderApp('/users/c1');
    await user.click(await screen.findByRole('button', { name: 'Tip Goldie Hawn' }));
    expect(await screen.findByText('Goldie Hawn does not take tips.')).toBeTruthy();
  });
});
