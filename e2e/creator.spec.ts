import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { jpegWithLocation, writeVideo } from '../apps/server/src/media/fixtures.js';
import { expectAccessible, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

/** A published post's page: /posts/{id}, not the composer at /posts/new. */
const PUBLISHED_POST_URL = /\/posts\/(?!new$)\w+$/;

/** Adds files through the composer's picker and waits until each is processed. */
async function addMedia(page: Page, files: string[]) {
  await page.locator('input[type="file"][name="media"]').setInputFiles(files);
  await expect(page.getByText('Ready')).toHaveCount(files.length, { timeout: 60_000 });
}

test('a user becomes a creator, sells a plan and posts; another member sees only what they may', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  // Made on the spot with the server's media fixtures: a phone-like photo with a GPS position, and a short playable clip.
  const photo = testInfo.outputPath('photo.jpg');
  await writeFile(photo, await jpegWithLocation(1280, 960));
  const video = testInfo.outputPath('clip.mp4');
  await writeVideo(video, { seconds: 3, width: 640, height: 360, codec: 'h264' });
  const creatorName = `Creator ${testInfo.project.name}`;
  await signUp(page, { email: uniqueEmail('creator'), handle: uniqueHandle('creator'), publicName: creatorName });

  // Becoming a creator: age and gender, images and bio, identity, payout.
  await page.goto('/creator/signup/start');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.locator('input[type="file"][name="avatar"]').setInputFiles(photo);
  await expect(page.getByText('Uploaded. Save to use it.')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Bio').fill('I photograph golden hours and make short films about light.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByRole('button', { name: 'Verify my identity' }).click();
  await page.getByRole('button', { name: 'Continue to the development check' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Your identity is verified')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByLabel('Account holder name').fill(creatorName);
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Save payout method' }).click();
  await expect(page.getByRole('heading', { name: 'You are a creator' })).toBeVisible();
  await screenshot(page, testInfo, 'creator-welcome');

  // A plan, created inactive, then activated.
  await page.getByRole('link', { name: 'Create your first plan' }).click();
  await page.getByLabel('Plan name').fill('Gold');
  await page.getByLabel('Description').fill('Every photo and film, plus chat.');
  await page.getByLabel(/^Price/).fill('4.99');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate plan' }).click();
  await page.getByRole('dialog', { name: 'Activate this plan?' }).getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Plan activated. Members can subscribe now.')).toBeVisible();

  // A public post with a photo, and a subscribers-only post with a video.
  await page.goto('/posts/new');
  await page.getByLabel('Post text').fill('Morning light over the harbour.');
  await addMedia(page, [photo]);
  await page.getByRole('checkbox', { name: 'Public' }).check();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'composer');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(PUBLISHED_POST_URL);

  await page.goto('/posts/new');
  await page.getByLabel('Post text').fill('The full harbour film, for subscribers.');
  await addMedia(page, [video]);
  await page.getByRole('checkbox', { name: 'Subscribers' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(PUBLISHED_POST_URL);
  const lockedPostUrl = page.url();
  await expect(page.getByLabel('Video')).toBeVisible();
  const creatorProfile = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));

  // Another member: the public post shows, the other only blurred with its unlock offer.
  const memberContext = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const member = await memberContext.newPage();
  await signUp(member, { email: uniqueEmail('member'), handle: uniqueHandle('member'), publicName: 'Curious Member' });
  await member.goto(`/users/${creatorProfile.id}`);
  await expect(member.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
  const posts = member.getByRole('list', { name: 'Posts' });
  await expect(posts.getByRole('link', { name: /^Post: Morning light/ })).toBeVisible();
  await expect(posts.getByRole('link', { name: 'Locked post: subscribe from $4.99 to unlock' })).toBeVisible();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'profile-as-member');

  await member.goto(lockedPostUrl);
  await expect(member.getByText('Locked', { exact: true })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Subscribe from $4.99 / 30 days' })).toBeVisible();
  await expect(member.locator('video')).toHaveCount(0);
  await screenshot(member, testInfo, 'locked-post');

  // The bytes the member's browser received for the locked post are never the video's.
  const lockedPostId = lockedPostUrl.split('/').at(-1);
  const served = await member.evaluate(async (id) => {
    const post = await fetch(`/api/posts/${id}`).then((r) => r.json());
    const urls: string[] = post.media.flatMap((m: { urls: Record<string, string> }) => Object.values(m.urls));
    const playable = await fetch(`/api/posts/${id}/media/0/playable`);
    return { urls, playableStatus: playable.status };
  }, lockedPostId);
  expect(served.playableStatus).toBe(404);
  expect(served.urls.every((url) => /\/(blur|blurThumb)(\?|$)/.test(url))).toBe(true);
  await memberContext.close();
});
