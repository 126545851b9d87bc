import type { Page } from '@playwright/test';
import { totpCode } from '../apps/server/src/second-factor/totp.js';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot, signInWithMailedCode } from './support/journey.js';
import { call, pageOf, send, signInAs, signInThroughApi, signUpAdminThroughApi, signUpThroughApi } from './support/scene.js';

/** Opens the action's dialog, gives a reason and confirms; the snack says it is done. */
async function act(page: Page, button: string, confirm: string, reason: string, done: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test(
  'an admin finds a user, verifies their age, disables a creator and reads it in the audit log',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
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

    await signInAs(
      page,
      await signUpAdminThroughApi({ label: 'chief', email: adminEmailFor('admin', project), publicName: 'Chief Admin' }),
    );
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
  },
);

test('the admin area asks for two-step sign-in: an admin adds an authenticator app, another of their sessions confirms with it, and a new device signs in with a recovery code', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const admin = await signUpThroughApi({ label: 'keeper', email: adminEmailFor('two-step', project), publicName: 'Key Keeper' });
  // The admin's laptop, signed in before two-step sign-in was on.
  const laptop = await pageOf(browser, testInfo, { ...admin, session: await signInThroughApi(admin.email) });

  // Without a second factor, the admin area says what it needs and where to add it.
  await signInAs(page, admin);
  await page.goto('/admin');
  const needed = page.getByText('This needs two-step sign-in: add a passkey or an authenticator app to your account, then come back.');
  await expect(needed).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-needs-two-step');
  await page.getByRole('link', { name: 'Set up' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${admin.id}/personal-details$`));

  // The authenticator app reads the QR code (here: the key under it), and its code turns it on.
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = ((await setup.getByLabel('Key for your authenticator app').textContent()) ?? '').replace(/\s/g, '');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'two-step-app');
  await setup.getByLabel('Code from the app').fill(totpCode(key, new Date()));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(saved.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await saved.getByRole('listitem').allTextContents();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'two-step-recovery-codes');
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('Recovery codes: 10 of 10 left')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Remove the authenticator app' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await expect(needed).toBeHidden();

  // The laptop's session has not passed the second factor: the admin area asks to confirm, then opens.
  await laptop.goto('/admin');
  const check = laptop.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(check).toBeVisible();
  await expectAccessible(laptop);
  await screenshot(laptop, testInfo, 'two-step-confirm');
  // Each code is taken once: the laptop uses the app's next one.
  await check.getByLabel('Code from your authenticator app').fill(totpCode(key, new Date(Date.now() + 30_000)));
  await check.getByRole('button', { name: 'Confirm' }).click();
  await expect(check).toBeHidden();
  await expect(laptop.getByRole('link', { name: /Pending verification requests: \d+/ })).toBeVisible();
  await laptop.context().close();

  // A new device: the mailed code, then (the phone with the app left at home) a recovery code.
  const context = await browser.newContext({ ...testInfo.project.use });
  const phone = await context.newPage();
  await signInWithMailedCode(phone, admin.email);
  await expect(phone.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expectAccessible(phone);
  await screenshot(phone, testInfo, 'two-step-sign-in');
  await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await phone.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone).toHaveURL(/\/home$/);
  await phone.goto(`/users/${admin.id}/personal-details`);
  await expect(phone.getByText('Recovery codes: 9 of 10 left')).toBeVisible();
  await context.close();
});
