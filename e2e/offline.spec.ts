import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { WEB_DIST } from '../bench/first-load.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, reachForPrerenderedPage, screenshot, uniqueHandle } from './support/journey.js';
import {
  createPlanThroughApi,
  publishPostThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

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

/** The keys of a local cache table (none when the database does not exist). */
const localCacheKeys = (page: Page, table: 'data' | 'userContent' = 'data') =>
  page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('aurum-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return resolve([]);
          const keys = db.transaction(name).objectStore(name).getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.map(String));
            db.close();
          };
        };
      }),
    table,
  );

/** Rows of a local cache table (0 when the database does not exist). */
const localCacheRows = async (page: Page, table: 'data' | 'userContent' = 'data') => (await localCacheKeys(page, table)).length;

/**
 * Waits until the service worker has kept the app's chunks named (it keeps them as they are
 * used) and every other script and style the page has loaded, so the page opens offline whole.
 */
async function expectChunksKept(page: Page, names: readonly string[]) {
  const pattern = new RegExp(`^/assets/(${names.join('|')})-[\\w-]+\\.js$`);
  const missing = async () => {
    // Precached files are kept under their revision (`?__WB_REVISION__=`): their path is what counts.
    const kept = new Set(
      Object.values(await cachedUrls(page))
        .flat()
        .map((url) => url.split('?')[0] ?? url),
    );
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /^\/assets\/.+\.(js|css)$/.test(path)),
    );
    const named = new Set([...kept].map((url) => pattern.exec(url)?.[1]).filter(Boolean));
    return [...names.filter((name) => !named.has(name)), ...loaded.filter((path) => !kept.has(path))];
  };
  await expect.poll(missing, { timeout: 20_000 }).toEqual([]);
}

test('after one visit the app opens offline, says so and shows the feed this device kept, its pictures blurred; sign-out forgets it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const text = `Fog rolling over the lighthouse at dawn, seen on ${testInfo.project.name} by ${uniqueHandle('fog')}.`;
  const me = await signUpCreatorThroughApi({ label: 'offline', publicName: `Lighthouse ${testInfo.project.name}` });
  const postId = (await publishPostThroughApi(me, { text, access: 'public' })).split('/').at(-1) ?? '';
  await signInAs(page, me);
  // The worker installs on a first page.
  await page.goto('/home/install-pwa');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));

  // One visit of the feed, in a fresh page load: the worker keeps what the page used.
  await page.goto('/home');
  const feed = page.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByText(text)).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The home page and its layout are in the shell, which the worker installs; the local cache's chunks are kept once used.
  await expectChunksKept(page, ['documents', 'user-content']);
  await expect.poll(() => localCacheRows(page)).toBeGreaterThan(1);
  // The post's photo is recorded in userContent by its versioned path, and the worker keeps its blurred preview.
  await expect
    .poll(() => localCacheKeys(page, 'userContent'))
    .toContainEqual(expect.stringMatching(new RegExp(`^/api/posts/${postId}/media/0\\?v=[\\w-]+$`)));
  await expect
    .poll(async () =>
      (await cachedUrls(page))['aurum-user-images']?.filter((url) => url.startsWith(`/api/posts/${postId}/media/0/blurThumb?v=`)),
    )
    .toHaveLength(1);

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
  // The photo's preview is not kept: its blurred preview, which this device kept, stands in.
  const picture = feed.locator(`img[src^="/api/posts/${postId}/media/0/"]`);
  await expect(picture).toHaveAttribute('src', /\/media\/0\/blurThumb\?v=/);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'offline-feed');

  // Back online: the banner goes; signing out forgets the kept documents and pictures.
  await page.context().setOffline(false);
  await expect(page.getByText("You're offline. Showing what this device saved.")).toHaveCount(0);
  await page.goto('/auth/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => localCacheRows(page)).toBe(0);
  expect(await localCacheRows(page, 'userContent')).toBe(0);
  // Gone or empty (the worker may open it again while finishing a request it was answering), and
  // nothing of the old user in it: the sign-out page draws no account picture to keep again.
  expect((await cachedUrls(page))['aurum-user-images'] ?? []).toEqual([]);
});

test('chats offline: the chat list and a conversation this device kept show with the offline banner, and sending is refused until back online', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Harbour ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'harbour', publicName: creatorName });
  await createPlanThroughApi(creator, { name: 'Deck hands', description: 'A direct line to me.', priceMinor: 599, chat: true });

  // A member subscribed to the plan that includes chat writes to the creator.
  const deckHand = await signUpThroughApi({ label: 'deckhand', publicName: 'Deck Hand' });
  await subscribeThroughApi(deckHand, creator.id);
  const member = page;
  await signInAs(member, deckHand);
  await member.goto('/chat/new');
  await member.getByRole('list', { name: 'People you can chat with' }).getByText(creatorName).click();
  await expect(member).toHaveURL(/\/chat\/(?!new$)\w+$/);
  const chatId = new URL(member.url()).pathname.split('/').at(-1) ?? '';
  const first = 'Is the ferry still running tonight?';
  await member.getByRole('textbox', { name: 'Message' }).fill(first);
  await member.getByRole('textbox', { name: 'Message' }).press('Enter');
  const thread = member.getByRole('list', { name: `Messages with ${creatorName}` });
  await expect(thread.getByText('Sent', { exact: true })).toBeVisible();

  // One visit of the chat list and the chat, in a fresh page load the worker controls.
  await member.evaluate(async () => void (await navigator.serviceWorker.ready));
  await member.goto('/chat');
  const chats = member.getByRole('list', { name: 'Chats' });
  await chats.getByRole('link', { name: new RegExp(creatorName) }).click();
  await expect(thread.getByText(first)).toBeVisible();
  await expectChunksKept(member, ['ChatListPage', 'ChatPage', 'documents']);
  await expect.poll(() => localCacheKeys(member)).toEqual(expect.arrayContaining(['chats', chatId, `messages:${chatId}`]));

  // Offline: the conversation opens from this device, and a message is refused, its text kept.
  await member.context().setOffline(true);
  await member.reload();
  const offline = member.getByRole('status').filter({ hasText: "You're offline. Showing what this device saved." });
  await expect(offline).toBeVisible();
  await expect(thread.getByText(first)).toBeVisible();
  const box = member.getByRole('textbox', { name: 'Message' });
  await box.fill('And the last one back?');
  await box.press('Enter');
  await expect(box).toHaveAccessibleDescription("You're offline: messages can't be sent until you're back online.");
  await expect(member.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(box).toHaveValue('And the last one back?');
  await expect(thread.getByText('And the last one back?')).toHaveCount(0);
  await expectAccessible(member);
  await screenshot(member, testInfo, 'offline-chat');

  // The chat list, offline too.
  await member.goto('/chat');
  await expect(offline).toBeVisible();
  await expect(chats.getByRole('link', { name: new RegExp(creatorName) })).toContainText(first);
  await expectAccessible(member);
  await screenshot(member, testInfo, 'offline-chat-list');

  // Back online, the message goes.
  await member.context().setOffline(false);
  await expect(offline).toHaveCount(0);
  await chats.getByRole('link', { name: new RegExp(creatorName) }).click();
  await member.getByRole('textbox', { name: 'Message' }).fill('And the last one back?');
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('And the last one back?')).toBeVisible();
  await expect(thread.getByText('Sent', { exact: true })).toBeVisible();
});

test('the install page and guide show the steps and a silent looping video', { tag: '@desktop' }, async ({ page }, testInfo) => {
  await signInAs(page, await signUpThroughApi({ label: 'installer', publicName: 'Installer' }));
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
  // The banner comes on pages for browsing (home has its own install card).
  await page.goto('/explore');
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
  // The app, which registers the worker, runs once the visitor reaches for the landing page.
  await reachForPrerenderedPage(page);
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
