import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  call,
  createPlanThroughApi,
  pageOf,
  saveCardThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
} from './support/scene.js';

test('a creator shares a free-trial link; a member claims it, is subscribed free, and pays when it converts', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Cove Diver ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'trialmaker', publicName: creatorName });
  await createPlanThroughApi(creator, { name: 'Deep Water', description: 'Every dive, uncut.', priceMinor: 800 });
  await signInAs(page, creator);

  // The creator makes a link: a week free, at most five members.
  await page.goto('/plans');
  await page.getByRole('button', { name: 'New trial link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New trial link' });
  await dialog.getByRole('textbox', { name: 'Most claims (optional)' }).fill('5');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const links = page.getByRole('list', { name: 'Free-trial links' });
  await expect(links.getByText('Deep Water: 7 days free, then $8.00')).toBeVisible();
  const address = (await links.getByText(/\/trial\/[A-Za-z0-9]+$/).textContent()) ?? '';
  await screenshot(page, testInfo, 'trial-links');

  // A member opens it and starts the trial: nothing is charged.
  const fan = await signUpThroughApi({ label: 'trialclaimer', publicName: 'Reef Reader' });
  await saveCardThroughApi(fan);
  const member = await pageOf(browser, testInfo, fan);
  await member.goto(address);
  await expect(member.getByRole('heading', { level: 1, name: `7 days free with ${creatorName}` })).toBeVisible();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'trial-claim');
  await member.getByRole('button', { name: 'Start free trial' }).click();
  await expect(member.getByText(`Your free trial with ${creatorName} has started.`)).toBeVisible();
  await member.goto('/subscriptions');
  const subscription = member.getByRole('listitem').filter({ hasText: creatorName });
  await expect(subscription.getByText('Free trial')).toBeVisible();
  await expect(subscription.getByText(/^Free until .*, then paid$/)).toBeVisible();
  await member.goto('/payments');
  await expect(member.getByText('No payments yet')).toBeVisible();

  // The trial ends (the development provider's shortcut for the days going by) and converts: the first payment is taken.
  const { items } = await call<{ items: { id: string; creator: { userId: string } }[] }>(fan, 'GET', '/api/subscriptions');
  const trial = items.find((item) => item.creator.userId === creator.id);
  await call(fan, 'POST', `/api/subscriptions/${trial?.id}/dev/end-trial`, {});
  await member.goto('/subscriptions');
  await expect(subscription.getByText(/^Renews on /)).toBeVisible();
  await member.goto('/payments');
  await expect(member.getByRole('list', { name: 'Payments' }).getByText('Renewal · Deep Water')).toBeVisible();
  await screenshot(member, testInfo, 'trial-converted');

  // The creator sees the claim, and that it went on to pay.
  await page.reload();
  await expect(links.getByText('1 claimed of 5 · 1 paid after the trial')).toBeVisible();
});
