import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  call,
  createPlanThroughApi,
  pageOf,
  publishPostThroughApi,
  saveCardThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

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

test('a member tips the creator in their chat: the tip shows there with its message, live on both sides', async ({
  page,
  browser,
}, testInfo) => {
  const creatorName = `Lantern Keeper ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'chattipped', publicName: creatorName });
  await createPlanThroughApi(creator, { name: 'Close Circle', description: 'Chat with me.', priceMinor: 900, chat: true });
  const fan = await signUpThroughApi({ label: 'chattipper', publicName: 'Tide Watcher' });
  await subscribeThroughApi(fan, creator.id);
  const { id: chatId } = await call<{ id: string }>(fan, 'POST', '/api/chats', { partnerId: creator.id });
  await signInAs(page, creator);
  await page.goto(`/chat/${chatId}`);
  await expect(page.getByText('No messages yet. Say hello to Tide Watcher.')).toBeVisible();
  // A creator has nobody to tip in a chat with their member.
  await expect(page.getByRole('button', { name: /^Tip / })).toHaveCount(0);

  const member = await pageOf(browser, testInfo, fan);
  await member.goto(`/chat/${chatId}`);
  await member.getByRole('button', { name: `Tip ${creatorName}` }).click();
  const dialog = member.getByRole('dialog', { name: `Tip ${creatorName}` });
  await expect(dialog.getByText(`A tip in this chat goes to ${creatorName}`)).toBeVisible();
  await dialog.getByRole('button', { name: '$20.00' }).click();
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('For the lighthouse stories.');
  await dialog.getByRole('button', { name: 'Tip $20.00' }).click();
  await expect(dialog).toBeHidden();

  // The member's own message carries the tip, and the creator sees it arrive without reloading.
  const sent = member
    .getByRole('list', { name: `Messages with ${creatorName}` })
    .getByRole('listitem')
    .filter({ hasText: 'You tipped $20.00' });
  await expect(sent.getByText('For the lighthouse stories.')).toBeVisible();
  const received = page
    .getByRole('list', { name: 'Messages with Tide Watcher' })
    .getByRole('listitem')
    .filter({ hasText: 'Tipped $20.00' });
  await expect(received.getByText('For the lighthouse stories.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(member, testInfo, 'tip-in-chat-member');
  await screenshot(page, testInfo, 'tip-in-chat-creator');
  await page.goto('/chat');
  await expect(
    page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: /Tide Watcher: Tipped \$20\.00 · For the lighthouse stories\./ }),
  ).toBeVisible();
});
