import type { AccountSession } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 'session-1',
  current: false,
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-27T10:00:00.000Z',
  ip: '203.0.113.7',
  browser: 'Chrome 130',
  os: 'Android 14',
  deviceType: 'phone',
  ...overrides,
});

describe('where the member is signed in', () => {
  it('lists the sessions with this device marked, and signs out one or every other', async () => {
    let items = [
      session({ id: 'here', current: true }),
      session({ id: 'laptop', browser: 'Firefox 132', os: 'Windows 10', deviceType: 'desktop', ip: '198.51.100.4' }),
      session({ id: 'tablet', browser: 'Safari 17', os: 'iOS 17', deviceType: 'tablet' }),
    ];
    const ended: string[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'u1', userId: 'u1' }) }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/me/sessions': () => ({ status: 200, body: { items } }),
      'DELETE /api/me/sessions/laptop': () => {
        ended.push('laptop');
        items = items.filter((item) => item.id !== 'laptop');
        return { status: 204 };
      },
      'DELETE /api/me/sessions': () => {
        ended.push('others');
        items = items.filter((item) => item.current);
        return { status: 200, body: { ended: 1 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');

    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    const listed = await within(section).findAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chrome 130 on Android 14 This device'),
      expect.stringContaining('Firefox 132 on Windows 10'),
      expect.stringContaining('Safari 17 on iOS 17'),
    ]);
    expect(listed[1]?.textContent).toContain('198.51.100.4');
    // This device signs out from the account menu, not from here.
    expect(within(listed[0] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Sign out Firefox 132 on Windows 10' }));
    expect(await screen.findByText('Firefox 132 on Windows 10 is signed out.')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));

    await user.click(within(section).getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('One other device is signed out.')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
    expect(ended).toEqual(['laptop', 'others']);
  });
});
