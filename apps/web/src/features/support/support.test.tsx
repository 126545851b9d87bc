import {
  type AdminSupportThread,
  ROLE,
  SUPPORT_TICKET_EVENT,
  type SupportMessage,
  type SupportThread,
  type SupportTicket,
} from '@aurum/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearError } from '../../components/error-store';
import type { ChannelListener } from '../../lib/realtime/client';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

/** The realtime channels as the app follows them: the test plays the server's events to every listener of a channel. */
const channels = vi.hoisted(() => new Map<string, ChannelListener>());
vi.mock('../../lib/realtime/use-realtime-channel', () => ({
  useRealtimeChannel: (name: string | null, listener: ChannelListener) => {
    if (name) channels.set(`${name} ${listener.onEvent.toString()}`, listener);
  },
}));
const emit = (channel: string, event: string, data: unknown) =>
  act(() => {
    for (const [key, listener] of channels) if (key.startsWith(`${channel} `)) listener.onEvent(event, data);
  });

const member = makeUser({ id: 'm1', userId: 'm1', handle: 'mia', publicName: 'Mia' });
const admin = makeUser({
  id: 'a1',
  userId: 'a1',
  handle: 'ada',
  publicName: 'Ada',
  labels: [ROLE.admins],
  roles: ['members', ROLE.admins],
});

const common = (user: ReturnType<typeof makeUser>) => ({
  'GET /api/me': () => ({ status: 200, body: user }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
});

const ticket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  id: 't1',
  subject: 'Cannot pay',
  status: 'open',
  messageCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  waitingSince: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  ...overrides,
});
const message = (overrides: Partial<SupportMessage> = {}): SupportMessage => ({
  id: 's1',
  fromSupport: false,
  body: 'The card form says no.',
  screenshot: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const thread = (t: SupportTicket, messages: SupportMessage[]): SupportThread => ({
  ticket: t,
  messages: { items: messages, nextCursor: null },
});

describe('support for members', () => {
  afterEach(clearError);

  it('lists the tickets, opens a new one and lands on its thread', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...common(member),
      'GET /api/support/tickets': () => ({
        status: 200,
        body: { items: [ticket({ id: 't0', subject: 'Old question', status: 'closed' })], nextCursor: null },
      }),
      'POST /api/support/tickets': (body) => {
        sent.push(body);
        return { status: 201, body: thread(ticket(), [message()]) };
      },
      'GET /api/support/tickets/t1': () => ({ status: 200, body: thread(ticket(), [message()]) }),
    });
    const user = userEvent.setup();
    renderApp('/support');
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    expect(
      within(list)
        .getByRole('link', { name: /Old question/ })
        .getAttribute('href'),
    ).toBe('/support/t0');
    expect(within(list).getByText('Closed')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'New ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Give the ticket a subject')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText(/Subject/), 'Cannot pay');
    await user.type(screen.getByLabelText(/Message/), 'The card form says no.');
    expect(screen.getByRole('button', { name: 'Add a screenshot' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByRole('heading', { name: 'Cannot pay' })).toBeTruthy();
    expect(sent).toEqual([{ subject: 'Cannot pay', message: 'The card form says no.' }]);
    expect(screen.getByText('Waiting for support')).toBeTruthy();
  });

  it('shows the thread with support as "Support", writes again, and reopens a closed ticket', async () => {
    let current = thread(ticket({ status: 'answered', messageCount: 2, waitingSince: null }), [
      message({
        screenshot: {
          position: 0,
          kind: 'image',
          status: 'ready',
          width: 10,
          height: 10,
          durationMs: null,
          placeholder: null,
          urls: { thumb: '/api/shot/thumb', playable: '/api/shot/full' },
        },
      }),
      message({ id: 's2', fromSupport: true, body: 'Try another card.', createdAt: '2026-11-20T11:00:00.000Z' }),
    ]);
    const posted: string[] = [];
    mockApi({
      ...common(member),
      'GET /api/support/tickets/t1': () => ({ status: 200, body: current }),
      'POST /api/support/tickets/t1/messages': (body) => {
        posted.push(`message ${JSON.stringify(body)}`);
        return { status: 200, body: { ticket: ticket(), message: null } };
      },
      'POST /api/support/tickets/t1/close': () => {
        posted.push('close');
        current = thread(ticket({ status: 'closed', closedAt: '2026-11-20T12:00:00.000Z', waitingSince: null }), current.messages.items);
        return { status: 200, body: current.ticket };
      },
      'POST /api/support/tickets/t1/reopen': () => {
        posted.push('reopen');
        current = thread(ticket(), current.messages.items);
        return { status: 200, body: current.ticket };
      },
    });
    const user = userEvent.setup();
    renderApp('/support/t1');
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText(/^Support ·/)).toBeTruthy();
    expect(within(messages).getByText(/^You ·/)).toBeTruthy();
    const shot = within(messages).getByRole('img', { name: 'Screenshot (opens in full)' });
    expect(shot.getAttribute('src')).toBe('/api/shot/thumb');
    expect(shot.closest('a')?.getAttribute('href')).toBe('/api/shot/full');

    await user.type(screen.getByLabelText(/Your message/), 'It worked, thanks.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posted).toEqual(['message {"message":"It worked, thanks."}']));

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('This ticket is closed. Reopen it to write again.')).toBeTruthy();
    expect(screen.queryByLabelText(/Your message/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }));
    expect(await screen.findByLabelText(/Your message/)).toBeTruthy();
    expect(posted.slice(1)).toEqual(['close', 'reopen']);
  });

  it("shows support's answer in the open ticket as it comes, without a reload", async () => {
    let current = thread(ticket(), [message()]);
    mockApi({ ...common(member), 'GET /api/support/tickets/t1': () => ({ status: 200, body: current }) });
    renderApp('/support/t1');
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getAllByRole('listitem')).toHaveLength(1);

    current = thread(ticket({ status: 'answered', messageCount: 2, waitingSince: null }), [
      message(),
      message({ id: 's2', fromSupport: true, body: 'Try another card.', createdAt: '2026-11-20T11:00:00.000Z' }),
    ]);
    // Another ticket's change leaves this one as it is; its own is read again.
    emit('user:m1', SUPPORT_TICKET_EVENT, { ticketId: 't9' });
    await emit('user:m1', SUPPORT_TICKET_EVENT, { ticketId: 't1' });
    expect(await within(messages).findByText('Try another card.')).toBeTruthy();
  });
});

describe('the support queue', () => {
  afterEach(clearError);

  it('lists waiting tickets, filters by status in the address, and answers with the author named', async () => {
    const asked: string[] = [];
    const author = { userId: 'm1', email: 'mia@example.com', handle: 'mia', publicName: 'Mia' };
    const adminThread: AdminSupportThread = {
      ticket: { ...ticket(), author },
      messages: {
        items: [
          message(),
          message({ id: 's2', fromSupport: true, body: 'Hi', writer: { userId: 'a1', handle: 'ada', publicName: 'Ada' } }),
        ],
        nextCursor: null,
      },
    };
    const answers: unknown[] = [];
    mockApi({
      ...common(admin),
      'GET /api/admin/support/tickets?status=open': () => {
        asked.push('open');
        return { status: 200, body: { items: [{ ...ticket(), author }], nextCursor: null } };
      },
      'GET /api/admin/support/tickets?status=closed': () => {
        asked.push('closed');
        return { status: 200, body: { items: [], nextCursor: null } };
      },
      'GET /api/admin/support/tickets/t1': () => ({ status: 200, body: adminThread }),
      'POST /api/admin/support/tickets/t1/messages': (body) => {
        answers.push(body);
        return { status: 200, body: { ticket: ticket({ status: 'answered' }), message: null } };
      },
    });
    const user = userEvent.setup();
    const view = renderApp('/admin/support');
    const list = await screen.findByRole('list', { name: 'Support tickets' });
    expect(within(list).getByText('Waiting for an answer')).toBeTruthy();
    expect(within(list).getByText(/Mia · 1 message · waiting since/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Support' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Closed' }));
    expect(await screen.findByText('No tickets here')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?status=closed');
    expect(asked).toEqual(['open', 'closed']);

    await view.router.navigate('/admin/support/t1');
    expect(await screen.findByText(/\(mia@example\.com\)/)).toBeTruthy();
    expect(screen.getByText(/^Support \(Ada\) ·/)).toBeTruthy();
    expect(screen.getByText(/^Author ·/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Your answer/), 'Done.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(answers).toEqual([{ message: 'Done.' }]));
  });

  it('refuses the queue to anyone but admins', async () => {
    mockApi(common(member));
    renderApp('/admin/support');
    expect(await screen.findByText(/Admins only/)).toBeTruthy();
  });
});
