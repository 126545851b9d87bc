import type { Page } from '@playwright/test';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

/** A JSON call from the page, as the app makes it (same origin, the session cookie); answers the status and body. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

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
  const memberContext = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const member = await memberContext.newPage();
  const memberHandle = uniqueHandle('ada');
  await signUp(member, { email: uniqueEmail('ada'), handle: memberHandle, publicName: 'Ada Member' });
  const creatorContext = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const creator = await creatorContext.newPage();
  const creatorHandle = uniqueHandle('spam');
  const creatorEmail = uniqueEmail('spam');
  await signUp(creator, { email: creatorEmail, handle: creatorHandle, publicName: 'Spammy Creator' });

  // Admins see the admin area in their navigation; members are refused it.
  await member.goto('/admin/users');
  await expect(member.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(member.getByText('This part of Aurum is for admins.')).toBeVisible();

  await signUp(page, { email: adminEmailFor('admin', project), handle: uniqueHandle('chief'), publicName: 'Chief Admin' });
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
  await page.getByLabel('Search users').fill(memberHandle);
  const results = page.getByRole('list', { name: 'Users' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.getByRole('listitem')).toContainText(memberHandle);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-users');
  await results.getByRole('link', { name: new RegExp(memberHandle) }).click();
  await expect(page.getByRole('heading', { name: 'Ada Member' })).toBeVisible();
  await act(page, 'Verify age manually', 'Verify age', 'Passport checked on a call', 'Age verified');
  await expect(page.getByText(/^Verified /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify age manually' })).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-user');

  // The creator: granted the label, posts, and the member reads the post.
  await page.goto(`/admin/users?q=${encodeURIComponent(creatorEmail)}`);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('link', { name: new RegExp(creatorEmail) })
    .click();
  await act(page, 'Grant creator label', 'Grant', 'Known artist', 'Creator label granted');
  const post = await call(creator, 'POST', '/api/posts', { text: 'Buy followers here', access: ['public'] });
  expect(post.status).toBe(201);
  expect((await call(member, 'GET', `/api/posts/${post.body.id}`)).status).toBe(200);

  // Disabling the creator signs them out and takes their post away from everyone.
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-disable-dialog');
  await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Spam posts');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByText('Account disabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();
  expect((await call(member, 'GET', `/api/posts/${post.body.id}`)).status).toBe(404);
  expect((await call(creator, 'GET', '/api/me')).status).toBe(401);

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
  const disabled = entries.getByRole('listitem').filter({ hasText: 'Account disabled' }).filter({ hasText: creatorEmail });
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

  await memberContext.close();
  await creatorContext.close();
});
