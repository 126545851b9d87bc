import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { WEB_DIST } from '../bench/first-load.js';
import { becomeCreator, publishPost, writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

/** Every cached URL's path (and query), by the service worker's cache names. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      byCache[name] = (await (await caches.open(name)).keys()).map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return byCache;
  });

/** Rows of the local cache's data table (0 when the database does not exist). */
const localCacheRows = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('aurum-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('data')) return resolve(0);
          const count = db.transaction('data').objectStore('data').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );

test('after one visit the app opens offline, says so and shows the feed this device kept; sign-out forgets it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const photo = await writePhoto(testInfo);
  const name = `Lighthouse ${testInfo.project.name}`;
  const text = `Fog rolling over the lighthouse at dawn, seen on ${testInfo.project.name}.`;
  await signUp(page, { email: uniqueEmail('offline'), handle: uniqueHandle('offline'), publicName: name });
  await becomeCreator(page, testInfo, { name, photo });
  await publishPost(page, { text, files: [photo], access: 'Public' });
  const me = await page.evaluate(() => fetch('/api/me').then(async (r) => (await r.json()) as { id: string }));

  // One visit of the feed, in a fresh page load: the worker installs and keeps what the page used.
  await page.goto('/home');
  const feed = page.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByText(text)).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await expect
    .poll(
      async () =>
        Object.values(await cachedUrls(page))
          .flat()
          .filter((url) => /^\/assets\/(HomePage|MenuLayout|documents)-/.test(url)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(3);
  await expect.poll(() => localCacheRows(page)).toBeGreaterThan(1);

  // Profile pictures and blurred pictures only: never the API's answers, never an original or preview.
  const cached = await cachedUrls(page);
  expect(cached['aurum-user-images']?.some((url) => url.startsWith(`/api/users/${me.id}/avatar?v=`))).toBe(true);
  expect(
    Object.values(cached)
      .flat()
      .filter((url) => url.startsWith('/api/') && !/\/(avatar|cover|blur|blurThumb)\?v=/.test(url)),
  ).toEqual([]);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: "You're offline. Showing what this device saved." })).toBeVisible();
  await expect(feed.getByText(text)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'offline-feed');

  // Back online: the banner goes; signing out forgets the kept documents and pictures.
  await page.context().setOffline(false);
  await expect(page.getByText("You're offline. Showing what this device saved.")).toHaveCount(0);
  await page.goto('/auth/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => localCacheRows(page)).toBe(0);
  expect((await cachedUrls(page))['aurum-user-images']).toBeUndefined();
});

test('the install page and guide show the steps and a silent looping video', async ({ page }, testInfo) => {
  await signUp(page, { email: uniqueEmail('installer'), handle: uniqueHandle('installer'), publicName: 'Installer' });
  await page.goto('/home/install-pwa');
  await expect(page.getByRole('heading', { name: 'Install Aurum' })).toBeVisible();
  await expect(page.getByText("Open Aurum in your phone's browser and tap the Share button or the browser menu.")).toBeVisible();
  await expect(page.getByText('Choose "Add to Home Screen" or "Install app", then open Aurum from your home screen.')).toBeVisible();
  const video = page.getByLabel('Adding Aurum to the home screen');
  await expect(video).toHaveJSProperty('loop', true);
  await expect(video).toHaveJSProperty('muted', true);
  // It plays: the browser got the real file and runs it inline.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await video.evaluate((element: HTMLVideoElement) => [element.duration > 5, element.paused])).toEqual([true, false]);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'install-page');

  test.skip(testInfo.project.name !== 'phone', 'the install banner and its guide show on phones only');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Show me' }).click();
  const guide = page.getByRole('dialog', { name: 'Install Aurum' });
  await expect(guide.getByText('Open the browser menu (⋮) at the top right.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'install-guide');
});

test('a new version waits for the Reload the person chooses', async ({ page }) => {
  const worker = path.join(WEB_DIST, 'sw.js');
  const original = await readFile(worker, 'utf8');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  // The landing page runs the app (which registers the worker) once the visitor reaches for it.
  await page.getByRole('heading', { level: 1 }).hover();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The first install takes the page over at once.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Deploy a different worker (the compressed twins set aside, so the server sends this one).
  const twins = ['.br', '.gz'].map((ext) => worker + ext);
  try {
    for (const twin of twins) await rename(twin, `${twin}.aside`).catch(() => {});
    await writeFile(worker, `${original}\n// the next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByText('A new version is available');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    await writeFile(worker, original);
    for (const twin of twins) await rename(`${twin}.aside`, twin).catch(() => {});
  }
});
