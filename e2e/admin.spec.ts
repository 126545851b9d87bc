import type { Page } from '@playwright/test';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { call, pageOf, send, signInAs, signUpThroughApi } from './support/scene.js';

/** Opens the action's dialog, gives a reason and confirms; the snack says it is done. */
async function act(page: Page, button: string, confirm: string, reason: string, done: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin finds a user, verifies their age, disables a creator and reads it in the audit log', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

  // A member, and a creator with a public post the member reads.
  const ada = await signUpThroughApi({ label: 'ada', publicName: 'Ada Member' });
  const member = await pageOf(browser, testInfo, ada);
  const creator = await signUpThroughApi({ label: 'spam', publicName: 'Spammy Creator' });

  // Admins see the admin area in their navigation; members are refused it.
  await member.goto('/admin/users');
  await expect(member.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(member.getByText('This part of Aurum is for admins.')).toBeVisible();

  await signInAs(page, await signUpThroughApi({ label: 'chief', email: adminEmailFor('admin', project), publicName: 'Chief Admin' }));
  // The account menu once the home page is drawn: while it loads, the top bar is swapped and an open menu closes.
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // The admin area is one tap away from the account menu, on a phone as on a desktop.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Pending verification requests: \d+/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Failed payments in the last day: \d+/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-home');

  // Find the member by handle and verify their age by hand.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByLabel('Search users').fill(ada.handle);
  const results = page.getByRole('list', { name: 'Users' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('listitem')).toContainText(ada.handle);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-users');
  await results.getByRole('link', { name: new RegExp(ada.handle) }).click();
  await expect(page.getByRole('heading', { name: 'Ada Member' })).toBeVisible();
  await act(page, 'Verify age manually', 'Verify age', 'Passport checked on a call', 'Age verified');
  await expect(page.getByText(/^Verified /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify age manually' })).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-user');

  // The creator: granted the label, posts, and the member reads the post.
  await page.goto(`/admin/users?q=${encodeURIComponent(creator.email)}`);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('link', { name: new RegExp(creator.email) })
    .click();
  await act(page, 'Grant creator label', 'Grant', 'Known artist', 'Creator label granted');
  const post = await call<{ id: string }>(creator, 'POST', '/api/posts', { text: 'Buy followers here', access: ['public'] });
  expect((await send(ada, 'GET', `/api/posts/${post.id}`)).status).toBe(200);

  // Disabling the creator signs them out and takes their post away from everyone.
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-disable-dialog');
  await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Spam posts');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByText('Account disabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
  expect((await send(ada, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
  expect((await send(creator, 'GET', '/api/me')).status).toBe(401);

  // The server's refusal is shown: an admin never revokes their own admins label.
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(adminEmailFor('admin', project));
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('link', { name: new RegExp(adminEmailFor('admin', project)) })
    .click();
  await page.getByRole('button', { name: 'Revoke admin label' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('You cannot revoke your own admin label.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // The audit log shows what was done, by whom and why.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Audit entries' });
  const disabled = entries.getByRole('listitem').filter({ hasText: 'Account disabled' }).filter({ hasText: creator.email });
  await expect(disabled).toContainText('Spam posts');
  await expect(disabled).toContainText(adminEmailFor('admin', project));
  await expect(entries.getByRole('listitem').filter({ hasText: 'Age verified by hand' }).first()).toContainText(
    'Passport checked on a call',
  );
  await page.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Account disabled' }).click();
  await expect(entries.getByRole('listitem').first()).toContainText('Account disabled');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-audit');

  await member.context().close();
});
