import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { jpegWithLocation } from '../apps/server/test/media-fixtures.js';
import { addMedia, PUBLISHED_POST_URL } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, reachForPrerenderedPage, screenshot } from './support/journey.js';
import { signInAs, signUpCreatorThroughApi } from './support/scene.js';

/** Opens the account menu and goes to one of its places, as a person does on a phone as on a desktop. */
async function fromMenu(page: Page, place: string): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: place }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

test(
  'a creator keeps a photo in the vault: used in one post, filed in a folder, put in a second post from the vault, then deleted everywhere',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

    // A creator (their profile picture is their first upload) writes a post with a photo uploaded in the composer.
    const creator = await signUpCreatorThroughApi({ label: 'keeper', publicName: `Harbour Keeper ${project}` });
    const photo = testInfo.outputPath('harbour.jpg');
    await writeFile(photo, await jpegWithLocation(1280, 960));
    await signInAs(page, creator);
    await page.goto('/posts/new');
    await page.getByLabel('Post text').fill('The harbour at dawn.');
    await addMedia(page, [photo]);
    await page.getByRole('checkbox', { name: 'Public' }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(PUBLISHED_POST_URL);
    const firstPost = page.url();
    await expect(page.getByRole('article').getByRole('img', { name: 'Photo' })).toBeVisible();

    // The vault, from the account menu: the storage used, the photo used in that post, the profile picture beside it.
    await page.goto('/home');
    await reachForPrerenderedPage(page);
    await fromMenu(page, 'Vault');
    await expect(page).toHaveURL(/\/vault$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vault' })).toBeVisible();
    await expect(page.getByText(/^Storage: .+ of .+ used$/)).toBeVisible();
    const uploads = page.getByRole('list', { name: 'Your uploads' });
    await expect(uploads.getByRole('listitem')).toHaveCount(2);
    const tile = uploads.getByRole('button', { name: 'harbour.jpg, Photo, used in 1 post' });
    await expect(tile).toBeVisible();
    await expect(tile.getByText('Used in 1')).toBeVisible();
    await expect(uploads.getByRole('button', { name: 'photo.jpg, Photo, used in your profile' })).toBeVisible();
    await expect(tile.locator('img')).toHaveJSProperty('complete', true);
    await expectAccessible(page);
    await screenshot(page, testInfo, 'vault');

    // A folder, made from the page's Folders.
    await page.getByRole('button', { name: 'Folders' }).click();
    const folders = page.getByRole('dialog', { name: 'Folders' });
    await folders.getByRole('textbox', { name: 'New folder' }).fill('Harbour');
    await folders.getByRole('button', { name: 'Add' }).click();
    await expect(folders.getByRole('list', { name: 'Your folders' }).getByText('Harbour')).toBeVisible();
    await folders.getByRole('button', { name: 'Done' }).click();
    await expect(folders).toBeHidden();

    // The photo's sheet: a larger look, where it is used, and the folder ticked.
    await tile.click();
    const sheet = page.getByRole('dialog', { name: 'harbour.jpg' });
    await expect(sheet.getByText('Used in 1 post.')).toBeVisible();
    const inFolder = sheet.getByRole('checkbox', { name: 'Harbour' });
    await expect(inFolder).not.toBeChecked();
    const filed = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/vault\/folders\/.+\/items\//.test(response.url()),
    );
    await inFolder.click();
    await expect(inFolder).toBeChecked();
    expect((await filed).status()).toBe(204);
    await expect(inFolder).toBeEnabled();
    await expect(sheet.getByRole('img', { name: 'Photo' })).toHaveJSProperty('complete', true);
    await expectAccessible(page);
    await screenshot(page, testInfo, 'vault-item');
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toBeHidden();

    // The folder holds the photo, and only it.
    await page.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'Harbour (1 item)' }).click();
    await expect(page).toHaveURL(/\/vault\?folder=/);
    await expect(uploads.getByRole('listitem')).toHaveCount(1);
    await expect(uploads.getByRole('button', { name: /^harbour\.jpg, Photo/ })).toBeVisible();

    // A second post with the same photo, chosen from the vault, not uploaded again.
    await page.goto('/posts/new');
    await page.getByLabel('Post text').fill('The harbour again, at dusk.');
    await page.getByRole('button', { name: 'From vault' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from your vault' });
    // The profile picture cannot go into a post.
    await expect(picker.getByRole('checkbox', { name: /^photo\.jpg/ })).toBeDisabled();
    await picker.getByRole('checkbox', { name: /^harbour\.jpg, Photo/ }).check();
    await expect(picker.getByText('1 chosen.')).toBeVisible();
    await expect(picker.locator('img').first()).toHaveJSProperty('complete', true);
    await expectAccessible(page);
    await screenshot(page, testInfo, 'vault-picker');
    await picker.getByRole('button', { name: 'Add 1' }).click();
    await expect(picker).toBeHidden();
    const media = page.getByRole('list', { name: 'Media in this post' });
    await expect(media.getByText('harbour.jpg')).toBeVisible();
    await expect(media.getByText('From your vault')).toBeVisible();
    await expect(media.locator('img')).toHaveJSProperty('complete', true);
    await screenshot(page, testInfo, 'vault-composer');
    await page.getByRole('checkbox', { name: 'Public' }).check();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(PUBLISHED_POST_URL);
    const secondPost = page.url();
    await expect(page.getByRole('article').getByRole('img', { name: 'Photo' })).toBeVisible();

    // The vault counts both posts; deleting the photo says so, and takes it out of both.
    await fromMenu(page, 'Vault');
    const used = uploads.getByRole('button', { name: 'harbour.jpg, Photo, used in 2 posts' });
    await expect(used).toBeVisible();
    await used.click();
    await expect(sheet.getByText('Used in 2 posts.')).toBeVisible();
    await sheet.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “harbour.jpg” everywhere?' });
    await expect(confirm.getByText(/^It is used in 2 posts\. Deleting it takes it out of each of them/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete everywhere' }).click();
    await expect(page.getByText('“harbour.jpg” deleted everywhere.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(sheet).toBeHidden();
    await expect(uploads.getByRole('listitem')).toHaveCount(1);
    await expect(uploads.getByRole('button', { name: /^harbour\.jpg/ })).toHaveCount(0);

    // Both posts keep their words, without the photo.
    for (const [url, text] of [
      [firstPost, 'The harbour at dawn.'],
      [secondPost, 'The harbour again, at dusk.'],
    ] as const) {
      await page.goto(url);
      const article = page.getByRole('article');
      await expect(article.getByText(text)).toBeVisible();
      await expect(article.getByRole('img', { name: 'Photo' })).toHaveCount(0);
    }
  },
);
