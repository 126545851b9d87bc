import type { MemberPayment } from '@aurum/core';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

const creator = { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null };
const payment = (overrides: Partial<MemberPayment>): MemberPayment => ({
  id: 'ch1',
  kind: 'subscription',
  status: 'succeeded',
  amountMinor: 900,
  currency: 'USD',
  creator,
  planName: null,
  postId: null,
  chatId: null,
  tipMessage: null,
  refundOf: null,
  refunded: false,
  failureMessage: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('payment history', () => {
  it('lists what the member paid whom and for what, with refunds, failures and where each went, page by page', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/me/payments': () => ({
        status: 200,
        body: {
          items: [
            payment({ id: 'r1', kind: 'refund', amountMinor: 700, refundOf: 'p1' }),
            payment({ id: 'p1', kind: 'paid_post', amountMinor: 700, postId: 'post9', refunded: true }),
            payment({ id: 't1', kind: 'tip', amountMinor: 300, chatId: 'chat4', tipMessage: 'Thanks!' }),
            payment({ id: 't2', kind: 'tip', status: 'failed', amountMinor: 500, failureMessage: 'Your card was declined.' }),
          ],
          nextCursor: 'next',
        },
      }),
      'GET /api/me/payments?cursor=next': () => ({
        status: 200,
        body: { items: [payment({ id: 's1', planName: 'Gold' })], nextCursor: null },
      }),
    });
    const user = userEvent.setup();
    renderApp('/payments');
    const list = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^GRefund\+\$7\.00From Goldie Hawn/),
      expect.stringMatching(/^GPost\$7\.00To Goldie Hawn.*RefundedSee the post$/),
      expect.stringMatching(/^GTip\$3\.00To Goldie Hawn.*“Thanks!”Open the chat$/),
      expect.stringMatching(/^GTip\$5\.00To Goldie Hawn.*Not paid: Your card was declined\.$/),
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'See the post' })
        .getAttribute('href'),
    ).toBe('/posts/post9');
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'Open the chat' })
        .getAttribute('href'),
    ).toBe('/chat/chat4');
    await user.click(screen.getByRole('button', { name: 'Load more payments' }));
    expect(await within(list).findByText('Subscription · Gold')).toBeTruthy();
  });
});
