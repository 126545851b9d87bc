import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  pageOf,
  publishPostThroughApi,
  signInAs,
  signUpAdminThroughApi,
  signUpCreatorThroughApi,
  signUpThroughApi,
} from './support/scene.js';

test(
  'a member reports a post, an admin removes it from the queue, and the reporter is told',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;

    // A creator published a public post.
    const creatorName = `Ember ${project}`;
    const creator = await signUpCreatorThroughApi({ label: 'reported', publicName: creatorName });
    const postText = `Cheap followers, message me now (${project})`;
    const postUrl = await publishPostThroughApi(creator, { text: postText, access: 'public', photo: false });
    const postId = postUrl.split('/').at(-1) as string;
    await signInAs(page, creator);

    // A member reports it with a reason and a few words.
    const member = await pageOf(browser, testInfo, await signUpThroughApi({ label: 'reporter', publicName: 'Careful Reader' }));
    await member.goto(postUrl);
    await expect(member.getByText(postText)).toBeVisible();
    await member.getByRole('button', { name: 'Report this post' }).click();
    const dialog = member.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
    await dialog.getByLabel('More details (optional)').fill('Selling fake followers.');
    await expectAccessible(member);
    await screenshot(member, testInfo, 'report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(member.getByText('Thank you. We will look into it and tell you what we decide.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // A second report of the same post is refused with a clear message.
    await member.getByRole('button', { name: 'Report this post' }).click();
    await dialog.getByRole('radio', { name: 'Hate speech' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('You already reported this; we will tell you what we decide.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // An admin finds it in the queue, grouped with its count, and opens it.
    const admin = await pageOf(
      browser,
      testInfo,
      await signUpAdminThroughApi({ label: 'admin', email: adminEmailFor('moderation', project), publicName: `Admin ${project}` }),
    );
    await admin.goto('/admin/reported-content');
    await expect(admin.getByRole('heading', { level: 1, name: 'Reported content' })).toBeVisible();
    // The queue is a section of the admin area; on a desktop every section's tab shows without scrolling.
    const sections = admin.getByRole('navigation', { name: 'Admin' });
    await expect(sections.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    if (testInfo.project.name === 'desktop') await expect(sections.getByRole('tab', { name: 'Audit log' })).toBeInViewport({ ratio: 1 });
    const entry = admin.getByRole('listitem').filter({ hasText: postText });
    await expect(entry.getByText('1 report')).toBeVisible();
    await expect(entry.getByText('Spam or scam')).toBeVisible();
    await expectAccessible(admin);
    await screenshot(admin, testInfo, 'reported-content-queue');
    await entry.getByRole('link', { name: `Post by ${creatorName}` }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/reported-content/${postId}$`));
    await expect(admin.getByText(postText)).toBeVisible();
    await expect(admin.getByText('Selling fake followers.')).toBeVisible();
    await expectAccessible(admin);
    await screenshot(admin, testInfo, 'reported-content-review');

    // It removes the post, with a reason the creator sees.
    await admin.getByRole('button', { name: 'Remove the content' }).click();
    const decision = admin.getByRole('dialog', { name: 'Remove the content?' });
    await decision.getByLabel('Reason').fill('Selling followers breaks our rules.');
    await decision.getByRole('button', { name: 'Remove the content' }).click();
    await expect(admin.getByText('Remove the content: done. 1 report closed.')).toBeVisible();
    await expect(admin).toHaveURL(/\/admin\/reported-content$/);
    await expect(admin.getByRole('listitem').filter({ hasText: postText })).toHaveCount(0);

    // The reporter is told at once, wherever they are, and reads the outcome in their notices.
    await expect(member.getByText('You have a new notice.')).toBeVisible();
    await member.goto('/notices');
    await expect(member.getByText('You reported a post. We removed the content you reported.')).toBeVisible();
    await expectAccessible(member);
    await screenshot(member, testInfo, 'notices');
    // The post is gone for everyone; its creator reads why.
    await member.goto(postUrl);
    await expect(member.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await page.goto('/notices');
    await expect(page.getByText('Reason: Selling followers breaks our rules.')).toBeVisible();
    // The notice names the post and links it; its page tells the creator why it went, and nothing more.
    await expect(page.getByText(`An admin removed your post “${postText}” for breaking our rules.`)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'notices-creator');
    await page.getByRole('link', { name: 'See the removed post' }).click();
    await expect(page).toHaveURL(postUrl);
    await expect(page.getByRole('heading', { name: 'Post removed' })).toBeVisible();
    await expect(page.getByText('The reason given: Selling followers breaks our rules.')).toBeVisible();
    await screenshot(page, testInfo, 'post-removed-creator');
  },
);
