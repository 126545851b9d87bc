import type { BrowserContext } from '@playwright/test';
import { adminEmailFor } from './support/admins.js';
import { writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, mailTo, screenshot } from './support/journey.js';
import { pageOf, signInAs, signUpAdminThroughApi, signUpCreatorThroughApi, signUpThroughApi } from './support/scene.js';

test('a member opens a ticket with a screenshot, an admin answers from the queue, the member reads the mailed answer and closes it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // Both have closed the install banner before: on phones it floats over the forms' buttons.
  const withoutInstallBanner = (context: BrowserContext) =>
    context.addInitScript(() => window.localStorage.setItem('aurum.installBannerClosedAt', String(Date.now())));
  await withoutInstallBanner(page.context());

  // A member opens a ticket with a subject, a message and a screenshot.
  const asker = await signUpThroughApi({ label: 'asker', publicName: 'Curious Member' });
  await signInAs(page, asker);
  await page.goto('/support');
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket' }).click();
  const subject = `My payment was refused (${project})`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('The card form said "declined" although the card works elsewhere.');
  await page.locator('input[type="file"][name="screenshot"]').setInputFiles(await writePhoto(testInfo));
  await expect(page.getByText('Screenshot attached')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await screenshot(page, testInfo, 'support-new-ticket');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('Waiting for support')).toBeVisible();
  const shot = page.getByRole('img', { name: 'Screenshot (opens in full)' });
  await expect(shot).toBeVisible();
  await expect.poll(() => shot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const ticketUrl = page.url();
  const ticketId = ticketUrl.split('/').at(-1) as string;

  // An admin sees it waiting on the overview, opens the queue and the ticket, screenshot included, and answers.
  const admin = await pageOf(
    browser,
    testInfo,
    await signUpAdminThroughApi({ label: 'helper', email: adminEmailFor('support', project), publicName: `Helper ${project}` }),
  );
  await withoutInstallBanner(admin.context());
  await admin.goto('/admin');
  await admin.getByRole('link', { name: /^Open support tickets: \d+$/ }).click();
  await expect(admin).toHaveURL(/\/admin\/support$/);
  const entry = admin.getByRole('listitem').filter({ hasText: subject });
  await expect(entry.getByText('Waiting for an answer')).toBeVisible();
  await expectAccessible(admin);
  await screenshot(admin, testInfo, 'admin-support-queue');
  await entry.getByRole('link').click();
  await expect(admin).toHaveURL(new RegExp(`/admin/support/${ticketId}$`));
  await expect(admin.getByText(asker.email, { exact: false })).toBeVisible();
  const adminShot = admin.getByRole('img', { name: 'Screenshot (opens in full)' });
  await expect.poll(() => adminShot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const answer = 'Your bank declined it as a foreign payment. Ask them to allow it, then try again.';
  await admin.getByLabel('Your answer').fill(answer);
  await admin.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByText('Answer sent. The author is told by e-mail.')).toBeVisible();
  await expect(admin.getByText('Answered', { exact: true })).toBeVisible();
  await expectAccessible(admin);
  await screenshot(admin, testInfo, 'admin-support-ticket');
  // It has left the queue of those waiting.
  await admin.goto('/admin/support');
  await expect(admin.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);

  // The member gets the answer by e-mail, follows its link, reads it and closes the ticket.
  const mail = await mailTo(asker.email, `Support answered: ${subject}`);
  expect(mail.text).toContain(answer);
  const link = mail.text.match(/https?:\/\/\S+\/support\/\S+/)?.[0] as string;
  expect(new URL(link).pathname).toBe(`/support/${ticketId}`);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText(/^Support ·/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'support-ticket-answered');
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('This ticket is closed. Reopen it to write again.')).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveCount(0);
  await page.goto('/support');
  await expect(page.getByRole('listitem').filter({ hasText: subject }).getByText('Closed')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'support-tickets');
});

test('a creator finds a new follower among their fans on the people page', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const creatorName = `Marlo ${project}`;
  const creator = await signUpCreatorThroughApi({ label: 'peoplestar', publicName: creatorName });
  await signInAs(page, creator);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  // A member follows the creator; the creator is on the member's people page.
  const fanName = `Faithful Fan ${project}`;
  const fan = await pageOf(browser, testInfo, await signUpThroughApi({ label: 'peoplefan', publicName: fanName }));
  await fan.goto(`/users/${creator.id}`);
  await fan.getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await fan.goto('/users');
  const mine = fan.getByRole('list', { name: 'Your creators' });
  await expect(mine.getByRole('link', { name: creatorName })).toBeVisible();
  await expect(mine.getByText('Following')).toBeVisible();
  await expectAccessible(fan);
  await screenshot(fan, testInfo, 'people-creators');

  // The creator sees the follower among their fans, and finds them by name.
  await page.goto('/users');
  const fans = page.getByRole('list', { name: 'Your fans' });
  await expect(fans.getByRole('link', { name: fanName })).toBeVisible();
  await expect(fans.getByText('Follower')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search fans' }).fill('nobody like this');
  await expect(page.getByText('No fans found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search fans' }).fill('faithful');
  await expect(fans.getByRole('link', { name: fanName })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'people-fans');
});
