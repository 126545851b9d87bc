import { readFile } from 'node:fs/promises';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, mailTo, screenshot } from './support/journey.js';
import { call, pageOf, signInAs, signUpAdminThroughApi, signUpThroughApi } from './support/scene.js';

test('a member asks for a manual age check and an admin approves it from the verification queue', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

  // A member who started the creator sign-up and gave their age asks an admin to check it.
  const grace = await signUpThroughApi({ label: 'grace', publicName: 'Grace Manual' });
  await call(grace, 'POST', '/api/creator/onboarding/start');
  await call(grace, 'PUT', '/api/creator/onboarding/age-gender', { birthDate: '1991-03-09', gender: 'female' });
  const member = await pageOf(browser, testInfo, grace);
  await member.goto('/creator/signup/verify-identity');
  await member.getByLabel('Note for the admin (optional)').fill('The selfie step never loads on my phone.');
  await member.getByRole('button', { name: 'Ask an admin to check my age' }).click();
  await expect(member.getByText('An admin will check your age')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Ask an admin to check my age' })).toBeHidden();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'manual-verification-asked');

  // The admin follows the count on the admin home to the queue of waiting requests.
  await signInAs(
    page,
    await signUpAdminThroughApi({ label: 'warden', email: adminEmailFor('people', project), publicName: 'Warden Admin' }),
  );
  await page.goto('/admin');
  await page.getByRole('link', { name: /Pending verification requests: [1-9]\d*/ }).click();
  await expect(page).toHaveURL(/\/admin\/verification-requests\?status=pending$/);
  await expect(page.getByRole('heading', { name: 'Verification requests' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Kind').click();
  await page.getByRole('option', { name: 'Manual' }).click();
  await expect(page).toHaveURL(/kind=manual/);
  const queue = page.getByRole('list', { name: 'Verification requests' });
  const item = queue.getByRole('listitem').filter({ hasText: grace.email });
  await expect(item).toContainText('Pending');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-verification-requests');

  await item.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Verification: Grace Manual' })).toBeVisible();
  const trail = page.getByRole('list', { name: 'Event trail' });
  await expect(trail).toContainText('The selfie step never loads on my phone.');
  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Saw her passport on a video call');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Request approved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(trail.getByRole('listitem')).toHaveCount(2);
  await expect(trail).toContainText('Saw her passport on a video call');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeHidden();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'admin-verification-request');

  // The member's page turns by itself, and the decision arrives by e-mail.
  await expect(member.getByText('Your identity is verified')).toBeVisible({ timeout: 15_000 });
  const mail = await mailTo(grace.email, 'Your age is verified');
  expect(mail.text).toContain('Saw her passport on a video call');
  await member.context().close();
});

test('a member downloads their data from the e-mailed link', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  const linus = await signUpThroughApi({ label: 'linus', publicName: 'Linus Data' });
  await signInAs(page, linus);
  await page.goto(`/users/${linus.id}/personal-details`);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/Your data is being prepared|Your data was ready/)).toBeVisible();

  const mail = await mailTo(linus.email, 'Your Aurum data is ready to download');
  const link = /https?:\/\/\S+\/api\/me\/data-exports\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.reload();
  await expect(page.getByText(/Your data was ready on/)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'personal-details-data');

  // Opening the link downloads the file, for the signed-in owner.
  const downloading = page.waitForEvent('download');
  await page.evaluate((href) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    document.body.append(anchor);
    anchor.click();
  }, link as string);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aurum-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ email: linus.email, handle: linus.handle, publicName: 'Linus Data' });
  expect(data).toHaveProperty('subscriptions');
});
