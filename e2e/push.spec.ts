import { PushStandIn, type StandInSubscription } from '../apps/server/test/push-stand-in.js';
import { becomeCreator, createFirstPlan, publishPost, writePhoto } from './support/creator.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, payWithTestCard, screenshot, signUp, uniqueEmail, uniqueHandle } from './support/journey.js';

/**
 * Chromium without Google's push service cannot make a real subscription (PushManager.subscribe
 * talks to FCM), so this page's PushManager hands out the subscription the push service stand-in
 * made: its endpoint and the keys whose private half only the stand-in (the "browser") holds.
 * Everything else is real: the permission, the switch, the API calls, the job, the encryption
 * and the VAPID signature, which the stand-in checks before it decrypts.
 */
function pushManagerWith(subscription: StandInSubscription) {
  const toBytes = (base64Url: string) => Uint8Array.from(atob(base64Url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let current: PushSubscription | null = null;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async (options: PushSubscriptionOptionsInit = {}) => {
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: (options.applicationServerKey as Uint8Array).buffer as ArrayBuffer },
      getKey: (name: PushEncryptionKeyName) => toBytes(subscription.keys[name]).buffer,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    return current as PushSubscription;
  };
}

let pushService: PushStandIn | null = null;
test.afterAll(async () => {
  await pushService?.stop();
});

test('a member who turned on new-post notifications gets an encrypted, VAPID-signed push when the creator they subscribe to posts', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const photo = await writePhoto(testInfo);
  const creatorName = `Harbour Light ${testInfo.project.name}`;
  await signUp(page, { email: uniqueEmail('beacon'), handle: uniqueHandle('beacon'), publicName: creatorName });
  await becomeCreator(page, testInfo, { name: creatorName, photo });
  await createFirstPlan(page, { name: 'Lamp room', description: 'Every new photo first.', price: '4.99' });
  const creatorId = await page.evaluate(() => fetch('/api/me').then(async (r) => (await r.json()).id as string));

  // The member subscribes to the creator's plan.
  const memberContext = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const member = await memberContext.newPage();
  await signUp(member, { email: uniqueEmail('keeper'), handle: uniqueHandle('keeper'), publicName: 'Lamp Keeper' });
  await member.goto(`/users/subscribeTo/${creatorId}`);
  await payWithTestCard(member);
  await expect(member.getByText(`Subscribed to ${creatorName}`)).toBeVisible();

  // The push service this member's browser would use, expecting the server's VAPID key.
  const { publicKey } = (await (await member.request.get('/api/push/public-key')).json()) as { publicKey: string };
  const pushes = new PushStandIn(publicKey);
  pushService = pushes;
  await pushes.start();
  const subscription = pushes.subscription();
  await memberContext.grantPermissions(['notifications']);
  await memberContext.addInitScript(pushManagerWith, subscription);

  // The member turns on notifications of new posts in personal details.
  const memberId = await member.evaluate(() => fetch('/api/me').then(async (r) => (await r.json()).id as string));
  await member.goto(`/users/${memberId}/personal-details`);
  const newPosts = member.getByRole('switch', { name: 'New posts' });
  await expect(newPosts).not.toBeChecked();
  await newPosts.click();
  await expect(member.getByText('You will be notified of new posts.')).toBeVisible();
  await expect(newPosts).toBeChecked();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'push-opted-in');

  // The creator publishes a post for subscribers: the member's push service receives it.
  const postUrl = await publishPost(page, { text: 'The lamp at dusk, for subscribers.', files: [photo], access: 'Subscribers' });
  await expect.poll(() => pushes.notificationsFor(subscription.endpoint).length, { timeout: 60_000 }).toBe(1);
  const [notification] = pushes.notificationsFor(subscription.endpoint);
  expect(notification).toMatchObject({ title: `New post from ${creatorName}`, url: new URL(postUrl).pathname });
  // A locked post's text never travels in a notification.
  expect(JSON.stringify(notification)).not.toContain('The lamp at dusk');
  const [received] = pushes.received;
  expect(received?.claims.aud).toBe(new URL(subscription.endpoint).origin);
  expect(pushes.refused).toEqual([]);
  await memberContext.close();
});
