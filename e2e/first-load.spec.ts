import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { firstLoads, kilobytes, WEB_DIST } from '../bench/first-load.js';

test('each page needs no more JavaScript before its first render than its budget', () => {
  test.skip(test.info().project.name !== 'phone', 'reads the built files, the same for every viewport');
  for (const load of firstLoads()) {
    expect(load.gzip, `${load.path} loads ${kilobytes(load.gzip)} gzipped: ${load.files.join(', ')}`).toBeLessThanOrEqual(load.limit);
  }
});

test('the service worker installs the app shell only, caches page code once used and never the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
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
