import type { CurrentUser } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { fakePushBrowser } from '../../test/push-browser';
import { renderApp } from '../../test/render-app';

describe('personal details', () => {
  it('shows the owner their e-mail and lets them change handle, public name and avatar colour', async () => {
    let me: CurrentUser = makeUser({ id: 'u1', userId: 'u1', handle: 'ada', publicName: 'Ada', avatarColor: 'hsl(42, 50%, 50%)' });
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/handles/countess': () => ({ status: 200, body: { handle: 'countess', available: true } }),
      'POST /api/me/profile': (body) => {
        me = { ...me, ...(body as object) };
        return { status: 200, body: me };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/users/u1/personal-details');

    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText(me.email)).toBeTruthy();
    const handle = screen.getByLabelText(/Handle/);
    expect((handle as HTMLInputElement).value).toBe('ada');
    await user.clear(handle);
    await user.type(handle, 'countess');
    expect(await screen.findByText('@countess is available.')).toBeTruthy();
    const name = screen.getByLabelText(/Public name/);
    await user.clear(name);
    await user.type(name, 'Ada, Countess of Lovelace');
    await user.click(screen.getByRole('button', { name: 'Teal' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/me/profile' && init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      handle: 'countess',
      publicName: 'Ada, Countess of Lovelace',
      avatarColor: 'hsl(175, 50%, 50%)',
    });
    expect(router.state.location.pathname).toBe('/users/u1/personal-details');
  });

  it('turns e-mail about unread chat messages off and on', async () => {
    let me: CurrentUser = makeUser({ id: 'u1', userId: 'u1' });
    const saved: unknown[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'PUT /api/me/preferences': (body) => {
        saved.push(body);
        me = { ...me, ...(body as object) };
        return { status: 200, body: me };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');
    const toggle = await screen.findByRole('switch', { name: 'Unread chat messages' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(await screen.findByText('No more e-mails about unread messages.')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Unread chat messages' }) as HTMLInputElement).checked).toBe(false);
    expect(saved).toEqual([{ chatEmailNotices: false }]);
  });

  describe('push notifications', () => {
    let restore: (() => void) | null = null;
    afterEach(() => {
      restore?.();
      restore = null;
    });

    it('asks for permission and subscribes this browser when a kind is turned on, and unsubscribes when the last goes off', async () => {
      const browser = fakePushBrowser({ permission: 'default', prompt: 'granted' });
      restore = browser.restore;
      let me: CurrentUser = makeUser({ id: 'u1', userId: 'u1' });
      const saved: unknown[] = [];
      const subscribed: unknown[] = [];
      const removed: string[] = [];
      mockApi({
        'GET /api/me': () => ({ status: 200, body: me }),
        'POST /api/me/heartbeat': () => ({ status: 204 }),
        'GET /api/push/public-key': () => ({ status: 200, body: { publicKey: `B${'A'.repeat(86)}` } }),
        'PUT /api/me/push-subscriptions': (body) => {
          subscribed.push(body);
          return { status: 204 };
        },
        'DELETE /api/me/push-subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fsend%2F1': () => {
          removed.push('1');
          return { status: 204 };
        },
        'PUT /api/me/preferences': (body) => {
          saved.push(body);
          me = { ...me, ...(body as object) };
          return { status: 200, body: me };
        },
      });
      const user = userEvent.setup();
      renderApp('/users/u1/personal-details');
      const posts = await screen.findByRole('switch', { name: 'New posts' });
      expect((posts as HTMLInputElement).checked).toBe(false);
      await user.click(posts);
      expect(await screen.findByText('You will be notified of new posts.')).toBeTruthy();
      expect(browser.requestPermission).toHaveBeenCalledTimes(1);
      expect(subscribed).toHaveLength(1);
      expect((screen.getByRole('switch', { name: 'New posts' }) as HTMLInputElement).checked).toBe(true);

      await user.click(screen.getByRole('switch', { name: 'New posts' }));
      expect(await screen.findByText('No more notifications about new posts.')).toBeTruthy();
      expect(saved).toEqual([{ pushNewPosts: true }, { pushNewPosts: false }]);
      expect(removed).toEqual(['1']);
      expect(browser.state.subscription).toBeNull();
    });

    it('keeps the setting off when notifications are blocked', async () => {
      const browser = fakePushBrowser({ permission: 'default', prompt: 'denied' });
      restore = browser.restore;
      const saved: unknown[] = [];
      mockApi({
        'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1' }) }),
        'POST /api/me/heartbeat': () => ({ status: 204 }),
        'PUT /api/me/preferences': (body) => {
          saved.push(body);
          return { status: 500 };
        },
      });
      const user = userEvent.setup();
      renderApp('/users/u1/personal-details');
      await user.click(await screen.findByRole('switch', { name: 'Chat messages' }));
      // Said once, by the section, which reads the browser's permission again.
      expect(await screen.findByText(/Notifications are blocked for Aurum in this browser/)).toBeTruthy();
      expect(screen.getAllByText(/Notifications are blocked/)).toHaveLength(1);
      expect(saved).toEqual([]);
      expect((screen.getByRole('switch', { name: 'Chat messages' }) as HTMLInputElement).checked).toBe(false);
    });

    it('cannot be turned on where the browser has no push', async () => {
      mockApi({
        'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1' }) }),
        'POST /api/me/heartbeat': () => ({ status: 204 }),
      });
      renderApp('/users/u1/personal-details');
      expect(((await screen.findByRole('switch', { name: 'New posts' })) as HTMLInputElement).disabled).toBe(true);
      expect(screen.getByText(/This browser cannot show notifications from Aurum/)).toBeTruthy();
    });
  });

  it('sends anyone else to the profile instead', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1' }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
    });
    const { router } = renderApp('/users/u2/personal-details');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/u2'));
  });
});
