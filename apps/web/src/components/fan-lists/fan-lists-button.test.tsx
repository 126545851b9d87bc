import type { ChatSummary, FanDetails, FanListSummary, FanLists, ProfilePage } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSnacks } from '../snack-queue';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ id: 'c1', userId: 'c1', roles: ['members', 'creators'], labels: ['creators'], isCreator: true });
const signedIn = (user = creator) => ({
  'GET /api/me': () => ({ status: 200, body: user }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
});
const notAFan = () => ({ status: 404, body: { type: 'not_found', message: 'Resource not found.', statusCode: 404 } });

const fanProfile: ProfilePage = {
  userId: 'f1',
  handle: 'fanny',
  publicName: 'Fanny Fan',
  avatarColor: 'hsl(10, 50%, 50%)',
  isCreator: false,
  isVerified: false,
  lastOnline: null,
  followers: null,
  bio: null,
  avatarUrl: null,
  coverUrl: null,
  plans: [],
  following: false,
  blocked: false,
  takesTips: false,
};
const custom = (listId: string, name: string): FanListSummary => ({
  ref: `list:${listId}`,
  kind: 'custom',
  name,
  count: 1,
  days: null,
  listId,
});
const lists: FanLists = {
  lists: [
    { ref: 'subscribers', kind: 'subscribers', name: null, count: 4, days: null, listId: null },
    custom('l1', 'Regulars'),
    custom('l2', 'To thank'),
  ],
};

describe('a fan’s lists and note', () => {
  afterEach(clearSnacks);

  it('ticks a list to add the fan and unticks one to remove them, at once, and saves the note', async () => {
    let details: FanDetails = { userId: 'f1', note: 'Likes gold', listIds: ['l2'] };
    const calls: string[] = [];
    const notes: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/users/f1/profile-page': () => ({ status: 200, body: fanProfile }),
      'GET /api/me/fans/f1/details': () => ({ status: 200, body: details }),
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists }),
      'PUT /api/me/fan-lists/l1/members/f1': () => {
        calls.push('add l1');
        return { status: 204 };
      },
      'DELETE /api/me/fan-lists/l2/members/f1': () => {
        calls.push('remove l2');
        return { status: 204 };
      },
      'PUT /api/me/fans/f1/note': (body) => {
        notes.push(body);
        details = { ...details, note: (body as { text: string }).text || null };
        return { status: 200, body: details };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/f1');
    await user.click(await screen.findByRole('button', { name: 'Lists and note for Fanny Fan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lists and note for Fanny Fan' });
    const regulars = await within(dialog).findByRole('checkbox', { name: 'Regulars' });
    const toThank = within(dialog).getByRole('checkbox', { name: 'To thank' });
    expect((regulars as HTMLInputElement).checked).toBe(false);
    expect((toThank as HTMLInputElement).checked).toBe(true);
    // Only the creator's own lists take fans by hand.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);

    await user.click(regulars);
    expect((regulars as HTMLInputElement).checked).toBe(true);
    await user.click(toThank);
    await waitFor(() => expect(calls).toEqual(['add l1', 'remove l2']));
    expect((toThank as HTMLInputElement).checked).toBe(false);

    const note = within(dialog).getByRole('textbox', { name: 'Your note about Fanny Fan' });
    expect((note as HTMLTextAreaElement).value).toBe('Likes gold');
    expect(within(dialog).getByText('Only you see it. 10/500')).toBeTruthy();
    await user.type(note, ' leaf  ');
    expect(within(dialog).getByText(/Not saved yet/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved.')).toBeTruthy();
    expect(notes).toEqual([{ text: 'Likes gold leaf' }]);
  });

  it('puts the tick back and says so when the server refuses a change', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/users/f1/profile-page': () => ({ status: 200, body: fanProfile }),
      'GET /api/me/fans/f1/details': () => ({ status: 200, body: { userId: 'f1', note: null, listIds: [] } }),
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: lists }),
      'PUT /api/me/fan-lists/l1/members/f1': () => notAFan(),
    });
    const user = userEvent.setup();
    renderApp('/users/f1');
    await user.click(await screen.findByRole('button', { name: 'Lists and note for Fanny Fan' }));
    const regulars = await screen.findByRole('checkbox', { name: 'Regulars' });
    await user.click(regulars);
    expect(await screen.findByText('Could not change Fanny Fan’s lists: Resource not found.')).toBeTruthy();
    expect((regulars as HTMLInputElement).checked).toBe(false);
  });

  it('makes a new list with the fan on it, and shows a taken name in the field', async () => {
    let own = lists.lists;
    const calls: string[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/users/f1/profile-page': () => ({ status: 200, body: fanProfile }),
      'GET /api/me/fans/f1/details': () => ({ status: 200, body: { userId: 'f1', note: null, listIds: [] } }),
      'GET /api/me/fan-lists?days=30': () => ({ status: 200, body: { lists: own } }),
      'POST /api/me/fan-lists': (body) => {
        const name = (body as { name: string }).name;
        calls.push(`make ${name}`);
        if (name === 'Regulars') {
          return {
            status: 409,
            body: { type: 'fan_list_name_taken', message: 'You already have a list with this name.', statusCode: 409 },
          };
        }
        own = [...own, custom('l3', name)];
        return { status: 201, body: custom('l3', name) };
      },
      'PUT /api/me/fan-lists/l3/members/f1': () => {
        calls.push('add l3');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/f1');
    await user.click(await screen.findByRole('button', { name: 'Lists and note for Fanny Fan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lists and note for Fanny Fan' });
    const field = await within(dialog).findByRole('textbox', { name: 'New list' });
    await user.type(field, 'Regulars');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('You already have a list with this name.')).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'VIP{Enter}');
    const vip = await within(dialog).findByRole('checkbox', { name: 'VIP' });
    await waitFor(() => expect(calls).toEqual(['make Regulars', 'make VIP', 'add l3']));
    expect((vip as HTMLInputElement).checked).toBe(true);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('shows on a fan’s row in People, and nowhere for someone who is not the creator’s fan', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/plans': () => ({ status: 200, body: [] }),
      'GET /api/me/fans?relation=all': () => ({
        status: 200,
        body: {
          items: [{ ...fanProfile, since: '2026-11-01T10:00:00.000Z', following: true, subscription: null }],
          nextCursor: null,
        },
      }),
      'GET /api/users/m2/profile-page': () => ({ status: 200, body: { ...fanProfile, userId: 'm2', publicName: 'Milo' } }),
      'GET /api/me/fans/m2/details': notAFan,
    });
    const view = renderApp('/users');
    const fans = await screen.findByRole('list', { name: 'Your fans' });
    expect(within(fans).getByRole('button', { name: 'Lists and note for Fanny Fan' })).toBeTruthy();

    await view.router.navigate('/users/m2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Milo' })).toBeTruthy();
    await waitFor(() => expect(view.queryClient.getQueryState(['fanLists', 'fan', 'm2'])?.status).toBe('error'));
    expect(screen.queryByRole('button', { name: /Lists and note/ })).toBeNull();
  });

  it('sits in a chat’s header when the partner is the creator’s fan; a member never asks', async () => {
    const chat = (id: string, partnerId: string, publicName: string): ChatSummary => ({
      id,
      partner: { userId: partnerId, handle: null, publicName, avatarColor: '#123456', avatarUrl: null },
      state: 'open',
      partnerOffersChat: false,
      lastMessage: null,
      unread: 0,
      partnerLastReadMessageId: null,
      createdAt: '2026-11-25T09:00:00.000Z',
    });
    const empty = () => ({ status: 200, body: { items: [], nextCursor: null } });
    mockApi({
      ...signedIn(),
      'GET /api/chats/ch1': () => ({ status: 200, body: chat('ch1', 'f1', 'Fanny Fan') }),
      'GET /api/chats/ch1/messages': empty,
      'GET /api/me/fans/f1/details': () => ({ status: 200, body: { userId: 'f1', note: null, listIds: [] } }),
      'GET /api/chats/ch2': () => ({ status: 200, body: chat('ch2', 'c9', 'Other Creator') }),
      'GET /api/chats/ch2/messages': empty,
      'GET /api/me/fans/c9/details': notAFan,
    });
    const view = renderApp('/chat/ch1');
    const header = (await screen.findByRole('heading', { level: 1, name: 'Fanny Fan' })).closest('header') as HTMLElement;
    expect(await within(header).findByRole('button', { name: 'Lists and note for Fanny Fan' })).toBeTruthy();

    await view.router.navigate('/chat/ch2');
    const other = (await screen.findByRole('heading', { level: 1, name: 'Other Creator' })).closest('header') as HTMLElement;
    await waitFor(() => expect(view.queryClient.getQueryState(['fanLists', 'fan', 'c9'])?.status).toBe('error'));
    expect(within(other).queryByRole('button', { name: /Lists and note/ })).toBeNull();
    view.unmount();

    const memberFetch = mockApi({
      ...signedIn(makeUser()),
      'GET /api/chats/ch1': () => ({ status: 200, body: chat('ch1', 'c1', 'Goldie') }),
      'GET /api/chats/ch1/messages': empty,
    });
    renderApp('/chat/ch1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goldie' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Lists and note/ })).toBeNull();
    expect(memberFetch.mock.calls.filter(([url]) => String(url).includes('/details'))).toEqual([]);
  });
});
