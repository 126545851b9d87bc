import type { TrialOffer } from '@aurum/core';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePaymentMethod } from '../../test/payment-fixtures';
import { renderApp } from '../../test/render-app';
import { makeSubscription } from '../../test/subscription-fixtures';

configure({ asyncUtilTimeout: 10_000 });

const offer = (overrides: Partial<TrialOffer> = {}): TrialOffer => ({
  code: 'Code12345678',
  creator: { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null },
  plan: { id: 'gold', name: 'Gold', description: 'Every set, first.', priceMinor: 900, currency: 'USD', perks: { chat: true } },
  days: 7,
  unavailable: null,
  ...overrides,
});

const signedIn = {
  'GET /api/me': () => ({ status: 200, body: makeUser() }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
  'GET /api/payment-methods': () => ({ status: 200, body: { items: [makePaymentMethod()] } }),
};

describe('a free-trial link', () => {
  it('shows the plan and the days free, claims it with the saved method, and opens the creator', async () => {
    let claimed: unknown;
    mockApi({
      ...signedIn,
      'GET /api/trial-links/Code12345678': () => ({ status: 200, body: offer() }),
      'POST /api/trial-links/Code12345678/claim': (body) => {
        claimed = body;
        return { status: 201, body: makeSubscription({ trialEndsAt: '2026-12-06T12:00:00.000Z' }) };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/trial/Code12345678');
    expect(await screen.findByRole('heading', { level: 1, name: '7 days free with Goldie Hawn' })).toBeTruthy();
    expect(screen.getByText('Includes chat with Goldie Hawn.')).toBeTruthy();
    expect(screen.getByText(/then \$9\.00 every 30 days until you cancel/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/c1'));
    expect(claimed).toEqual({ paymentMethodId: makePaymentMethod().id });
  });

  it('says why a member cannot claim it, with the way to the creator instead', async () => {
    mockApi({ ...signedIn, 'GET /api/trial-links/Code12345678': () => ({ status: 200, body: offer({ unavailable: 'already_used' }) }) });
    renderApp('/trial/Code12345678');
    expect(await screen.findByText('You already had a free trial with this creator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start free trial' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See Goldie Hawn' }).getAttribute('href')).toBe('/users/c1');
  });
});
