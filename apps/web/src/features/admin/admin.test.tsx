import type { AdminChargeDetail, AdminChargeRow, AdminUserDetail, AdminUserRow, AuditEntry, VerificationRequestDetail } from '@aurum/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { auditChange } from './labels';

const admin = makeUser({ id: 'a1', userId: 'a1', handle: 'boss', publicName: 'Boss', labels: ['admins'], roles: ['admins', 'members'] });
const member = makeUser();

function row(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 'u2',
    email: 'grace@example.com',
    name: '',
    handle: 'grace',
    publicName: 'Grace Hopper',
    avatarColor: 'hsl(42, 50%, 50%)',
    labels: [],
    disabledAt: null,
    identityVerifiedAt: null,
    suspendedAt: null,
    deletedAt: null,
    anonymisedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<AdminUserRow> = {}): AdminUserDetail {
  return {
    user: { ...row(overrides), bio: null, lastOnline: null, registrationCompletedAt: null, followerCount: 0 },
    sessions: [],
    subscriptions: [],
    payments: [],
    verifications: [],
    reports: [],
  };
}

function api(me: typeof admin, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: me }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    ...extra,
  });
}

describe('the admin area', () => {
  it('refuses anyone but admins, without asking the admin API', async () => {
    const fetchMock = api(member);
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.getByText(/This part of Aurum is for admins/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin/'))).toBe(false);
  });

  it('shows what needs attention, each count linking to its queue', async () => {
    api(admin, {
      'GET /api/admin/overview': () => ({
        status: 200,
        body: {
          attention: [
            { kind: 'pending_verifications', count: 3 },
            { kind: 'failed_payments_day', count: 0 },
            { kind: 'disputes_needing_evidence', count: 1 },
          ],
        },
      }),
    });
    renderApp('/admin');
    const link = await screen.findByRole('link', { name: 'Pending verification requests: 3' });
    expect(link.getAttribute('href')).toBe('/admin/verification-requests?status=pending');
    expect(screen.getByRole('link', { name: 'Failed payments in the last day: 0' }).getAttribute('href')).toBe('/admin/payments');
    expect(screen.getByRole('link', { name: 'Disputes needing evidence: 1' }).getAttribute('href')).toBe(
      '/admin/disputes?open=true&order=deadline',
    );
  });

  it('lists users with their labels and state, filtered from the address', async () => {
    api(admin, {
      'GET /api/admin/users?label=creators': () => ({
        status: 200,
        body: { items: [row({ labels: ['creators'], disabledAt: '2026-11-21T10:00:00.000Z' })], nextCursor: null },
      }),
    });
    renderApp('/admin/users?label=creators');
    const list = await screen.findByRole('list', { name: 'Users' });
    const link = within(list).getByRole('link', { name: /Grace Hopper/ });
    expect(link.getAttribute('href')).toBe('/admin/users/u2');
    expect(within(list).getByText('Creator')).toBeTruthy();
    expect(within(list).getByText('Disabled')).toBeTruthy();
    expect(within(list).getByText(/grace@example\.com/)).toBeTruthy();
  });

  it("runs an action with its reason, and shows the server's refusal in the dialog", async () => {
    const sent: unknown[] = [];
    api(admin, {
      'GET /api/admin/users/a1': () => ({ status: 200, body: detail({ id: 'a1', labels: ['admins'], publicName: 'Boss' }) }),
      'POST /api/admin/users/a1/labels': (body) => {
        sent.push(body);
        return {
          status: 400,
          body: { type: 'cannot_revoke_own_admin', message: 'You cannot revoke your own admin label.', statusCode: 400 },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/users/a1');
    await user.click(await screen.findByRole('button', { name: 'Revoke admin label' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'tidy up');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot revoke your own admin label.');
    expect(sent).toEqual([{ label: 'admins', granted: false, reason: 'tidy up' }]);
  });
});

describe('the verification queue', () => {
  const request: VerificationRequestDetail['request'] = {
    id: 'vr1',
    kind: 'manual',
    provider: 'manual',
    status: 'pending',
    reason: null,
    note: 'My camera is broken',
    user: { id: 'u2', email: 'grace@example.com', handle: 'grace', publicName: 'Grace Hopper', avatarColor: 'hsl(42, 50%, 50%)' },
    decidedBy: null,
    decidedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedByEmail: null,
    identityVerifiedAt: null,
  };

  it('lists requests filtered from the address, each opening its detail', async () => {
    api(admin, {
      'GET /api/admin/verification-requests?status=pending&kind=manual': () => ({
        status: 200,
        body: { items: [request], nextCursor: null },
      }),
    });
    renderApp('/admin/verification-requests?status=pending&kind=manual');
    const list = await screen.findByRole('list', { name: 'Verification requests' });
    expect(
      within(list)
        .getByRole('link', { name: /Grace Hopper/ })
        .getAttribute('href'),
    ).toBe('/admin/verification-requests/vr1');
    expect(within(list).getByText('Pending')).toBeTruthy();
  });

  it("shows the event trail, asks for a reason, and shows the server's refusal", async () => {
    const sent: unknown[] = [];
    api(admin, {
      'GET /api/admin/verification-requests/vr1': () => ({
        status: 200,
        body: {
          request,
          decidable: true,
          events: [
            { id: 'e1', status: 'pending', source: 'member', payload: { note: 'My camera is broken' }, createdAt: request.createdAt },
          ],
        } satisfies VerificationRequestDetail,
      }),
      'POST /api/admin/verification-requests/vr1/decision': (body) => {
        sent.push(body);
        return {
          status: 409,
          body: { type: 'verification_already_decided', message: 'This request has been decided already.', statusCode: 409 },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/verification-requests/vr1');
    expect(within(await screen.findByRole('list', { name: 'Event trail' })).getByText(/My camera is broken/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Blurry photo');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This request has been decided already.');
    expect(sent).toEqual([{ decision: 'decline', reason: 'Blurry photo' }]);
  });
});

function payment(overrides: Partial<AdminChargeRow> = {}): AdminChargeDetail {
  return {
    charge: {
      id: 'c1',
      kind: 'subscription',
      status: 'succeeded',
      amountMinor: 650,
      currency: 'USD',
      member: { id: 'u2', handle: 'grace', email: 'grace@example.com' },
      creator: { id: 'u3', handle: 'ada', email: 'ada@example.com' },
      provider: 'dev',
      providerRef: 'devpay_1',
      failureCode: null,
      refundOf: null,
      refundId: null,
      refundStatus: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      settledAt: '2026-11-20T10:00:01.000Z',
      planName: 'Gold',
      subscriptionId: 's1',
      messageId: null,
      listAmountMinor: null,
      failureMessage: null,
      refundReason: null,
      refundEndsAccess: null,
      ...overrides,
    },
    ledger: [],
    refundable: true,
    disputeId: null,
  };
}

describe('refunds', () => {
  it('sends the reason, the choice about the subscription and one key for the attempt, and shows a refusal', async () => {
    const sent: { idempotencyKey: string; reason: string; endsAccess: boolean }[] = [];
    api(admin, {
      'GET /api/admin/payments/c1': () => ({ status: 200, body: payment() }),
      'POST /api/admin/payments/c1/refund': (body) => {
        sent.push(body as (typeof sent)[number]);
        return {
          status: 409,
          body: { type: 'charge_already_refunded', message: 'This payment has already been refunded.', statusCode: 409 },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/payments/c1');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $6.50?' });
    const confirm = within(dialog).getByRole('button', { name: 'Refund $6.50' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Runs to the end of its period, then stops' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await user.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This payment has already been refunded.');
    expect(sent).toEqual([{ idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/), reason: 'Goodwill', endsAccess: false }]);
  });
});

describe('audit rows in words', () => {
  const entry = (overrides: Partial<AuditEntry>): Pick<AuditEntry, 'action' | 'before' | 'after'> => ({
    action: 'user.label_granted',
    before: null,
    after: null,
    ...overrides,
  });
  it('says what changed', () => {
    expect(auditChange(entry({ before: { labels: [] }, after: { labels: ['creators', 'admins'] } }))).toBe('Labels: none → Creator, Admin');
    expect(auditChange(entry({ action: 'user.disabled', after: { sessionsEnded: 1 } }))).toBe('1 session ended');
    expect(auditChange(entry({ action: 'user.sessions_revoked', before: { sessions: 2 } }))).toBe('2 sessions ended');
    expect(auditChange(entry({ action: 'user.enabled' }))).toBe('Can sign in again');
  });
});
