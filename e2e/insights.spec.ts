import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  call,
  createPlanThroughApi,
  publishPostThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

test('a creator reads their insights: earnings, subscribers, posts and fans, with charts and tables', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const creator = await signUpCreatorThroughApi({ label: 'insights', publicName: `Lumen ${testInfo.project.name}` });
  await createPlanThroughApi(creator, { name: 'Gold', description: 'Every photo, first.', priceMinor: 499 });
  const paidPostUrl = await publishPostThroughApi(creator, { text: 'The blue hour set, for subscribers.', access: 'subscription' });
  const paidPostId = paidPostUrl.split('/').at(-1) as string;

  // A member opens the locked post, subscribes within the day and likes it: one unlock for that post.
  const member = await signUpThroughApi({ label: 'reader', publicName: 'Night Reader' });
  await call(member, 'POST', '/api/seen', { entityId: paidPostId });
  await subscribeThroughApi(member, creator.id);
  await call(member, 'PUT', `/api/posts/${paidPostId}/like`);

  await signInAs(page, creator);

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

  // Periods: one row of choices, on a phone too; twelve months by month.
  const periods = page.getByRole('group', { name: 'Period' });
  const rowOf = async (name: string) => (await periods.getByRole('button', { name }).boundingBox())?.y;
  expect(await rowOf('Custom')).toBe(await rowOf('7 days'));
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
  // A subscription minutes old: the 30 days paid for, since the day it started.
  const byTenure = page.getByRole('region', { name: 'Top fans by tenure' });
  await expect(byTenure.getByText('30 days paid for')).toBeVisible();
  await expect(byTenure.getByText(/^since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
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
