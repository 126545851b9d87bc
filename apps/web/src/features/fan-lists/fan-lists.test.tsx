import type { FanListMember, FanListMembersPage, FanListSummary, FanLists } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSnacks } from '../../components/snack-queue';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ id: 'c1', userId: 'c1', roles: ['members', 'creators'], labels: ['creators'], isCreator: true });
const signedIn = {
  'GET /api/me': () => ({ status: 200, body: creator }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
};

const summary = (overrides: Partial<FanListSummary> & Pick<FanListSummary, 'ref' | 'kind'>): FanListSummary => ({
  name: null,
  count: 0,
  days: null,
  listId: null,
  ...overrides,
});
const lists = (days = 30, own: FanListSummary[] = []): FanLists => ({
  lists: [
    summary({ ref: 'subscribers', kind: 'subscribers', count: 12 }),
    summary({ ref: 'never_subscribed', kind: 'never_subscribed', count: 40 }),
    summary({ ref: 'top_spenders', kind: 'top_spenders', count: 9 }),
    summary({ ref: 'tippers', kind: 'tippers', count: 1 }),
    summary({ ref: `ended:${days}`, kind: 'ended', count: days === 30 ? 3 : 7, days }),
    summary({ ref: 'plan:p1', kind: 'plan', name: 'Gold', count: 5 }),
    ...own,
  ],
});
const regulars = summary({ ref: 'list:l1', kind: 'custom', name: 'Regulars', count: 2, listId: 'l1' });

const member = (overrides: Partial<FanListMember> = {}): FanListMember => ({
  userId: 'f1',
  handle: 'fanny',
  publicName: 'Fanny Fan',
  avatarColor: 'hsl(10, 50%, 50%)',
  avatarUrl: null,
  since: '2026-03-03T10:00:00.000Z',
  spent: null,
  note: null,
  ...overrides,
});
const page = (list: FanListSummary, items: FanListMember[]): FanListMembersPage => ({ list, items, nextCursor: null });

describe('the fan lists page', () => {
  afterEach(clearSnacks);

  it('names the built-in lists with their counts, keeps the creator’s own apart, filters by name and looks back as many days as chosen', async () => {
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists(30, [regulars]) }),
      'GET /api/me/fan-lists?days=90': () => ({ status: 200, body: lists(90, [regulars]) }),
    });
    const user = userEvent.setup();
    const view = renderApp('/lists');
    const builtIn = await screen.findByRole('list', { name: 'Built-in lists' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fan lists' })).toBeTruthy();
    const links = within(builtIn)
      .getAllByRole('link')
      .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);
    expect(links).toEqual([
      ['All subscribers, 12 fans', '/lists/subscribers'],
      ['Followers who never subscribed, 40 fans', '/lists/never_subscribed'],
      ['Top spenders, 9 fans', '/lists/top_spenders'],
      ['Tippers, 1 fan', '/lists/tippers'],
      ['Subscription ended in the last 30 days, 3 fans', '/lists/ended%3A30'],
      ['Subscribers of Gold, 5 fans', '/lists/plan%3Ap1'],
    ]);
    const own = screen.getByRole('list', { name: 'Your lists' });
    expect(within(own).getByRole('link', { name: 'Regulars, 2 fans' }).getAttribute('href')).toBe('/lists/list%3Al1');

    await user.click(screen.getByRole('combobox', { name: 'Ended within' }));
    await user.click(await screen.findByRole('option', { name: '90 days' }));
    expect(await within(builtIn).findByRole('link', { name: 'Subscription ended in the last 90 days, 7 fans' })).toBeTruthy();
    expect(view.router.state.location.search).toBe('?days=90');

    await user.type(screen.getByRole('searchbox', { name: 'Search lists' }), 'SUBSCRIBERS');
    expect(
      within(builtIn)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['All subscribers, 12 fans', 'Subscribers of Gold, 5 fans']);
    expect(screen.queryByRole('list', { name: 'Your lists' })).toBeNull();
    expect(screen.getByText('No list’s name has “SUBSCRIBERS” in it.')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?days=90&q=SUBSCRIBERS');
  });

  it('makes a new list, showing why the server refused a name in the name’s field', async () => {
    const made: unknown[] = [];
    let own: FanListSummary[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists(30, own) }),
      'POST /api/me/fan-lists': (body) => {
        made.push(body);
        if ((body as { name: string }).name === 'Regulars') {
          return {
            status: 409,
            body: { type: 'fan_list_name_taken', message: 'You already have a list with this name.', statusCode: 409 },
          };
        }
        own = [summary({ ref: 'list:l2', kind: 'custom', name: 'To thank', listId: 'l2' })];
        return { status: 201, body: own[0] };
      },
    });
    const user = userEvent.setup();
    renderApp('/lists');
    expect(await screen.findByText('No lists of your own yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, ' Regulars ');
    await user.click(within(dialog).getByRole('button', { name: 'Make list' }));
    expect(await within(dialog).findByText('You already have a list with this name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.clear(name);
    expect(within(dialog).queryByText('You already have a list with this name.')).toBeNull();
    await user.type(name, 'To thank');
    await user.click(within(dialog).getByRole('button', { name: 'Make list' }));
    const yours = await screen.findByRole('list', { name: 'Your lists' });
    expect(within(yours).getByRole('link', { name: 'To thank, 0 fans' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(made).toEqual([{ name: 'Regulars' }, { name: 'To thank' }]);
  });
});

describe('one fan list', () => {
  afterEach(clearSnacks);

  it('shows what each fan did for a built-in list: the top spenders with what they paid, and the note’s first line; a message to them is a tap away', async () => {
    const top = summary({ ref: 'top_spenders', kind: 'top_spenders', count: 2 });
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists/top_spenders/members': () => ({
        status: 200,
        body: page(top, [
          member({ spent: { amountMinor: 12_050, currency: 'USD' }, note: '\n  Loves the gold series  \nSecond line' }),
          member({ userId: 'f2', handle: 'bo', publicName: null, spent: { amountMinor: 900, currency: 'EUR' } }),
        ]),
      }),
      'GET /api/me/fan-lists/top_spenders/members?q=bo': () => ({ status: 200, body: page(top, []) }),
    });
    const user = userEvent.setup();
    const view = renderApp('/lists/top_spenders');
    const list = await screen.findByRole('list', { name: 'Fans on Top spenders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Top spenders' })).toBeTruthy();
    expect(screen.getByText(/^2 fans · The 100 fans who paid you most/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message this list' }).getAttribute('href')).toBe('/mass-messages/new?include=top_spenders');
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Fanny Fan' }).getAttribute('href')).toBe('/users/f1');
    expect(within(first).getByText('@fanny')).toBeTruthy();
    expect(within(first).getByText(/^First paid Mar 3, 2026/)).toBeTruthy();
    expect(within(first).getByText('Spent $120.50')).toBeTruthy();
    expect(within(first).getByText('Note: Loves the gold series')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Lists and note for Fanny Fan' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Remove from list/ })).toBeNull();
    expect(within(second).getByRole('link', { name: '@bo' })).toBeTruthy();
    expect(within(second).getByText('Spent €9.00')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search this list' }), 'bo');
    expect(await screen.findByText('Nobody on this list matches “bo”.')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?q=bo');
  });

  it('says what an empty built-in list is for', async () => {
    const ended = summary({ ref: 'ended:7', kind: 'ended', days: 7 });
    mockApi({ ...signedIn, 'GET /api/me/fan-lists/ended%3A7/members': () => ({ status: 200, body: page(ended, []) }) });
    renderApp('/lists/ended%3A7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription ended in the last 7 days' })).toBeTruthy();
    const empty = await screen.findByRole('status');
    expect(within(empty).getByText('Nobody here yet')).toBeTruthy();
    expect(within(empty).getByText('Fans whose subscription ended in the last 7 days and who hold none now.')).toBeTruthy();
  });

  it('removes a fan from the creator’s own list, renames it and deletes it after asking', async () => {
    let items = [member({ since: '2026-11-02T10:00:00.000Z' }), member({ userId: 'f2', handle: 'bo', publicName: 'Bo' })];
    let name = 'Regulars';
    const calls: string[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists/list%3Al1/members': () => ({
        status: 200,
        body: page({ ...regulars, name, count: items.length }, items),
      }),
      'DELETE /api/me/fan-lists/l1/members/f1': () => {
        calls.push('remove f1');
        items = items.filter((item) => item.userId !== 'f1');
        return { status: 204 };
      },
      'PATCH /api/me/fan-lists/l1': (body) => {
        calls.push(`rename ${JSON.stringify(body)}`);
        name = (body as { name: string }).name;
        return { status: 200, body: { ...regulars, name } };
      },
      'DELETE /api/me/fan-lists/l1': () => {
        calls.push('delete');
        return { status: 204 };
      },
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists(30) }),
    });
    const user = userEvent.setup();
    const view = renderApp('/lists/list%3Al1');
    const list = await screen.findByRole('list', { name: 'Fans on Regulars' });
    expect(screen.getByText(/^2 fans · Your own list/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message this list' }).getAttribute('href')).toBe('/mass-messages/new?include=list%3Al1');
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Added Nov 2, 2026')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Remove from list: Fanny Fan' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Fanny Fan' })).toBeNull());
    expect(within(list).getByRole('link', { name: 'Bo' })).toBeTruthy();
    expect(await screen.findByText('Fanny Fan is no longer on this list.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const renaming = await screen.findByRole('dialog', { name: 'Rename the list' });
    const field = within(renaming).getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Best fans');
    await user.click(within(renaming).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Best fans' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Best fans”?' });
    expect(calls).not.toContain('delete');
    await user.click(within(confirm).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lists'));
    expect(calls).toEqual(['remove f1', 'rename {"name":"Best fans"}', 'delete']);
  });

  it('says a list that is not there is not found', async () => {
    mockApi({
      ...signedIn,
      'GET /api/me/fan-lists/list%3Agone/members': () => ({
        status: 404,
        body: { type: 'not_found', message: 'Resource not found.', statusCode: 404 },
      }),
    });
    renderApp('/lists/list%3Agone');
    expect(await screen.findByRole('heading', { name: 'List not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your fan lists' }).getAttribute('href')).toBe('/lists');
  });
});
