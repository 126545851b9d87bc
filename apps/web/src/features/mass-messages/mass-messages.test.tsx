import { DAY_MS, type FanListSummary, type FanLists, type MassMessage, type MassMessageDetails, type MassMessageInput } from '@aurum/core';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSnacks } from '../../components/snack-queue';
import { formatDateTime, fromDateTimeLocalValue, toDateTimeLocalValue } from '../../lib/dates';
import type { TusCallbacks } from '../../lib/upload/tus-upload';
import { makeUser, mockApi } from '../../test/api-mock';
import { makePlan } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

// The transfer itself is the upload library's; here it reports the new media at once.
vi.mock('../../lib/upload/tus-upload', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/upload/tus-upload')>();
  return {
    ...original,
    startTusUpload: (file: File, callbacks: TusCallbacks) => {
      setTimeout(() => callbacks.onSuccess({ mediaId: 'm1', kind: 'image', mime: file.type, status: 'ready' }), 10);
      return { abort: () => {} };
    },
  };
});

const creator = makeUser({ id: 'c1', userId: 'c1', roles: ['members', 'creators'], labels: ['creators'], isCreator: true });
const signedIn = {
  'GET /api/me': () => ({ status: 200, body: creator }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
  'GET /api/plans': () => ({ status: 200, body: [makePlan({ currency: 'EUR' })] }),
};

const summary = (overrides: Partial<FanListSummary> & Pick<FanListSummary, 'ref' | 'kind'>): FanListSummary => ({
  name: null,
  count: 0,
  days: null,
  listId: null,
  ...overrides,
});
const lists = (days = 30): FanLists => ({
  lists: [
    summary({ ref: 'subscribers', kind: 'subscribers', count: 12 }),
    summary({ ref: 'never_subscribed', kind: 'never_subscribed', count: 40 }),
    summary({ ref: 'top_spenders', kind: 'top_spenders', count: 9 }),
    summary({ ref: 'tippers', kind: 'tippers', count: 1 }),
    summary({ ref: `ended:${days}`, kind: 'ended', count: 3, days }),
    summary({ ref: 'plan:p1', kind: 'plan', name: 'Gold', count: 5 }),
    summary({ ref: 'list:l1', kind: 'custom', name: 'Regulars', count: 2, listId: 'l1' }),
  ],
});

const massMessage = (overrides: Partial<MassMessageDetails> = {}): MassMessageDetails => ({
  id: 'mm1',
  text: 'New set tonight',
  mediaCount: 0,
  price: null,
  include: ['subscribers'],
  exclude: [],
  status: 'sent',
  sendAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:01:00.000Z',
  unsentAt: null,
  recipients: 1250,
  delivered: 1250,
  read: 0,
  bought: 0,
  earned: null,
  ...overrides,
});
const listed = ({ read: _read, bought: _bought, earned: _earned, ...message }: MassMessageDetails): MassMessage => message;

const audience = (recipients: number) => () => ({ status: 200, body: { recipients } });
const checkbox = (group: string, name: RegExp) => within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name });

describe('a new mass message', () => {
  afterEach(clearSnacks);

  it('counts the fans the chosen lists reach, less those left out, as the choice changes', async () => {
    const asked: string[] = [];
    const counted = (recipients: number) => () => {
      asked.push(String(recipients));
      return audience(recipients)();
    };
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists() }),
      'GET /api/me/mass-messages/audience?include=subscribers': counted(12),
      'GET /api/me/mass-messages/audience?include=list%3Al1,subscribers': counted(13),
      'GET /api/me/mass-messages/audience?include=list%3Al1,subscribers&exclude=top_spenders': counted(10),
    });
    const user = userEvent.setup();
    renderApp('/mass-messages/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New mass message' })).toBeTruthy();
    expect(screen.getByText('Choose at least one list to send to.')).toBeTruthy();
    const names = within(screen.getByRole('group', { name: 'Lists to send to' }))
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toEqual([
      'All subscribers · 12 fans',
      'Followers who never subscribed · 40 fans',
      'Top spenders · 9 fans',
      'Tippers · 1 fan',
      'Subscription ended in the last 30 days · 3 fans',
      'Subscribers of Gold · 5 fans',
      'Regulars · 2 fans',
    ]);

    await user.click(checkbox('Lists to send to', /^All subscribers/));
    expect(await screen.findByText('Reaches 12 fans')).toBeTruthy();
    await user.click(checkbox('Lists to send to', /^Regulars/));
    expect(await screen.findByText('Reaches 13 fans')).toBeTruthy();

    // Leaving some out offers only the lists not sent to.
    await user.click(screen.getByRole('button', { name: 'Leave some fans out' }));
    const leaveOut = screen.getByRole('group', { name: 'Lists to leave out' });
    expect(within(leaveOut).queryByRole('checkbox', { name: /^All subscribers/ })).toBeNull();
    await user.click(within(leaveOut).getByRole('checkbox', { name: /^Top spenders/ }));
    expect(await screen.findByText('Reaches 10 fans')).toBeTruthy();
    // Each settled choice was counted once.
    expect(asked).toEqual(['12', '13', '10']);
  });

  it('starts with the list its address names, the ended one with its own window', async () => {
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=7': () => ({ status: 200, body: lists(7) }),
      'GET /api/me/mass-messages/audience?include=ended%3A7': audience(3),
    });
    renderApp('/mass-messages/new?include=ended%3A7');
    expect(await screen.findByText('Reaches 3 fans')).toBeTruthy();
    expect((checkbox('Lists to send to', /^Subscription ended in the last 7 days/) as HTMLInputElement).checked).toBe(true);
    expect((checkbox('Lists to send to', /^All subscribers/) as HTMLInputElement).checked).toBe(false);
  });

  it('offers a price only with media, sends what was written once, with the same id when sent again, and opens the message', async () => {
    const sent: MassMessageInput[] = [];
    const handlers: Parameters<typeof mockApi>[0] = {
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists() }),
      'GET /api/me/mass-messages/audience?include=subscribers': audience(12),
      'GET /api/media/m1/status': () => ({
        status: 200,
        body: { id: 'm1', kind: 'image', mime: 'image/png', sizeBytes: 4, status: 'ready', failureReason: null },
      }),
      'POST /api/me/mass-messages': (body) => {
        const input = body as MassMessageInput;
        sent.push(input);
        // The first answer is lost on its way back.
        if (sent.length === 1) return { status: 503, body: { type: 'general_server_error', message: 'Try again.', statusCode: 503 } };
        const message = massMessage({
          id: input.id,
          text: input.text ?? '',
          mediaCount: 1,
          price: input.price ?? null,
          status: 'scheduled',
          sendAt: new Date().toISOString(),
          sentAt: null,
          recipients: null,
          delivered: 0,
        });
        handlers[`GET /api/me/mass-messages/${input.id}`] = () => ({
          status: 200,
          body: { ...message, status: 'sent', recipients: 12, delivered: 12 },
        });
        return { status: 201, body: listed(message) };
      },
    };
    mockApi(handlers);
    const user = userEvent.setup();
    const { container, router } = renderApp('/mass-messages/new?include=subscribers');
    expect(await screen.findByText('Reaches 12 fans')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Price (optional)' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The harbour at dawn');
    const input = container.querySelector<HTMLInputElement>('input[type="file"][name="attachment"]');
    await user.upload(input as HTMLInputElement, new File(['png'], 'dawn.png', { type: 'image/png' }));
    expect(await screen.findByText('Ready to send')).toBeTruthy();
    const price = screen.getByRole('textbox', { name: 'Price (optional)' });
    await user.type(price, '4.5.0');
    expect(screen.getByText('Enter the price as a number, e.g. 4.99')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '4.50');

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mass-messages/${sent[0]?.id}`));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toEqual({
      id: expect.any(String),
      text: 'The harbour at dawn',
      mediaIds: ['m1'],
      price: { amountMinor: 450, currency: 'EUR' },
      include: ['subscribers'],
      exclude: [],
      sendAt: null,
    });
    expect(await screen.findByText('Your message is on its way.')).toBeTruthy();
    expect(await screen.findByText('Delivered 12 of 12')).toBeTruthy();
  });

  it('takes the price away with the media, and a changed message goes with a new id', async () => {
    const sent: MassMessageInput[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists() }),
      'GET /api/me/mass-messages/audience?include=subscribers': audience(12),
      'GET /api/media/m1/status': () => ({
        status: 200,
        body: { id: 'm1', kind: 'image', mime: 'image/png', sizeBytes: 4, status: 'ready', failureReason: null },
      }),
      'POST /api/me/mass-messages': (body) => {
        sent.push(body as MassMessageInput);
        return { status: 503, body: { type: 'general_server_error', message: 'Try again.', statusCode: 503 } };
      },
    });
    const user = userEvent.setup();
    const { container } = renderApp('/mass-messages/new?include=subscribers');
    expect(await screen.findByText('Reaches 12 fans')).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type="file"][name="attachment"]');
    await user.upload(input as HTMLInputElement, new File(['png'], 'dawn.png', { type: 'image/png' }));
    await user.type(await screen.findByRole('textbox', { name: 'Price (optional)' }), '3');
    await user.click(screen.getByRole('button', { name: 'Remove dawn.png' }));
    expect(screen.queryByRole('textbox', { name: 'Price (optional)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Write a message or attach media first.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ text: 'Hello', mediaIds: [], price: null });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), ' again');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.text).toBe('Hello again');
    expect(sent[1]?.id).not.toBe(sent[0]?.id);
  });

  it('says when a chosen list has gone, and reads the lists again without it', async () => {
    let listsNow = lists();
    const sent: MassMessageInput[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: listsNow }),
      'GET /api/me/mass-messages/audience?include=list%3Al1,subscribers': audience(13),
      'GET /api/me/mass-messages/audience?include=subscribers': audience(12),
      'POST /api/me/mass-messages': (body) => {
        sent.push(body as MassMessageInput);
        // The list was deleted in another tab.
        listsNow = { lists: listsNow.lists.filter((list) => list.ref !== 'list:l1') };
        return { status: 404, body: { type: 'not_found', message: 'List not found.', statusCode: 404 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/mass-messages/new?include=subscribers,list%3Al1');
    expect(await screen.findByText('Reaches 13 fans')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(/^A list you chose, or a media item, is no longer there/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /^Regulars/ })).toBeNull());
    expect(await screen.findByText('Reaches 12 fans')).toBeTruthy();
    expect(sent[0]?.include).toEqual(['subscribers', 'list:l1']);
  });

  it('schedules it for a time at most 90 days ahead', async () => {
    let sent: MassMessageInput | undefined;
    const handlers: Parameters<typeof mockApi>[0] = {
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists() }),
      'GET /api/me/mass-messages/audience?include=plan%3Ap1': audience(5),
      'POST /api/me/mass-messages': (body) => {
        sent = body as MassMessageInput;
        const message = massMessage({
          id: sent.id,
          text: 'Live on Sunday',
          include: ['plan:p1'],
          status: 'scheduled',
          sendAt: sent.sendAt ?? '',
          sentAt: null,
          recipients: null,
          delivered: 0,
        });
        handlers[`GET /api/me/mass-messages/${sent.id}`] = () => ({ status: 200, body: message });
        return { status: 201, body: listed(message) };
      },
    };
    mockApi(handlers);
    const user = userEvent.setup();
    const { router } = renderApp('/mass-messages/new');
    await user.click(await screen.findByRole('checkbox', { name: /^Subscribers of Gold/ }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Live on Sunday');
    await user.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    const field = screen.getByLabelText('Send on');
    fireEvent.change(field, { target: { value: toDateTimeLocalValue(new Date(Date.now() + 100 * DAY_MS)) } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Schedule at most 90 days ahead')).toBeTruthy();
    expect(sent).toBeUndefined();

    const at = toDateTimeLocalValue(new Date(Date.now() + 2 * DAY_MS));
    fireEvent.change(field, { target: { value: at } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mass-messages/${sent?.id}`));
    expect(sent).toMatchObject({ text: 'Live on Sunday', include: ['plan:p1'], sendAt: fromDateTimeLocalValue(at)?.toISOString() });
    expect(await screen.findByText('Scheduled', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.getByText(`Scheduled for ${formatDateTime(fromDateTimeLocalValue(at) as Date)}.`)).toBeTruthy();
    expect(screen.getByText('Subscribers of Gold')).toBeTruthy();
  });
});

describe('the mass messages page', () => {
  it('lists each message with what it carries, its state, when and how far it went, to its page', async () => {
    const sending = massMessage({
      id: 'mm2',
      text: 'Tonight only: the full harbour set',
      mediaCount: 3,
      price: { amountMinor: 450, currency: 'USD' },
      status: 'sending',
      sentAt: null,
      recipients: 1250,
      delivered: 1204,
    });
    const scheduled = massMessage({
      id: 'mm3',
      text: '',
      mediaCount: 1,
      status: 'scheduled',
      sendAt: '2099-01-02T10:00:00.000Z',
      sentAt: null,
      recipients: null,
      delivered: 0,
    });
    mockApi({
      ...signedIn,
      'GET /api/me/mass-messages': () => ({
        status: 200,
        body: { items: [sending, scheduled, massMessage()].map(listed), nextCursor: null },
      }),
    });
    renderApp('/mass-messages');
    const list = await screen.findByRole('list', { name: 'Your mass messages' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mass messages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New mass message' }).getAttribute('href')).toBe('/mass-messages/new');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/mass-messages/mm2', '/mass-messages/mm3', '/mass-messages/mm1']);
    const [first, second, third] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.getAttribute('aria-label')).toMatch(
      /^Tonight only: the full harbour set\. 3 media items · \$4\.50\. Sending since .+\. Delivered 1,204 of 1,250$/,
    );
    expect(within(first).getByText('Delivered 1,204 of 1,250')).toBeTruthy();
    expect(within(second).getAllByText('1 media item')).toHaveLength(1);
    expect(within(second).getByText('1 media item · Free')).toBeTruthy();
    expect(within(second).getByText('Scheduled')).toBeTruthy();
    expect(within(second).getByText(/^for .*2099/)).toBeTruthy();
    expect(second.getAttribute('aria-label')).toMatch(/^1 media item\. 1 media item · Free\. Scheduled for .*2099, \d+:\d\d [AP]M$/);
    expect(within(third).getByText('Sent')).toBeTruthy();
    expect(within(third).getByText('Delivered 1,250 of 1,250')).toBeTruthy();
  });

  it('says what mass messages are for before the first', async () => {
    mockApi({ ...signedIn, 'GET /api/me/mass-messages': () => ({ status: 200, body: { items: [], nextCursor: null } }) });
    renderApp('/mass-messages');
    const empty = (await screen.findByText('No mass messages yet')).closest('[role="status"]') as HTMLElement;
    expect(within(empty).getByText(/^Write once to many fans/)).toBeTruthy();
  });
});

describe('one mass message', () => {
  afterEach(clearSnacks);

  const stat = (term: string) => {
    const outcome = screen.getByRole('region', { name: 'What came of it' });
    const dt = within(outcome).getByText(term, { selector: 'dt' });
    return dt.nextElementSibling?.textContent;
  };

  it('shows what came of a paid message and unsends it once confirmed, saying what stays', async () => {
    let details = massMessage({
      text: 'The harbour at dawn',
      mediaCount: 1,
      price: { amountMinor: 450, currency: 'USD' },
      include: ['subscribers', 'list:l1', 'list:gone'],
      exclude: ['ended:7'],
      recipients: 2,
      delivered: 2,
      read: 1,
      bought: 1,
      earned: { amountMinor: 360, currency: 'USD' },
    });
    const calls: string[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=7': () => ({ status: 200, body: lists(7) }),
      'GET /api/me/mass-messages/mm1': () => ({ status: 200, body: details }),
      'POST /api/me/mass-messages/mm1/unsend': () => {
        calls.push('unsend');
        details = { ...details, status: 'unsent', unsentAt: '2026-11-21T10:00:00.000Z' };
        return { status: 200, body: details };
      },
      'GET /api/me/mass-messages': () => ({ status: 200, body: { items: [listed(details)], nextCursor: null } }),
    });
    const user = userEvent.setup();
    renderApp('/mass-messages/mm1');
    expect(await screen.findByText('The harbour at dawn')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Mass message' })).toBeTruthy();
    expect(screen.getByText('1 media item ·')).toBeTruthy();
    expect(screen.getByText('$4.50')).toBeTruthy();
    expect(await screen.findByText('All subscribers, Regulars, A deleted list')).toBeTruthy();
    expect(screen.getByText('Subscription ended in the last 7 days')).toBeTruthy();
    expect(screen.getByText('Delivered 2 of 2')).toBeTruthy();
    expect([stat('Recipients'), stat('Delivered'), stat('Read'), stat('Bought'), stat('Earned')]).toEqual(['2', '2', '1', '1', '$3.60']);

    await user.click(screen.getByRole('button', { name: 'Unsend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsend this message?' });
    expect(
      within(dialog).getByText(/Copies fans have not read or bought leave their chats\. Copies already read or bought stay/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unsend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unsend' }));
    expect(await screen.findByText('Message unsent.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unsend' })).toBeNull());
    expect(screen.getByText('Unsent', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(calls).toEqual(['unsend']);
  });

  it('leaves buying and earning out for a free message, and reads a message going out again until it is sent', async () => {
    let reads = 0;
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists() }),
      'GET /api/me/mass-messages/mm1': () => {
        reads += 1;
        return {
          status: 200,
          body:
            reads === 1
              ? massMessage({ status: 'sending', sentAt: null, recipients: 1250, delivered: 500, read: 10 })
              : massMessage({ read: 40 }),
        };
      },
    });
    renderApp('/mass-messages/mm1');
    expect(await screen.findByText('Delivered 500 of 1,250')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Delivered so far' }).getAttribute('aria-valuenow')).toBe('40');
    expect(stat('Bought')).toBe('—');
    expect(stat('Earned')).toBe('—');
    expect(await screen.findByText('Delivered 1,250 of 1,250')).toBeTruthy();
    expect(stat('Read')).toBe('40');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says a message that is not there is not found', async () => {
    mockApi({
      ...signedIn,
      'GET /api/me/mass-messages/gone': () => ({
        status: 404,
        body: { type: 'not_found', message: 'Mass message not found.', statusCode: 404 },
      }),
    });
    renderApp('/mass-messages/gone');
    expect(await screen.findByRole('heading', { name: 'Message not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your mass messages' }).getAttribute('href')).toBe('/mass-messages');
  });
});
