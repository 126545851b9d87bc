import type { ChatsPage, MassMessageDetails, MessagesPage } from '@aurum/core';
import { formatMoney } from '@aurum/core';
import type { Page, TestInfo } from '@playwright/test';
import { writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, reachForPrerenderedPage, screenshot } from './support/journey.js';
import {
  call,
  createPlanThroughApi,
  pageOf,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

/** Opens the account menu and goes to one of its places, as a person does on a phone as on a desktop. */
async function fromMenu(page: Page, place: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: place }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

/** The whole page from its top, so the fixed bars sit where a person sees them. */
async function screenshotOfPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, testInfo, name);
}

/** One figure of what came of a mass message, by its name ("Delivered", "Bought"). */
const outcome = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'What came of it' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

test(
  'a creator sends a paid photo to all their subscribers from the menu; it reaches both, one buys it in their chat, and the creator sees what it earned',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    const photo = await writePhoto(testInfo);

    // A creator with a plan that includes chat, two subscribers, and a list of their own with one of them on it.
    const creatorName = `Tide Caller ${project}`;
    const creator = await signUpCreatorThroughApi({ label: 'caller', publicName: creatorName });
    await createPlanThroughApi(creator, {
      name: 'Tide table',
      description: 'Every shoot, and a chat with me.',
      priceMinor: 600,
      chat: true,
    });
    const buyer = await signUpThroughApi({ label: 'buyer', publicName: 'Bea Buyer' });
    await subscribeThroughApi(buyer, creator.id);
    const onlooker = await signUpThroughApi({ label: 'onlooker', publicName: 'Otto Onlooker' });
    await subscribeThroughApi(onlooker, creator.id);
    const frontRow = await call<{ listId: string }>(creator, 'POST', '/api/me/fan-lists', { name: 'Front row' });
    await call(creator, 'PUT', `/api/me/fan-lists/${frontRow.listId}/members/${buyer.id}`);
    await signInAs(page, creator);

    // From the account menu: no mass messages yet, and what they are for.
    await page.goto('/home');
    await reachForPrerenderedPage(page);
    await fromMenu(page, 'Mass messages');
    await expect(page).toHaveURL(/\/mass-messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mass messages' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No mass messages yet' })).toBeVisible();
    await expectAccessible(page);
    await screenshotOfPage(page, testInfo, 'mass-messages-empty');

    // A new one, to all subscribers: it reaches both; leaving the front row out would reach one.
    await page.getByRole('link', { name: 'New mass message' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New mass message' })).toBeVisible();
    const sendTo = page.getByRole('group', { name: 'Lists to send to' });
    await expect(sendTo.getByRole('checkbox', { name: 'Front row · 1 fan' })).toBeVisible();
    await sendTo.getByRole('checkbox', { name: 'All subscribers · 2 fans' }).check();
    const reach = page.getByRole('status').filter({ hasText: /^Reaches / });
    await expect(reach).toHaveText('Reaches 2 fans');
    await page.getByRole('button', { name: 'Leave some fans out' }).click();
    const leaveOut = page.getByRole('group', { name: 'Lists to leave out' }).getByRole('checkbox', { name: 'Front row · 1 fan' });
    await leaveOut.check();
    await expect(reach).toHaveText('Reaches 1 fan');
    await leaveOut.uncheck();
    await expect(reach).toHaveText('Reaches 2 fans');

    // The text, a photo from the device, and a price on it.
    await page.getByRole('textbox', { name: 'Message' }).fill('The spring tide at first light: the whole set, for my subscribers.');
    await expect(page.getByRole('textbox', { name: 'Price (optional)' })).toHaveCount(0);
    await page.locator('input[type="file"][name="attachment"]').setInputFiles(photo);
    await expect(page.getByText('Ready to send')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Price (optional)' }).fill('4.50');
    // The attachment shows as what it is before it goes: its picture, from this device.
    const attached = page.getByRole('list', { name: 'Attachments' }).locator('img');
    await expect.poll(() => attached.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshotOfPage(page, testInfo, 'mass-message-new');

    // Sent now: its page follows it out until both have it.
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page).toHaveURL(/\/mass-messages\/(?!new$)[\w-]+$/);
    const massMessageId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Mass message' })).toBeVisible();
    await expect(page.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Delivered 2 of 2')).toBeVisible();
    await expect(outcome(page, 'Recipients')).toHaveText('2');
    await expect(outcome(page, 'Delivered')).toHaveText('2');
    await expect(outcome(page, 'Bought')).toHaveText('0');
    await expect(page.getByRole('region', { name: 'Lists' }).getByText('All subscribers', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshotOfPage(page, testInfo, 'mass-message-sent');

    // The buyer finds it in their chat with the creator, locked with its price, and buys it.
    const member = await pageOf(browser, testInfo, buyer);
    if (project === 'phone') await member.setViewportSize({ width: 390, height: 844 });
    await member.goto('/chat');
    await member
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: new RegExp(`^${creatorName}`) })
      .click();
    const thread = member.getByRole('list', { name: `Messages with ${creatorName}` });
    await expect(thread.getByText('The spring tide at first light: the whole set, for my subscribers.')).toBeVisible();
    await expect(thread.getByRole('img', { name: 'Photo, blurred: locked' })).toBeVisible();
    const unlock = thread.getByRole('button', { name: 'Unlock for $4.50' });
    await expect(unlock).toBeVisible();
    await expectAccessible(member);
    await screenshot(member, testInfo, 'mass-message-member-locked');
    await unlock.click();
    const payment = member.getByRole('dialog', { name: 'Unlock for $4.50' });
    await expect(payment.getByRole('radio', { name: /4242/ })).toBeChecked();
    await payment.getByRole('button', { name: 'Pay $4.50' }).click();
    await expect(payment).toBeHidden();
    await expect(thread.getByText('Unlocked · $4.50')).toBeVisible();
    const paidPhoto = thread.getByRole('img', { name: 'Photo', exact: true });
    await expect.poll(() => paidPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(member);
    await screenshot(member, testInfo, 'mass-message-member-unlocked');
    await member.context().close();

    // Back as the creator: the list shows it delivered, and its page shows the sale and what it earned.
    const { earned } = await call<MassMessageDetails>(creator, 'GET', `/api/me/mass-messages/${massMessageId}`);
    expect(earned?.amountMinor).toBeGreaterThan(0);
    await fromMenu(page, 'Mass messages');
    const sent = page.getByRole('list', { name: 'Your mass messages' }).getByRole('link');
    await expect(sent).toHaveCount(1);
    await expect(sent.getByText('Delivered 2 of 2')).toBeVisible();
    await expect(sent.getByText('1 media item · $4.50')).toBeVisible();
    await screenshotOfPage(page, testInfo, 'mass-messages');
    await sent.click();
    await expect(outcome(page, 'Bought')).toHaveText('1');
    await expect(outcome(page, 'Read')).toHaveText('1');
    await expect(outcome(page, 'Earned')).toHaveText(formatMoney(earned ?? { amountMinor: 0, currency: 'USD' }));
    await expectAccessible(page);
    await screenshotOfPage(page, testInfo, 'mass-message-bought');

    // Unsent once confirmed: the copy nobody read leaves the onlooker's chat; the one bought stays with the buyer.
    const chatOf = async (fan: typeof buyer) => (await call<ChatsPage>(fan, 'GET', '/api/chats')).items[0]?.id ?? '';
    const [buyerChat, onlookerChat] = [await chatOf(buyer), await chatOf(onlooker)];
    const copiesIn = async (fan: typeof buyer, chatId: string) =>
      (await call<MessagesPage>(fan, 'GET', `/api/chats/${chatId}/messages`)).items.length;
    expect(await copiesIn(onlooker, onlookerChat)).toBe(1);
    await page.getByRole('button', { name: 'Unsend' }).click();
    const unsending = page.getByRole('dialog', { name: 'Unsend this message?' });
    await expect(unsending).toContainText('Copies already read or bought stay');
    await expectAccessible(page);
    await screenshot(page, testInfo, 'mass-message-unsend');
    await unsending.getByRole('button', { name: 'Unsend' }).click();
    await expect(page.getByText('Message unsent.')).toBeVisible();
    await expect(unsending).toBeHidden();
    await expect(page.getByText('Unsent', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Unsent' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsend' })).toHaveCount(0);
    expect(await copiesIn(onlooker, onlookerChat)).toBe(0);
    expect(await copiesIn(buyer, buyerChat)).toBe(1);
  },
);
