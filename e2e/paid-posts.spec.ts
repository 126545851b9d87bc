import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { pageOf, publishPostThroughApi, saveCardThroughApi, signInAs, signUpCreatorThroughApi, signUpThroughApi } from './support/scene.js';

test('a creator sells a photo post on its own; a member buys it from its tile and it opens in place, and the creator is told', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Salt Flats ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'seller', publicName: creatorName });
  const postUrl = await publishPostThroughApi(creator, { text: 'The whole salt flats set, uncut.', access: 'follower' });
  await signInAs(page, creator);

  // The creator puts the post up for sale at 6.00 from its editor.
  await page.goto(`${postUrl}/edit`);
  await page.getByRole('switch', { name: 'Members can buy this post' }).check();
  await page.getByRole('textbox', { name: 'Price' }).fill('6');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'paid-post-composer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Sold for $6.00')).toBeVisible();

  // A member who does not follow sees it locked on the profile, with its price, and buys it.
  const fan = await signUpThroughApi({ label: 'postbuyer', publicName: 'Dune Walker' });
  await saveCardThroughApi(fan);
  const member = await pageOf(browser, testInfo, fan);
  await member.goto(`/users/${creator.id}`);
  await member.getByRole('link', { name: 'Locked post: buy for $6.00 or follow to unlock' }).click();
  await expect(member.getByText('The whole salt flats set, uncut.')).toBeHidden();
  await screenshot(member, testInfo, 'paid-post-locked');
  await member.getByRole('button', { name: 'Unlock for $6.00' }).click();
  const dialog = member.getByRole('dialog', { name: 'Unlock for $6.00' });
  await expectAccessible(member);
  await dialog.getByRole('button', { name: 'Pay $6.00' }).click();
  await expect(member.getByText('Unlocked: the post is yours to keep.')).toBeVisible();
  await expect(member.getByText('The whole salt flats set, uncut.')).toBeVisible();
  await expect(member.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Unlock for $6.00' })).toHaveCount(0);
  await screenshot(member, testInfo, 'paid-post-bought');

  // The creator is told live, and the notice opens the post.
  await expect(page.getByText('You have a new notice.')).toBeVisible();
  await page.goto('/notices');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Dune Walker bought your post for $6.00.' })
    .getByRole('link', { name: 'See the post' })
    .click();
  await expect(page.getByText('The whole salt flats set, uncut.')).toBeVisible();
});
