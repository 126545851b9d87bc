import path from 'node:path';
import { writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, reachForPrerenderedPage, screenshot } from './support/journey.js';
import { createPlanThroughApi, pageOf, signInAs, signUpCreatorThroughApi, signUpThroughApi, subscribeThroughApi } from './support/scene.js';

test(
  'a member with a chat plan and the creator chat live: the unread badge, the conversation both ways, read receipts, a paid message unlocked after paying',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const photo = await writePhoto(testInfo);
    const creatorName = `Lighthouse ${testInfo.project.name}`;
    const creator = await signUpCreatorThroughApi({ label: 'keeper', publicName: creatorName });
    await createPlanThroughApi(creator, {
      name: 'Inner circle',
      description: 'Photos and a direct line to me.',
      priceMinor: 799,
      chat: true,
    });
    await signInAs(page, creator);
    await page.goto('/home');
    // A phone's home page comes drawn by the server; the app, which keeps it live, runs once reached for.
    await reachForPrerenderedPage(page);

    // A member subscribed to the plan that includes chat.
    const sailor = await signUpThroughApi({ label: 'sailor', publicName: 'Night Sailor' });
    await subscribeThroughApi(sailor, creator.id);
    const member = await pageOf(browser, testInfo, sailor);

    // The member starts the chat from the people they may chat with.
    await member.goto('/chat');
    await expect(member.getByRole('heading', { name: 'No chats yet' })).toBeVisible();
    await member.getByRole('link', { name: 'New chat' }).click();
    const people = member.getByRole('list', { name: 'People you can chat with' });
    await expect(people.getByText(creatorName)).toBeVisible();
    await expectAccessible(member);
    await screenshot(member, testInfo, 'chat-new');
    await people.getByText(creatorName).click();
    await expect(member).toHaveURL(/\/chat\/\w+$/);
    await member.getByRole('textbox', { name: 'Message' }).fill('Hello from the pier! Do you take requests?');
    await member.getByRole('textbox', { name: 'Message' }).press('Enter');
    const memberThread = member.getByRole('list', { name: `Messages with ${creatorName}` });
    await expect(memberThread.getByText('Hello from the pier! Do you take requests?')).toBeVisible();
    await expect(memberThread.getByText('Sent', { exact: true })).toBeVisible();
    // However short the conversation, the message box sits at the bottom of the window (above a phone's bottom bar).
    await expect(async () => {
      const box = await member.getByRole('textbox', { name: 'Message' }).boundingBox();
      const windowHeight = member.viewportSize()?.height ?? 0;
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(windowHeight - 160);
    }).toPass();
    await screenshot(member, testInfo, 'chat-short');

    // The creator, on another page, sees the unread badge appear live, then reads and answers.
    await expect(page.getByRole('link', { name: 'Chat, 1 unread' })).toBeVisible();
    await page.getByRole('link', { name: 'Chat, 1 unread' }).click();
    const chats = page.getByRole('list', { name: 'Chats' });
    await expect(chats.getByRole('link', { name: /Night Sailor: Hello from the pier! Do you take requests\?, 1 unread/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'chat-list');
    await chats.getByRole('link', { name: /Night Sailor/ }).click();
    const creatorThread = page.getByRole('list', { name: 'Messages with Night Sailor' });
    await expect(creatorThread.getByText('Hello from the pier! Do you take requests?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

    // Reading it shows as "Read" to the member, live; typing shows too, then the answer arrives.
    await expect(memberThread.getByText('Read', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Always.');
    await expect(member.getByText(`${creatorName} is typing…`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).fill('Always. Tell me which harbour, and I will shoot it at dawn.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(memberThread.getByText('Always. Tell me which harbour, and I will shoot it at dawn.')).toBeVisible();
    await expect(creatorThread.getByText('Read', { exact: true })).toBeVisible();

    // The creator sends a photo from their device; it arrives live and loads for the member.
    await page.locator('input[type="file"][name="attachment"]').setInputFiles(photo);
    await expect(page.getByText('Ready to send')).toBeVisible({ timeout: 60_000 });
    // The attachment shows as what it is before it goes: its picture, from this device, and its name.
    const attached = page.getByRole('listitem').filter({ hasText: 'Ready to send' });
    await expect(attached.getByText(path.basename(photo))).toBeVisible();
    await expect
      .poll(() => attached.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send' }).click();
    const sharedPhoto = memberThread.getByRole('img', { name: 'Photo' });
    await expect(sharedPhoto).toBeVisible();
    await expect.poll(() => sharedPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

    // The creator sends a paid photo: the member sees it blurred with the price until they pay.
    await page.locator('input[type="file"][name="attachment"]').setInputFiles(photo);
    await expect(page.getByText('Ready to send')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('textbox', { name: 'Price (optional)' }).fill('4.50');
    await page.getByRole('textbox', { name: 'Message' }).fill('The harbour at dawn, just for you.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(creatorThread.getByText('$4.50 · not paid yet')).toBeVisible();
    // The sender's view follows their message down, its photo loaded.
    await expect(creatorThread.getByText('$4.50 · not paid yet')).toBeInViewport();
    const unlockButton = memberThread.getByRole('button', { name: 'Unlock for $4.50' });
    await expect(unlockButton).toBeVisible();
    await expect(memberThread.getByRole('img', { name: 'Photo, blurred: locked' })).toBeVisible();
    await screenshot(member, testInfo, 'chat-paid-locked');

    // Paying with the saved card unlocks it for the member, and the creator sees it was bought, live.
    await unlockButton.click();
    const payment = member.getByRole('dialog', { name: 'Unlock for $4.50' });
    await expect(payment.getByRole('radio', { name: /4242/ })).toBeChecked();
    await expectAccessible(member);
    await screenshot(member, testInfo, 'chat-paid-dialog');
    await payment.getByRole('button', { name: 'Pay $4.50' }).click();
    await expect(payment).toBeHidden();
    await expect(unlockButton).toBeHidden();
    await expect(memberThread.getByText('Unlocked · $4.50')).toBeVisible();
    const paidPhoto = memberThread.getByRole('img', { name: 'Photo', exact: true }).last();
    await expect.poll(() => paidPhoto.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(creatorThread.getByText('Paid · $4.50')).toBeVisible();
    await expectAccessible(member);
    await screenshot(member, testInfo, 'chat-paid-unlocked');
    await expectAccessible(page);
    await screenshot(page, testInfo, 'chat-paid-creator');
    await member.context().close();
  },
);
