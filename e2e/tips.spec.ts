import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import { pageOf, publishPostThroughApi, saveCardThroughApi, signInAs, signUpCreatorThroughApi, signUpThroughApi } from './support/scene.js';

test('a creator sets a smallest tip; a member tips them on a post with a message, and the creator is told at once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Harbour Light ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'tipped', publicName: creatorName });
  const postUrl = await publishPostThroughApi(creator, { text: 'Fog rolling over the breakwater.', access: 'public' });
  await signInAs(page, creator);

  // The creator asks for at least 3.00 a tip, on the Plans page.
  await page.goto('/plans');
  const tips = page.getByRole('region', { name: 'Tips' });
  await tips.getByRole('textbox', { name: 'Smallest tip' }).fill('3');
  await tips.getByRole('button', { name: 'Save tip settings' }).click();
  await expect(page.getByText('Tip settings saved')).toBeVisible();
  await expectAccessible(page);

  // A member with a saved card opens the post and tips 4.00 with a message; less than 3.00 is refused before paying.
  const fan = await signUpThroughApi({ label: 'tipper', publicName: 'Grateful Sailor' });
  await saveCardThroughApi(fan);
  const member = await pageOf(browser, testInfo, fan);
  await member.goto(postUrl);
  await member.getByRole('button', { name: `Tip ${creatorName} for this post` }).click();
  const dialog = member.getByRole('dialog', { name: `Tip ${creatorName}` });
  const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' });
  await amount.fill('2');
  await expect(dialog.getByText('The smallest tip this creator takes is $3.00.')).toBeVisible();
  await amount.fill('4');
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('That fog shot made my week.');
  await expectAccessible(member);
  await screenshot(member, testInfo, 'tip-dialog');
  await dialog.getByRole('button', { name: 'Tip $4.00' }).click();
  await expect(member.getByText(`You tipped ${creatorName} $4.00. Thank you!`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The creator is told live: the notice, with the message, links the post.
  await expect(page.getByText('You have a new notice.')).toBeVisible();
  await page.goto('/notices');
  const notice = page.getByRole('listitem').filter({ hasText: 'Grateful Sailor tipped you $4.00 on your post' });
  await expect(notice.getByText('“That fog shot made my week.”', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'tip-notice');
  await notice.getByRole('link', { name: 'See the post' }).click();
  await expect(page.getByText('Fog rolling over the breakwater.')).toBeVisible();
});
