import { ROLE } from '@aurum/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, newUser } from '../../test/user-fixtures';
import { ThemeModeProvider } from '../theme/ThemeModeProvider';
import { AccountMenu } from './AccountMenu';

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

async function openMenu(user: ReturnType<typeof makeUser>) {
  render(
    <ThemeModeProvider>
      <MemoryRouter initialEntries={['/home']}>
        <AccountMenu user={user} />
        <Where />
      </MemoryRouter>
    </ThemeModeProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Account' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

// On a phone the account menu is the only way to anything past the bottom bar's five places.
describe('the account menu', () => {
  it("offers a member the way to become a creator, with the account's own places", async () => {
    const items = await openMenu(makeUser());
    expect(items).toEqual([
      'Profile',
      'Subscriptions',
      'People',
      'Become a creator',
      'Payment methods',
      'Payments',
      'Notices',
      'Support',
      'Switch to light theme',
      'Sign out',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Become a creator' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/creator');
  });

  it('takes a creator to their dashboard, posts and plans, and an admin to the admin area', async () => {
    const items = await openMenu(makeUser({ roles: ['members', ROLE.creators, ROLE.admins], labels: [ROLE.creators, ROLE.admins] }));
    expect(items).toEqual(expect.arrayContaining(['Creator dashboard', 'Posts', 'Plans', 'Admin']));
    expect(items).not.toContain('Become a creator');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Admin' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/admin');
  });

  it('takes a creator to their payouts, after their posts, plans, fan lists, mass messages and vault; members have none', async () => {
    const items = await openMenu(makeUser({ roles: ['members', ROLE.creators], labels: [ROLE.creators] }));
    expect(items.slice(0, 10)).toEqual([
      'Profile',
      'Subscriptions',
      'People',
      'Creator dashboard',
      'Posts',
      'Plans',
      'Fan lists',
      'Mass messages',
      'Vault',
      'Payouts',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Payouts' }));
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/creator/payouts');
  });

  it('offers only the theme and sign-out before registration is finished', async () => {
    expect(await openMenu(newUser())).toEqual(['Switch to light theme', 'Sign out']);
  });

  it("shows the member's own picture on the account button once they have one", () => {
    render(
      <ThemeModeProvider>
        <MemoryRouter>
          <AccountMenu user={makeUser({ avatarUrl: '/api/users/u1/avatar?v=1' })} />
        </MemoryRouter>
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Account' }).querySelector('img')?.getAttribute('src')).toBe('/api/users/u1/avatar?v=1');
  });
});
