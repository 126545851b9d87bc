import type { Page } from '@playwright/test';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  addAuthenticatorAppThroughApi,
  createPlanThroughApi,
  type Person,
  pageOf,
  signInAs,
  signUpAdminThroughApi,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

/**
 * A creator whose bank account holder is `holder`, with a 30.00 plan a member has paid: 24.00
 * earned, held. Two-step sign-in is on, as withdrawing needs, and was checked just now.
 */
async function creatorWhoEarned(names: { public: string; holder: string }): Promise<Person> {
  const creator = await signUpCreatorThroughApi({ label: 'ferry', publicName: names.public, holderName: names.holder });
  await addAuthenticatorAppThroughApi(creator);
  await createPlanThroughApi(creator, { name: 'Deck pass', description: 'Every crossing, first.', priceMinor: 3000 });
  await subscribeThroughApi(await signUpThroughApi({ label: 'passenger', publicName: 'Night Passenger' }), creator.id);
  return creator;
}

/** An admin of this journey and project sets the creator's own hold to 0 days, which frees what they hold now. */
async function adminEndsHold(admin: Page, creatorId: string): Promise<void> {
  await admin.goto(`/admin/users/${creatorId}`);
  await admin.getByRole('link', { name: 'Payouts' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/payouts/creators/${creatorId}$`));
  await admin.getByRole('radio', { name: 'Their own number of days' }).check();
  await admin.getByRole('spinbutton', { name: 'Days' }).fill('0');
  await admin.getByLabel('Reason').fill('Long clean record');
  await admin.getByRole('button', { name: 'Change hold' }).click();
  await expect(admin.getByText('Hold set to 0 days')).toBeVisible();
}

test('a creator earns, sees the earning held until its date, and once the hold is over withdraws it and sees it paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const creator = await creatorWhoEarned({ public: `Ferry ${project}`, holder: `Ferry ${project}` });
  await signInAs(page, creator);

  // Payouts are in the creator's menu: the earning is held, with the day it frees.
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/creator\/payouts$/);
  const balance = page.getByRole('region', { name: 'USD balance' });
  await expect(balance.getByText(/^\$0\.00\s*available$/)).toBeVisible();
  await expect(balance.getByRole('list', { name: 'Pending becomes available' }).getByText('$24.00')).toBeVisible();
  await expect(balance.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  await expect(page.getByText('Earnings are held 7 days so refunds and chargebacks can be covered.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'payouts-held');

  // The hold ends (an admin shortens it for this creator); the money is available and withdrawn.
  const admin = await pageOf(
    browser,
    testInfo,
    await signUpAdminThroughApi({ label: 'purser', email: adminEmailFor('payouts', project), publicName: 'Purser' }),
  );
  await adminEndsHold(admin, creator.id);
  await page.reload();
  await expect(balance.getByText(/^\$24\.00\s*available$/)).toBeVisible();
  await balance.getByRole('button', { name: 'Withdraw $24.00' }).click();
  await expect(balance.getByRole('alert').or(balance.getByText(/paid/i)).first()).toBeVisible();
  const history = page.getByRole('list', { name: 'Payouts' });
  await expect(history.getByText('$24.00')).toBeVisible();
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
  await expect(balance.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'payouts-paid');
});

test('an admin finds a payout the receiving account refused, sends it again, and the creator sees it paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // The development provider refuses an account whose holder starts with "fail-once" the first time.
  const earner = await creatorWhoEarned({ public: `Tug ${project}`, holder: `Fail-once Tug ${project}` });
  const creator = await pageOf(browser, testInfo, earner);

  await signInAs(
    page,
    await signUpAdminThroughApi({ label: 'bursar', email: adminEmailFor('payout-retries', project), publicName: 'Bursar' }),
  );
  await adminEndsHold(page, earner.id);
  await creator.goto('/creator/payouts');
  const balance = creator.getByRole('region', { name: 'USD balance' });
  await balance.getByRole('button', { name: 'Withdraw $24.00' }).click();
  await expect(creator.getByText(/The receiving account is not confirmed yet/).first()).toBeVisible();
  await expect(balance.getByText(/^\$24\.00\s*available$/)).toBeVisible();

  // The admin sees it among the failed payouts, with the reason, and sends it again.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('tab', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/status=failed/);
  const payouts = page.getByRole('list', { name: 'Payouts' });
  const failed = payouts
    .getByRole('listitem')
    .filter({ hasText: 'receiver_unconfirmed' })
    .filter({ hasText: `@${earner.handle}` });
  await expect(failed).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-payouts-failed');
  await failed.getByRole('button', { name: /^Send again/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill('The creator confirmed their account');
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(dialog).toBeHidden();
  await expect(failed.getByText(/Sent again as payout/)).toBeVisible();

  // The creator sees the new payout paid, and nothing left to withdraw.
  await creator.reload();
  const history = creator.getByRole('list', { name: 'Payouts' });
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();
  await expect(history.getByText('Failed', { exact: true })).toBeVisible();
  await expect(balance.getByText(/^\$0\.00\s*available$/)).toBeVisible();
});
