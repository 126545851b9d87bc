import { writeVideo } from '../apps/server/test/media-fixtures.js';
import { addMedia, becomeCreator, createFirstPlan, PUBLISHED_POST_URL, publishPost, writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

test(
  'a user becomes a creator, sells a plan and posts; another member sees only what they may',
  { tag: '@desktop' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(240_000);
    const photo = await writePhoto(testInfo);
    const video = testInfo.outputPath('clip.mp4');
    await writeVideo(video, { seconds: 3, width: 640, height: 360, codec: 'h264' });
    const creatorName = `Creator ${testInfo.project.name}`;
    await signUp(page, { email: uniqueEmail('creator'), handle: uniqueHandle('creator'), publicName: creatorName });

    // A second tab of the same user, left open on the feed, learns of the creator label live.
    const otherTab = await page.context().newPage();
    const accountChanges: string[] = [];
    otherTab.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"account.changed"')) accountChanges.push(String(payload));
      });
    });
    await otherTab.goto('/home');
    await expect(otherTab.getByRole('heading', { name: 'Home' })).toBeVisible();

    // A newcomer finds the way from the account menu, on a phone as on a desktop.
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await screenshot(page, testInfo, 'account-menu');
    await page.getByRole('menuitem', { name: 'Become a creator' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Become a creator' })).toBeVisible();
    await expect(page.getByRole('menu')).toBeHidden();
    await screenshot(page, testInfo, 'become-a-creator');
    await page.getByRole('main').getByRole('link', { name: 'Become a creator' }).click();
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();

    await becomeCreator(page, testInfo, { name: creatorName, photo });
    await expect.poll(() => accountChanges.length).toBeGreaterThan(0);
    if (testInfo.project.name === 'desktop') {
      await expect(otherTab.getByRole('link', { name: 'Creator dashboard' })).toBeVisible();
    }
    await otherTab.close();
    await createFirstPlan(page, { name: 'Gold', description: 'Every photo and film, plus chat.', price: '4.99' });

    // A public post with a photo, and a subscribers-only post with a video.
    await page.goto('/posts/new');
    await page.getByLabel('Post text').fill('Morning light over the harbour.');
    await addMedia(page, [photo]);
    await page.getByRole('checkbox', { name: 'Public' }).check();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'composer');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(PUBLISHED_POST_URL);

    // Editing the post's media goes item by item: one call per added, moved or removed item,
    // never the whole list again.
    const photoPostUrl = page.url();
    const mediaCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/api/posts/') || request.method() === 'GET') return;
      const body = request.postDataJSON() as { mediaIds?: unknown } | null;
      mediaCalls.push(`${request.method()} ${path.replace(/^\/api\/posts\/\w+/, '')}${body?.mediaIds ? ' mediaIds' : ''}`);
    });
    await page.goto(`${photoPostUrl}/edit`);
    await expect(page.getByText('Photo 1')).toBeVisible();
    await addMedia(page, [photo]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    // A save is one call per changed item after the text's: give it time on a busy machine.
    await expect(page).toHaveURL(photoPostUrl, { timeout: 20_000 });
    expect(mediaCalls).toEqual(['PATCH ', expect.stringMatching(/^POST \/media$/)]);

    mediaCalls.length = 0;
    await page.goto(`${photoPostUrl}/edit`);
    await expect(page.getByText('Photo 2')).toBeVisible();
    await page.getByRole('button', { name: 'Move Photo 2 up' }).click();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'composer-edit-reordered');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(photoPostUrl, { timeout: 20_000 });
    expect(mediaCalls).toEqual(['PATCH ', expect.stringMatching(/^PATCH \/media\/\w+$/)]);

    mediaCalls.length = 0;
    await page.goto(`${photoPostUrl}/edit`);
    await page.getByRole('button', { name: 'Remove Photo 1' }).click();
    await expect(page.getByText('Photo 1')).toHaveCount(0);
    await screenshot(page, testInfo, 'composer-edit-removed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(photoPostUrl, { timeout: 20_000 });
    expect(mediaCalls).toEqual(['PATCH ', expect.stringMatching(/^DELETE \/media\/\w+$/)]);
    const edited = await page.evaluate((url) => fetch(`/api${new URL(url).pathname}`).then((r) => r.json()), photoPostUrl);
    expect(edited.media).toHaveLength(1);

    const lockedPostUrl = await publishPost(page, {
      text: 'The full harbour film, for subscribers.',
      files: [video],
      access: 'Subscribers',
    });
    await expect(page.getByLabel('Video')).toBeVisible();
    const creatorProfile = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    // The creator's own posts stay in their home, however long they looked at them. (Public posts
    // of every creator are in everyone's feed: the other project's creator posts the same text.)
    await page.goto('/home');
    const ownCards = page.getByRole('list', { name: 'Your feed' }).getByRole('article', { name: creatorName, exact: true });
    await expect(ownCards.getByText('Morning light over the harbour.')).toBeVisible();

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
  },
);
