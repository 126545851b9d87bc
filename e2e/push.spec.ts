import { PushStandIn, type StandInSubscription } from '../apps/server/test/push-stand-in.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, screenshot } from './support/journey.js';
import {
  createPlanThroughApi,
  publishPostThroughApi,
  signInAs,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

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
}, testInfo) => {
  test.setTimeout(120_000);
  const creatorName = `Harbour Light ${testInfo.project.name}`;
  const creator = await signUpCreatorThroughApi({ label: 'beacon', publicName: creatorName });
  await createPlanThroughApi(creator, { name: 'Lamp room', description: 'Every new photo first.', priceMinor: 499 });

  // The member subscribes to the creator's plan.
  const keeper = await signUpThroughApi({ label: 'keeper', publicName: 'Lamp Keeper' });
  await subscribeThroughApi(keeper, creator.id);
  const member = page;
  await signInAs(member, keeper);

  // The push service this member's browser would use, expecting the server's VAPID key.
  const { publicKey } = (await (await member.request.get('/api/push/public-key')).json()) as { publicKey: string };
  const pushes = new PushStandIn(publicKey);
  pushService = pushes;
  await pushes.start();
  const subscription = pushes.subscription();
  await member.context().grantPermissions(['notifications']);
  await member.context().addInitScript(pushManagerWith, subscription);

  // The member turns on notifications of new posts in personal details.
  await member.goto(`/users/${keeper.id}/personal-details`);
  const newPosts = member.getByRole('switch', { name: 'New posts' });
  await expect(newPosts).not.toBeChecked();
  await newPosts.click();
  await expect(member.getByText('You will be notified of new posts.')).toBeVisible();
  await expect(newPosts).toBeChecked();
  await expectAccessible(member);
  await screenshot(member, testInfo, 'push-opted-in');

  // The creator publishes a post for subscribers: the member's push service receives it.
  const postUrl = await publishPostThroughApi(creator, { text: 'The lamp at dusk, for subscribers.', access: 'subscription' });
  await expect.poll(() => pushes.notificationsFor(subscription.endpoint).length, { timeout: 60_000 }).toBe(1);
  const [notification] = pushes.notificationsFor(subscription.endpoint);
  expect(notification).toMatchObject({ title: `New post from ${creatorName}`, url: new URL(postUrl).pathname });
  // A locked post's text never travels in a notification.
  expect(JSON.stringify(notification)).not.toContain('The lamp at dusk');
  const [received] = pushes.received;
  expect(received?.claims.aud).toBe(new URL(subscription.endpoint).origin);
  expect(pushes.refused).toEqual([]);
});
