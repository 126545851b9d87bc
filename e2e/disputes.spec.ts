import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { memberReadingPaidPost, signInAs, signUpAdminThroughApi } from './support/scene.js';

test('an admin opens a test dispute on a payment, the member loses access, and the admin decides it won', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

  // A creator with a plan and a post for subscribers; a member subscribed with the test card reads it.
  const { member, memberHandle } = await memberReadingPaidPost(browser, testInfo, {
    creator: {
      label: 'quayside',
      name: `Quayside ${project}`,
      plan: 'Tide',
      planDescription: 'Every tide table.',
      post: 'Spring tides this week.',
    },
    member: { label: 'skipper', name: 'Skipper' },
  });

  // The admin finds the payment and, as the member's bank would, disputes it.
  await signInAs(page, await signUpAdminThroughApi({ label: 'clerk', email: adminEmailFor('disputes', project), publicName: 'Clerk' }));
  await page.goto('/admin/payments');
  const payments = page.getByRole('list', { name: 'Payments' });
  await payments
    .getByRole('button', { name: `@${memberHandle}` })
    .first()
    .click();
  await expect(page.getByText('One member')).toBeVisible();
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await payments.getByRole('link', { name: '$6.50 · Subscription' }).click();
  await page.getByRole('button', { name: 'Open a test dispute' }).click();
  const opening = page.getByRole('dialog', { name: "Dispute $6.50 as the member's bank?" });
  await opening.getByRole('textbox', { name: 'Reason' }).fill('Trying the dispute flow');
  await opening.getByRole('button', { name: 'Open the dispute' }).click();

  // It is listed with its fee and deadline; the member lost access at once.
  await expect(page).toHaveURL(/\/admin\/disputes$/);
  const disputes = page.getByRole('list', { name: 'Disputes' });
  const item = disputes.getByRole('listitem').filter({ hasText: `@${memberHandle}` });
  await expect(item.getByText('Evidence needed')).toBeVisible();
  await expect(item.getByText(/Dispute fee \$15\.00/)).toBeVisible();
  await expect(item.getByText(/Evidence due by/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-disputes');
  await member.reload();
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();

  // The bank decides for the creator.
  await item.getByRole('button', { name: `Decide as won: $6.50 from @${memberHandle}` }).click();
  const deciding = page.getByRole('dialog', { name: 'Decide this test dispute as won?' });
  await deciding.getByRole('textbox', { name: 'Reason' }).fill('Evidence accepted');
  await deciding.getByRole('button', { name: 'Won' }).click();
  await expect(page.getByText('Dispute won: the creator is credited back.')).toBeVisible();
  await expect(item.getByText('Won', { exact: true })).toBeVisible();

  await member.context().close();
});
