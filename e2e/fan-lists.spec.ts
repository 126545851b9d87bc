import { generateId } from '@aurum/core';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, reachForPrerenderedPage, screenshot } from './support/journey.js';
import { call, createPlanThroughApi, signInAs, signUpCreatorThroughApi, signUpThroughApi, subscribeThroughApi } from './support/scene.js';

/** Opens the account menu and goes to one of its places, as a person does on a phone as on a desktop. */
async function fromMenu(page: Page, place: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: place }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

test(
  'a creator keeps fan lists: the built-in ones fill themselves, their own list takes a follower with a note, then is renamed and deleted',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

    // A creator with a plan that includes chat; one member subscribes (and writes to them), another only follows.
    const creator = await signUpCreatorThroughApi({ label: 'lister', publicName: `Quay Painter ${project}` });
    await createPlanThroughApi(creator, {
      name: 'Studio door',
      description: 'Every sketch, and a chat with me.',
      priceMinor: 700,
      chat: true,
    });
    const subscriber = await signUpThroughApi({ label: 'sketchfan', publicName: 'Sal Subscriber' });
    await subscribeThroughApi(subscriber, creator.id);
    const { id: chatId } = await call<{ id: string }>(subscriber, 'POST', '/api/chats', { partnerId: creator.id });
    await call(subscriber, 'POST', `/api/chats/${chatId}/messages`, { id: generateId(), text: 'Will the harbour sketches be prints?' });
    const follower = await signUpThroughApi({ label: 'lookingon', publicName: 'Fen Follower' });
    await call(follower, 'PUT', `/api/creators/${creator.id}/follow`);
    await signInAs(page, creator);

    // The creator finds their fan lists in the account menu; the built-in ones already count their fans.
    await page.goto('/home');
    await reachForPrerenderedPage(page);
    await fromMenu(page, 'Fan lists');
    await expect(page).toHaveURL(/\/lists$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fan lists' })).toBeVisible();
    const builtIn = page.getByRole('list', { name: 'Built-in lists' });
    await expect(builtIn.getByRole('link', { name: 'All subscribers, 1 fan' })).toBeVisible();
    await expect(builtIn.getByRole('link', { name: 'Followers who never subscribed, 1 fan' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No lists of your own yet' })).toBeVisible();

    // All subscribers holds the subscriber, and only them.
    await builtIn.getByRole('link', { name: 'All subscribers, 1 fan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All subscribers' })).toBeVisible();
    const subscribers = page.getByRole('list', { name: 'Fans on All subscribers' });
    await expect(subscribers.getByRole('listitem')).toHaveCount(1);
    await expect(subscribers.getByRole('link', { name: 'Sal Subscriber' })).toBeVisible();
    await expect(subscribers.getByText(/^Subscribed /)).toBeVisible();
    await page.goBack();

    // A list of their own, made from the lists page.
    await page.getByRole('button', { name: 'New list' }).click();
    const naming = page.getByRole('dialog', { name: 'New list' });
    await naming.getByRole('textbox', { name: 'Name' }).fill('Regulars');
    await naming.getByRole('button', { name: 'Make list' }).click();
    await expect(page.getByText('List “Regulars” made.')).toBeVisible();
    await expect(naming).toBeHidden();
    const own = page.getByRole('list', { name: 'Your lists' });
    await expect(own.getByRole('link', { name: 'Regulars, 0 fans' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'fan-lists');

    // In People, on the follower's row: the follower goes on Regulars, with a private note.
    await fromMenu(page, 'People');
    await expect(page.getByRole('tab', { name: 'Your fans', selected: true })).toBeVisible();
    const fans = page.getByRole('list', { name: 'Your fans' });
    await expect(fans.getByRole('listitem')).toHaveCount(2);
    await fans.getByRole('button', { name: 'Lists and note for Fen Follower' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lists and note for Fen Follower' });
    const regulars = dialog.getByRole('checkbox', { name: 'Regulars' });
    await expect(regulars).not.toBeChecked();
    // The tick shows the change before the server answers it, a moment after the tap (not within the tap, as check() wants).
    const added = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/members\//.test(response.url()));
    await regulars.click();
    await expect(regulars).toBeChecked();
    expect((await added).status()).toBe(204);
    await expect(regulars).toBeEnabled();
    await dialog
      .getByRole('textbox', { name: 'Your note about Fen Follower' })
      .fill('Comes to every open studio, asks about the harbour prints.\nPrefers letters to chat.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Note saved.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'fan-lists-dialog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // In the chat with the subscriber, the same button sits in the header, about them (on no list of the creator's).
    await page.goto('/chat');
    await page
      .getByRole('list', { name: 'Chats' })
      .getByRole('link', { name: /^Sal Subscriber: / })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sal Subscriber' })).toBeVisible();
    await expect(page.getByText('Will the harbour sketches be prints?')).toBeVisible();
    const chatButton = page.getByRole('main').getByRole('button', { name: 'Lists and note for Sal Subscriber' });
    await expect(chatButton).toBeVisible();
    await screenshot(page, testInfo, 'fan-lists-chat');
    await chatButton.click();
    const chatDialog = page.getByRole('dialog', { name: 'Lists and note for Sal Subscriber' });
    await expect(chatDialog.getByRole('checkbox', { name: 'Regulars' })).not.toBeChecked();
    await expect(chatDialog.getByRole('textbox', { name: 'Your note about Sal Subscriber' })).toHaveValue('');
    await chatDialog.getByRole('button', { name: 'Done' }).click();
    await expect(chatDialog).toBeHidden();

    // Regulars holds the follower, with the note's first line.
    await fromMenu(page, 'Fan lists');
    await page.getByRole('list', { name: 'Your lists' }).getByRole('link', { name: 'Regulars, 1 fan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Regulars' })).toBeVisible();
    const members = page.getByRole('list', { name: 'Fans on Regulars' });
    const row = members.getByRole('listitem').filter({ hasText: 'Fen Follower' });
    await expect(row.getByText('Note: Comes to every open studio, asks about the harbour prints.', { exact: true })).toBeVisible();
    await expect(row.getByText('Prefers letters to chat.')).toHaveCount(0);
    await expect(row.getByText(/^Added /)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'fan-list');

    // The follower comes off the list; they stay a fan.
    await row.getByRole('button', { name: 'Remove from list: Fen Follower' }).click();
    await expect(page.getByText('Fen Follower is no longer on this list.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nobody here yet' })).toBeVisible();
    await expect(page.getByText(/^0 fans · /)).toBeVisible();

    // Renamed, then deleted: the lists page has none of the creator's own again.
    await page.getByRole('button', { name: 'Rename' }).click();
    const renaming = page.getByRole('dialog', { name: 'Rename the list' });
    await renaming.getByRole('textbox', { name: 'Name' }).fill('Front row');
    await renaming.getByRole('button', { name: 'Rename' }).click();
    await expect(renaming).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Front row' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete “Front row”?' });
    await deleting.getByRole('button', { name: 'Delete list' }).click();
    await expect(page).toHaveURL(/\/lists$/);
    await expect(page.getByText('List “Front row” deleted.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No lists of your own yet' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Built-in lists' }).getByRole('link', { name: 'Followers who never subscribed, 1 fan' }),
    ).toBeVisible();
  },
);
