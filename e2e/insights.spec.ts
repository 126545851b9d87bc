import type { Page } from '@playwright/test';
import { becomeCreator, createFirstPlan, publishPost, writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

/** A JSON call from the page, as the app makes it (same origin, the session cookie). */
async function call<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

test('a creator reads their insights: earnings, subscribers, posts and fans, with charts and tables', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const photo = await writePhoto(testInfo);
  const creatorName = `Lumen ${testInfo.project.name}`;
  await signUp(page, { email: uniqueEmail('insights'), handle: uniqueHandle('insights'), publicName: creatorName });
  await becomeCreator(page, testInfo, { name: creatorName, photo });
  await createFirstPlan(page, { name: 'Gold', description: 'Every photo, first.', price: '4.99' });
  const paidPostUrl = await publishPost(page, { text: 'The blue hour set, for subscribers.', files: [photo], access: 'Subscribers' });
  const paidPostId = paidPostUrl.split('/').at(-1) as string;
  const creatorId = await page.evaluate(() => fetch('/api/me').then(async (r) => (await r.json()).id as string));

  // A member opens the locked post, subscribes within the day and likes it: one unlock for that post.
  const memberContext = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const member = await memberContext.newPage();
  await signUp(member, { email: uniqueEmail('reader'), handle: uniqueHandle('reader'), publicName: 'Night Reader' });
  await call(member, 'POST', '/api/seen', { entityId: paidPostId });
  const profile = await call<{ plans: { id: string }[] }>(member, 'GET', `/api/users/${creatorId}/profile-page`);
  const { token } = await call<{ token: string }>(member, 'POST', '/api/payments/dev/tokens', {
    type: 'card',
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  const method = await call<{ id: string }>(member, 'POST', '/api/payment-methods', { token, makeDefault: true });
  await call(member, 'POST', '/api/subscriptions', {
    planId: profile.plans[0]?.id,
    paymentMethodId: method.id,
    idempotencyKey: `insights-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
  });
  await call(member, 'PUT', `/api/posts/${paidPostId}/like`);
  await memberContext.close();

  // From the dashboard to the insights.
  await page.goto('/creator');
  await page.getByRole('link', { name: /Insights/ }).click();
  await expect(page).toHaveURL(/\/creator\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  const totals = page.getByRole('group', { name: 'Totals in USD' });
  await expect(totals.getByText('$3.99', { exact: true })).toBeVisible();
  await expect(totals.getByText('$4.99', { exact: true })).toBeVisible();
  await expect(totals.getByText('$1.00', { exact: true })).toBeVisible();
  // The chart draws (its library loads with it) and its table holds the same values.
  const earningsChart = page.getByRole('region', { name: /^Net earnings per day/ });
  await expect(earningsChart.locator('svg').first()).toBeVisible();
  await earningsChart.getByRole('button', { name: 'Show the table' }).click();
  await expect(earningsChart.getByRole('table').getByText('$3.99').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'insights-earnings');

  // The month's statement downloads as CSV.
  const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref as string);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const csvText = await csv.text();
  expect(csvText).toContain('subscription');
  expect(csvText).toContain('4.99,1.00,3.99');

  // Periods: twelve months by month.
  await page.getByRole('button', { name: '12 months' }).click();
  await expect(page.getByRole('region', { name: /^Net earnings per month/ })).toBeVisible();
  await page.getByRole('button', { name: 'By week' }).click();
  await expect(page.getByRole('region', { name: /^Net earnings per week/ })).toBeVisible();
  await expect(page).toHaveURL(/by=week/);
  await page.getByRole('button', { name: 'Auto' }).click();
  await expect(page.getByRole('region', { name: /^Net earnings per month/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Subscribers' }).click();
  const subscriberTotals = page.getByRole('group', { name: 'Subscriber totals' });
  await expect(subscriberTotals.getByText('Active subscribers')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan mix' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active subscribers' }).locator('svg').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'insights-subscribers');

  await page.getByRole('tab', { name: 'Posts' }).click();
  const postsTable = page.getByRole('table', { name: 'All posts' });
  const row = postsTable.getByRole('row', { name: /The blue hour set/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText('1');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await postsTable.getByRole('button', { name: 'Likes' }).click();
  await expect(page).toHaveURL(/sort=likes/);
  await expectAccessible(page);
  await screenshot(page, testInfo, 'insights-posts');

  await page.getByRole('tab', { name: 'Fans' }).click();
  const bySpend = page.getByRole('region', { name: 'Top fans by spend' });
  await expect(bySpend.getByText('Night Reader')).toBeVisible();
  await expect(bySpend.getByText('$4.99')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'insights-fans');

  // The light theme reads as well.
  await page.evaluate(() => window.localStorage.setItem('aurum.themeMode', 'light'));
  await page.reload();
  await page.getByRole('tab', { name: 'Earnings' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Net earnings per month/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'insights-earnings-light');
});
