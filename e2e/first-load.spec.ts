import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { firstLoads, kilobytes, WEB_DIST } from '../bench/first-load.js';
import { expect, test } from './support/fixtures.js';
import { reachForPrerenderedPage, screenshot } from './support/journey.js';
import { signInAs, signUpThroughApi } from './support/scene.js';

test('each page needs no more JavaScript before its first render than its budget', () => {
  test.skip(test.info().project.name !== 'phone', 'reads the built files, the same for every viewport');
  for (const load of firstLoads()) {
    expect(load.brotli, `${load.path} loads ${kilobytes(load.brotli)} brotli: ${load.files.join(', ')}`).toBeLessThanOrEqual(load.limit);
  }
});

test('the service worker installs the app shell only, caches page code once used and never the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await reachForPrerenderedPage(page);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  // The worker is active: from this load on, the page's requests go through it.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page.getByLabel('E-mail address')).toBeVisible();

  const cached = await page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });
  const precached = Object.entries(cached).flatMap(([name, paths]) => (name.startsWith('workbox-precache') ? paths : []));
  const shellAssets = [...readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(precached.filter((file) => file.startsWith('/assets/')).sort()).toEqual(shellAssets.sort());
  expect(precached).toContain('/index.html');
  expect(precached).toContain('/manifest.webmanifest');
  expect(cached['aurum-assets']?.some((file) => /^\/assets\/LandingPage-/.test(file))).toBe(true);
  expect(cached['aurum-assets']?.some((file) => /^\/assets\/EmailStepPage-/.test(file))).toBe(true);
  expect(
    Object.values(cached)
      .flat()
      .filter((file) => file.startsWith('/api/') || file.startsWith('/dev/')),
  ).toEqual([]);
});

test('the landing page is drawn from its HTML, before and without any script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your work is worth gold.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/auth/register');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await context.close();
});

/** Notes every element the prerendered page drew, for expectTakenOverInPlace; how many there are. */
function noteDrawnElements(page: Page): Promise<number> {
  return page.evaluate(() => {
    const elements = [...document.querySelectorAll('#root *')];
    (window as unknown as { drawn: Element[] }).drawn = elements;
    return elements.length;
  });
}

/** Every element drawn from the HTML is still the one on screen (the app kept them), and nothing moved. */
async function expectTakenOverInPlace(page: Page): Promise<void> {
  const replaced = await page.evaluate(() =>
    (window as unknown as { drawn: Element[] }).drawn
      .filter((element) => !element.isConnected)
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(replaced).toEqual([]);
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0)),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
  expect(shifted).toBeLessThanOrEqual(0.02);
}

test('the app takes the prerendered landing page over once used, in place: same elements, nothing moves, no sign-in check before', async ({
  page,
}) => {
  const meRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') meRequests.push(request.url());
  });
  // The app's entry waits until the drawn page has been looked at.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Your work is worth gold.' })).toBeVisible();
  expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
  expect(await noteDrawnElements(page)).toBeGreaterThan(50);

  release();
  // Read, not used: the app's code is fetched but not run.
  await expect(page.locator('link[rel="modulepreload"][href*="/assets/index-"]')).toBeAttached();
  await page.waitForTimeout(500);
  expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
  // Nothing waited for the sign-in check, which the app makes once it runs.
  expect(meRequests).toEqual([]);
  // The visitor reaches for the page: the app runs and takes it over.
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page).toHaveTitle('Welcome · Aurum');
  await expectTakenOverInPlace(page);
  // The page works as the app: the theme switch answers, and the links navigate in the app.
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page.getByLabel('E-mail address')).toBeVisible();
});

test('someone who chose the light theme gets the landing page redrawn in it', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('aurum.themeMode', 'light'));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your work is worth gold.' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(250, 247, 240)');
  expect(await page.locator('header button').count()).toBe(1);
});

test('the app moves only for those who did not ask their system for less motion', async ({ page }) => {
  // The journeys' browsers ask for reduced motion (playwright.config.ts): here the app is also seen with motion.
  await page.goto('/auth/login');
  const button = page.getByRole('button', { name: 'Send code' });
  // The button draws its ripple's layer on its first touch.
  await button.dispatchEvent('mousedown');
  await expect(button.locator('.MuiTouchRipple-root')).toHaveCount(1);
  const motion = () =>
    button.evaluate((element) => ({
      longestTransitionSeconds: Math.max(
        ...getComputedStyle(element)
          .transitionDuration.split(',')
          .map((value) => Number.parseFloat(value)),
      ),
      ripple: getComputedStyle(element.querySelector('.MuiTouchRipple-root') as Element).display,
    }));
  const reduced = await motion();
  expect(reduced.longestTransitionSeconds).toBeLessThan(0.001);
  expect(reduced.ripple).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await motion();
  expect(moving.longestTransitionSeconds).toBeGreaterThanOrEqual(0.2);
  expect(moving.ripple).not.toBe('none');
});

test('a click on the theme switch before the app took the page over is not lost', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(250, 247, 240)');
});

test('a visitor who signed in in another tab after the landing page came is taken home once its app runs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  // Signing in elsewhere leaves its session cookie in this browser.
  await signInAs(page, await signUpThroughApi({ label: 'landing', publicName: 'Landing Tab' }));
  await reachForPrerenderedPage(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
});

/** A fresh browser profile with the page's session: no service worker answers the page from its cache. */
async function freshProfile(browser: Browser, page: Page, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...test.info().project.use, ...options, storageState: await page.context().storageState() });
}

test(
  "a signed-in member's home page on a wide screen asks for its feed with the document, once",
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a phone gets the page rendered on the server');
    await signInAs(page, await signUpThroughApi({ label: 'preload', publicName: 'Early Reader' }));
    const context = await freshProfile(browser, page);
    const home = await context.newPage();
    const feedRequests: string[] = [];
    home.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/feed') feedRequests.push(request.url());
    });
    const document = await home.goto('/home');
    expect(document?.headers().link).toBe('</api/feed>; rel=preload; as=fetch; crossorigin=anonymous');
    await expect(home.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    // The feed's answer is shown (other journeys' public posts may be in it, or nothing yet).
    await expect(home.getByRole('list', { name: 'Your feed' }).or(home.getByRole('heading', { name: 'Your feed is empty' }))).toBeVisible();
    // The app's own request took the preloaded answer.
    expect(feedRequests).toHaveLength(1);
    await context.close();
  },
);

test("a member's home page on a phone comes drawn by the server with its feed, and the app takes it over in place once used", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the server draws the page for a phone');
  await signInAs(page, await signUpThroughApi({ label: 'ssr', publicName: 'Quick Reader' }));
  const feedShown = (home: Page) =>
    expect(home.getByRole('list', { name: 'Your feed' }).or(home.getByRole('heading', { name: 'Your feed is empty' }))).toBeVisible();

  // Without any script: the greeting and the feed (other journeys' public posts, or nothing yet) are in the HTML.
  const withoutScripts = await freshProfile(browser, page, { javaScriptEnabled: false });
  const drawnOnly = await withoutScripts.newPage();
  const drawnDocument = await drawnOnly.goto('/home');
  expect(drawnDocument?.headers()['cache-control']).toBe('no-store');
  expect(drawnDocument?.headers().link).toBeUndefined();
  await expect(drawnOnly.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(drawnOnly.getByText('Welcome, Quick Reader.')).toBeVisible();
  await feedShown(drawnOnly);
  await expect(drawnOnly.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' })).toHaveAttribute(
    'href',
    '/explore',
  );
  await screenshot(drawnOnly, testInfo, 'home-without-scripts');
  await withoutScripts.close();

  const context = await freshProfile(browser, page);
  const home = await context.newPage();
  const apiRequests: string[] = [];
  home.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/me' || pathname === '/api/feed') apiRequests.push(pathname);
  });
  await home.goto('/home');
  await feedShown(home);
  expect(await noteDrawnElements(home)).toBeGreaterThan(30);
  // Read, not used: the app has not run.
  await expect(home.locator('link[rel="modulepreload"][href*="/assets/index-"]')).toBeAttached();
  expect(await home.locator('#root[data-prerendered]').count()).toBe(1);

  await reachForPrerenderedPage(home);
  await expect(home).toHaveTitle('Home · Aurum');
  // The app started from the answers in the document: it asked the API for neither.
  expect(apiRequests).toEqual([]);
  await expectTakenOverInPlace(home);
  // Only now: a full-page screenshot resizes the window, which the browser may count as layout shifts.
  await screenshot(home, testInfo, 'home-taken-over');
  // It works as the app: the account menu opens, and the bottom bar moves within the app.
  await home.getByRole('button', { name: 'Account' }).click();
  await expect(home.getByRole('menu')).toBeVisible();
  await home.keyboard.press('Escape');
  await home.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(home.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  expect(await home.evaluate(() => (window as unknown as { drawn?: Element[] }).drawn !== undefined)).toBe(true);
  await context.close();
});
