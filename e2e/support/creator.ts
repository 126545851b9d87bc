import { writeFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { jpegWithLocation } from '../../apps/server/test/media-fixtures.js';
import { screenshot } from './journey.js';

/** A published post's page: /posts/{id}, not the composer at /posts/new. */
export const PUBLISHED_POST_URL = /\/posts\/(?!new$)\w+$/;

/** A phone-like photo with a GPS position, made on the spot with the server's media fixtures. */
export async function writePhoto(testInfo: TestInfo): Promise<string> {
  const photo = testInfo.outputPath('photo.jpg');
  await writeFile(photo, await jpegWithLocation(1280, 960));
  return photo;
}

/** Adds files through the composer's picker and waits until each is processed. */
export async function addMedia(page: Page, files: string[]) {
  await page.locator('input[type="file"][name="media"]').setInputFiles(files);
  await expect(page.getByText('Ready')).toHaveCount(files.length, { timeout: 60_000 });
}

/** The creator sign-up of a signed-in member: age and gender, images and bio, identity (development check), payout. */
export async function becomeCreator(page: Page, testInfo: TestInfo, options: { name: string; photo: string }) {
  await page.goto('/creator/signup/start');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.locator('input[type="file"][name="avatar"]').setInputFiles(options.photo);
  await expect(page.getByText('Uploaded. Save to use it.')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Bio').fill('I photograph golden hours and make short films about light.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByRole('button', { name: 'Verify my identity' }).click();
  await page.getByRole('button', { name: 'Continue to the development check' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your identity is verified')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByLabel('Account holder name').fill(options.name);
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByRole('heading', { name: 'You are a creator' })).toBeVisible();
  await screenshot(page, testInfo, 'creator-welcome');
}

/** The creator's first plan, created inactive from the welcome page and then activated. */
export async function createFirstPlan(page: Page, plan: { name: string; description: string; price: string; chat?: boolean }) {
  await page.getByRole('link', { name: 'Create your first plan' }).click();
  await page.getByLabel('Plan name').fill(plan.name);
  await page.getByLabel('Description').fill(plan.description);
  await page.getByLabel(/^Price/).fill(plan.price);
  if (plan.chat) await page.getByLabel('Chat', { exact: true }).check();
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate plan' }).click();
  await page.getByRole('dialog', { name: 'Activate this plan?' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Plan activated. Members can subscribe now.')).toBeVisible();
}

/** Publishes a post from the composer; returns its page URL. */
export async function publishPost(page: Page, post: { text: string; files: string[]; access: string }): Promise<string> {
  await page.goto('/posts/new');
  await page.getByLabel('Post text').fill(post.text);
  await addMedia(page, post.files);
  await page.getByRole('checkbox', { name: post.access }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(PUBLISHED_POST_URL);
  return page.url();
}
