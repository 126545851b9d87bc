import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  createPlanThroughApi,
  pageOf,
  publishPostThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
} from './support/scene.js';

test('a member follows a creator, subscribes with the test card, sees the post unlock in place, likes it and cancels', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Harbour ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'seller', publicName: creatorName });
  await createPlanThroughApi(creator, { name: 'Gold', description: 'Every photo, first.', priceMinor: 499 });
  const followerPostUrl = await publishPostThroughApi(creator, { text: 'Notes from the pier, for followers.', access: 'follower' });
  const paidPostUrl = await publishPostThroughApi(creator, { text: 'The golden hour set, for subscribers.', access: 'subscription' });
  await publishPostThroughApi(creator, { text: 'Behind the scenes at the boatyard.', access: 'follower' });
  await signInAs(page, creator);

  const member = await pageOf(browser, testInfo, await signUpThroughApi({ label: 'fan', publicName: 'Loyal Fan' }));

  // Following unlocks the followers' post at once.
  await member.goto(followerPostUrl);
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();
  await member.getByRole('button', { name: 'Follow to unlock' }).click();
  await expect(member.getByText('Notes from the pier, for followers.')).toBeVisible();
  await expect(member.getByText('Locked', { exact: true })).toHaveCount(0);

  // The paid post is blurred; subscribing from it comes back to it, unlocked.
  await member.goto(paidPostUrl);
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();
  await expect(member.getByText('The golden hour set, for subscribers.')).toHaveCount(0);
  await screenshot(member, testInfo, 'paid-post-locked');
  await member.getByRole('link', { name: 'Subscribe from $4.99 / 30 days' }).click();
  await expect(member).toHaveURL(new RegExp(`/users/subscribeTo/${creator.id}$`));
  await expect(member.getByText('You pay $4.99 now, then every 30 days until you cancel.')).toBeVisible();

  // A declined card first: the member is told and nothing unlocks.
  const addCard = async (number: string) => {
    await member.getByLabel('Card number').fill(number);
    await member.getByLabel('Month').fill('12');
    await member.getByLabel('Year').fill('2030');
    await member.getByLabel('CVC').fill('123');
    await member.getByRole('button', { name: 'Save payment method' }).click();
    await expect(member.getByRole('radio', { name: `Credit Card ending in ${number.slice(-4)}` })).toBeChecked();
  };
  await addCard('4000 0000 0000 0002');
  await expectAccessible(member);
  await screenshot(member, testInfo, 'subscribe');
  await member.getByRole('button', { name: 'Confirm' }).click();
  await expect(member.getByText('Your card was declined.')).toBeVisible();

  await member.getByRole('button', { name: 'Add payment method' }).click();
  await addCard('4242 4242 4242 4242');
  // The decline was the other card's: it is gone once the new card is chosen.
  await expect(member.getByText('Payment declined')).toHaveCount(0);
  await member.getByRole('button', { name: 'Confirm' }).click();

  await expect(member).toHaveURL(paidPostUrl);
  await expect(member.getByText(`Subscribed to ${creatorName}`)).toBeVisible();
  await expect(member.getByText('The golden hour set, for subscribers.')).toBeVisible();
  await expect(member.getByText('Locked', { exact: true })).toHaveCount(0);
  await expect(member.getByRole('img').first()).toBeVisible();
  await screenshot(member, testInfo, 'paid-post-unlocked');

  // Liking it.
  await member.getByRole('button', { name: 'Like' }).click();
  await expect(member.getByRole('button', { name: 'Unlike' })).toBeVisible();

  // The feed brings the followed creator's posts; Explore finds the creator.
  await member.goto('/home');
  const feed = member.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByText('Behind the scenes at the boatyard.')).toBeVisible();
  // Read to the end: the member is caught up, and the posts already read are there on request.
  const caughtUp = member.getByRole('region', { name: "You're all caught up" });
  await caughtUp.scrollIntoViewIfNeeded();
  await expect(caughtUp.getByText('You have seen every new post.')).toBeVisible();
  await expect(member.getByText(/Find someone to follow/)).toHaveCount(0);
  await expectAccessible(member);
  await screenshot(member, testInfo, 'feed');
  await caughtUp.getByRole('button', { name: 'Show earlier posts' }).click();
  await expect(feed.getByText('The golden hour set, for subscribers.')).toBeVisible();
  await expect(feed.getByText('Notes from the pier, for followers.')).toBeVisible();
  await screenshot(member, testInfo, 'feed-earlier');
  if ((member.viewportSize()?.width ?? 0) >= 1280) {
    // From the lg breakpoint the side menu is a column as tall as the page: its background reaches the bottom of a long page.
    const menu = await member.getByRole('navigation', { name: 'Main' }).evaluate((nav) => ({
      background: getComputedStyle(nav).backgroundColor,
      bottom: nav.getBoundingClientRect().bottom + window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
      windowHeight: window.innerHeight,
    }));
    expect(menu.pageHeight).toBeGreaterThan(menu.windowHeight);
    expect(menu.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(menu.bottom).toBeGreaterThan(menu.pageHeight - 1);
  }
  await member.goto('/explore');
  await member.getByLabel('Search creators').fill(creatorName);
  const found = member.getByRole('list', { name: 'Creators' });
  await expect(found.getByText(creatorName, { exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'explore');

  // The subscription, then cancelling it: access stays until the end of the period.
  await member.goto('/subscriptions');
  await expect(member.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(member.getByText('Active', { exact: true })).toBeVisible();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'subscriptions');
  await member.getByRole('link', { name: new RegExp(creatorName) }).click();
  await member.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = member.getByRole('dialog');
  await expect(dialog.getByText(/You keep access until/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(member.getByText('Canceled', { exact: true })).toBeVisible();
  await member.goto(paidPostUrl);
  await expect(member.getByText('The golden hour set, for subscribers.')).toBeVisible();

  // The saved cards, as the member reads them.
  await member.goto('/payment-methods');
  const saved = member.getByRole('list', { name: 'Saved payment methods' });
  await expect(saved.getByText('Credit Card ending in 4242', { exact: true })).toBeVisible();
  await expect(saved.getByText('Credit Card ending in 0002', { exact: true })).toBeVisible();
  // The declined card is not the default: the next payment starts with the card that works.
  const savedCard = (last4: string) => saved.getByRole('listitem').filter({ hasText: `ending in ${last4}` });
  await expect(savedCard('4242').getByText('Default', { exact: true })).toBeVisible();
  await expect(savedCard('0002').getByText('Default', { exact: true })).toHaveCount(0);
  await screenshot(member, testInfo, 'payment-methods');
  await member.context().close();

  // The creator earned the price less the platform's 20% fee.
  await page.goto('/creator');
  const earnings = page.getByRole('region', { name: 'Earnings' });
  await expect(earnings.getByText('$3.99', { exact: true })).toBeVisible();
  await expect(earnings.getByText('from 1 payment')).toBeVisible();
  await screenshot(page, testInfo, 'creator-earnings');
});
