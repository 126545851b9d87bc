import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { createPlanThroughApi, pageOf, saveCardThroughApi, signInAs, signUpCreatorThroughApi, signUpThroughApi } from './support/scene.js';

test('a creator sells three months at once for less and offers new members a discount; a member subscribes to the bundle with it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Tide Pool ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'bundlemaker', publicName: creatorName });
  const planId = await createPlanThroughApi(creator, { name: 'Low Tide', description: 'Every rock pool.', priceMinor: 1000 });
  await signInAs(page, creator);

  // The creator adds a 3-month bundle at 20% off to the plan.
  await page.goto(`/plans/${planId}`);
  await page.getByRole('button', { name: 'Edit plan' }).click();
  await page.getByRole('switch', { name: '3 months' }).check();
  const discount = page.getByRole('textbox', { name: 'Discount for 3 months, in percent' });
  await discount.fill('20');
  await expect(page.getByText('$24.00 for 3 months')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'bundle-plan-form');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit plan' })).toBeVisible();

  // And 25% off the first payment for new members, on the Plans page.
  await page.goto('/plans');
  await page.getByRole('button', { name: 'New discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount' });
  await dialog.getByRole('textbox', { name: 'Percent off' }).fill('25');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Make discount' }).click();
  const discounts = page.getByRole('list', { name: 'Discounts' });
  await expect(discounts.getByText('Low Tide: 25% off the first payment')).toBeVisible();
  await screenshot(page, testInfo, 'discounts');

  // A member picks the bundle on the subscribe page and pays for three months at once.
  const fan = await signUpThroughApi({ label: 'bundlebuyer', publicName: 'Shell Seeker' });
  await saveCardThroughApi(fan);
  const member = await pageOf(browser, testInfo, fan);
  await member.goto(`/users/subscribeTo/${creator.id}`);
  await expect(member.getByText('New member offer: 25% off the first payment')).toBeVisible();
  await member.getByRole('radio', { name: /^3 months at once, \$24\.00 ?· save 20%$/ }).check();
  await expect(
    member.getByText('You pay $18.00 now instead of $24.00 for 3 months (90 days), then $24.00 every 3 months until you cancel.'),
  ).toBeVisible();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'bundle-subscribe');
  await member.getByRole('button', { name: 'Confirm' }).click();
  await expect(member.getByText(`Subscribed to ${creatorName}`)).toBeVisible();

  await member.goto('/subscriptions');
  await expect(
    member.getByRole('link', { name: new RegExp(`^${creatorName}: Low Tide, \\$24\\.00 per 90 days\\. Active\\.`) }),
  ).toBeVisible();
  await member.goto('/payments');
  await expect(member.getByRole('list', { name: 'Payments' }).getByText('Subscription · Low Tide')).toBeVisible();
  await expect(member.getByRole('list', { name: 'Payments' }).getByText('$18.00')).toBeVisible();

  // The creator sees the discount used once.
  await page.reload();
  await expect(discounts.getByText(/New members · used 1 time/)).toBeVisible();
});
