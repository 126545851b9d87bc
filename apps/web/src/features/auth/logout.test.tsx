import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { fakePushBrowser } from '../../test/push-browser';
import { renderApp } from '../../test/render-app';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('signing out', () => {
  it('ends this browser’s push subscription before the session, then returns to the start', async () => {
    const browser = fakePushBrowser({ permission: 'granted' });
    restore = browser.restore;
    const subscription = browser.subscribeWith(new Uint8Array(65).fill(4));
    const calls: string[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1' }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      [`DELETE /api/me/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`]: () => {
        calls.push('push');
        return { status: 204 };
      },
      'DELETE /api/auth/session': () => {
        calls.push('session');
        return { status: 204 };
      },
    });
    const { router } = renderApp('/auth/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toEqual(['push', 'session']);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('draws no account menu while signing out, so the picture being forgotten is not fetched again', async () => {
    let endSession: (() => void) | undefined;
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1', avatarUrl: '/api/users/u1/avatar?v=1' }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'DELETE /api/auth/session': () =>
        new Promise((resolve) => {
          endSession = () => resolve({ status: 204 });
        }),
    });
    const { router } = renderApp('/auth/logout');
    await waitFor(() => expect(endSession).toBeDefined());
    expect(screen.getByText('Signing out...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    endSession?.();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
