import type { TrialLink } from '@aurum/core';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePlan } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ roles: ['creators', 'members'], labels: ['creators'], isCreator: true });
const link = (overrides: Partial<TrialLink> = {}): TrialLink => ({
  id: 't1',
  code: 'Code12345678',
  plan: { id: 'gold', name: 'Gold', priceMinor: 499, currency: 'USD' },
  days: 7,
  maxClaims: 10,
  expiresAt: null,
  disabledAt: null,
  claims: 3,
  conversions: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('free-trial links on the plans page', () => {
  it('lists each link with its claims and conversions, makes a new one for an active plan, and stops one', async () => {
    let links = [link()];
    let made: unknown;
    mockApi({
      'GET /api/me': () => ({ status: 200, body: creator }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/plans': () => ({ status: 200, body: [makePlan({ active: true })] }),
      'GET /api/creators/u1/tip-settings': () => ({ status: 200, body: { enabled: true, currency: 'USD', minimumMinor: 100 } }),
      'GET /api/me/trial-links': () => ({ status: 200, body: { items: links, nextCursor: null } }),
      'POST /api/me/trial-links': (body) => {
        made = body;
        links = [link({ id: 't2', code: 'Newcode23456', days: 14, maxClaims: null, claims: 0, conversions: 0 }), ...links];
        return { status: 201, body: links[0] };
      },
      'DELETE /api/me/trial-links/t1': () => {
        links = links.map((item) => (item.id === 't1' ? { ...item, disabledAt: '2026-11-29T10:00:00.000Z' } : item));
        return { status: 200, body: links.find((item) => item.id === 't1') };
      },
    });
    const user = userEvent.setup();
    renderApp('/plans');
    const list = await screen.findByRole('list', { name: 'Free-trial links' });
    expect(within(list).getByText('Gold: 7 days free, then $4.99')).toBeTruthy();
    expect(within(list).getByText('3 claimed of 10 · 1 paid after the trial')).toBeTruthy();
    expect(within(list).getByText(`${window.location.origin}/trial/Code12345678`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New trial link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trial link' });
    const days = within(dialog).getByRole('textbox', { name: 'Days free' });
    await user.clear(days);
    await user.type(days, '31');
    expect(within(dialog).getByText('At most 30 days')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Make link' }));
    expect(await within(list).findByText('Gold: 14 days free, then $4.99')).toBeTruthy();
    expect(made).toEqual({ planId: makePlan().id, days: 14, maxClaims: null, expiresAt: null });

    const first = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Stop' }));
    expect(await within(first).findByText('Stopped')).toBeTruthy();
  });
});
