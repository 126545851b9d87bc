import { generateId } from '@aurum/core';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { THEME_MODE_KEY } from '../apps/web/src/app/theme/theme-mode-key.js';
import { adminEmailFor } from './support/admins.js';
import { expect, test } from './support/fixtures.js';
import { expectAccessible, saveScreenshot } from './support/journey.js';
import {
  call,
  createPlanThroughApi,
  type Person,
  publishPostThroughApi,
  signInAs,
  signUpAdminThroughApi,
  signUpCreatorThroughApi,
  signUpThroughApi,
  subscribeThroughApi,
} from './support/scene.js';

/**
 * The whole product walked as each kind of person: every page they reach draws its heading and
 * its data, fits the window and passes the accessibility check (contrast included). Each page is
 * saved to e2e/screenshots/walk/ to be looked at.
 *
 * `WALK=all` walks every kind of person on both viewports in the dark and the light theme. The
 * test run walks the light theme only (every other journey checks its pages in the dark one):
 * members and creators on both viewports (the desktop's check of their pages: most journeys run
 * on a phone only), visitors on a phone and admins on a desktop.
 */

type Theme = 'dark' | 'light';
const WALK_ALL = process.env.WALK === 'all';
const THEMES: Theme[] = WALK_ALL ? ['dark', 'light'] : ['light'];

/** Skips the walk on the viewport the test run leaves out for this kind of person. */
function walkOn(testInfo: TestInfo, project: 'phone' | 'desktop'): void {
  test.skip(!WALK_ALL && testInfo.project.name !== project, `walked on the ${project} (WALK=all walks both)`);
}

interface Stop {
  /** Names the screenshot. */
  name: string;
  path: string;
  /** The page's main heading. */
  heading: string | RegExp;
  /** Something that shows once the page's data is drawn. */
  shows?: string | RegExp;
}

/** A browser context of the test's project signed in as `person` (nobody when null), opening in `theme`. */
async function pageIn(browser: Browser, testInfo: TestInfo, person: Person | null, theme: Theme): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  await context.addInitScript(([key, mode]) => window.localStorage.setItem(key, mode), [THEME_MODE_KEY, theme] as const);
  const page = await context.newPage();
  if (person) await signInAs(page, person);
  return page;
}

/**
 * Visits each stop in each theme and goes on past a stop that fails, so one walk lists every
 * page that needs work; the walk fails at the end, naming each such page, its theme and why.
 */
async function walk(browser: Browser, testInfo: TestInfo, who: string, person: Person | null, stops: Stop[]): Promise<void> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    const page = await pageIn(browser, testInfo, person, theme);
    for (const stop of stops) {
      await test.step(`${who} on ${stop.name}, ${theme}`, async () => {
        try {
          await page.goto(stop.path);
          await expect(page.getByRole('heading', { name: stop.heading, exact: typeof stop.heading === 'string' }).first()).toBeVisible();
          if (stop.shows) await expect(page.getByText(stop.shows).first()).toBeVisible();
          // Nothing still loading: a spinner has no value (a storage meter has one).
          await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
          await expectAccessible(page);
        } catch (error) {
          problems.push(`${stop.name} (${stop.path}), ${theme}: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          await saveScreenshot(page, `walk/${testInfo.project.name}-${who}-${theme}-${stop.name}`);
        }
      });
    }
    await page.context().close();
  }
  expect(problems, problems.join('\n\n')).toEqual([]);
}

/**
 * A creator with a chat plan, a public and a paid post; another with a paid post; a member
 * subscribed to the first, who chats with them and asked support something.
 */
async function scene() {
  const creator = await signUpCreatorThroughApi({ label: 'walkc', publicName: 'Wanda Walker' });
  const planId = await createPlanThroughApi(creator, {
    name: 'Golden circle',
    description: 'Every film, every photo, and a chat with me.',
    priceMinor: 900,
    chat: true,
  });
  const publicPost = (await publishPostThroughApi(creator, { text: 'Light through the pines this morning.', access: 'public' }))
    .split('/')
    .at(-1) as string;
  const paidPost = (await publishPostThroughApi(creator, { text: 'The full golden-hour set, for my circle.', access: 'subscription' }))
    .split('/')
    .at(-1) as string;
  // A creator the member does not subscribe to: their paid post shows locked, with the plan that opens it.
  const other = await signUpCreatorThroughApi({ label: 'walko', publicName: 'Otto Other' });
  await createPlanThroughApi(other, { name: 'Night owls', description: 'Every night shot.', priceMinor: 500 });
  await publishPostThroughApi(other, { text: 'Stars over the quarry, the long exposure.', access: 'subscription' });
  const member = await signUpThroughApi({ label: 'walkm', publicName: 'Milo Member' });
  await call(member, 'PUT', `/api/creators/${creator.id}/follow`);
  await subscribeThroughApi(member, creator.id);
  const chat = await call<{ id: string }>(member, 'POST', '/api/chats', { partnerId: creator.id });
  await call(member, 'POST', `/api/chats/${chat.id}/messages`, { id: generateId(), text: 'Your pines set is wonderful.' });
  const ticket = await call<{ ticket: { id: string } }>(member, 'POST', '/api/support/tickets', {
    subject: 'Where is my receipt?',
    message: 'I paid for the Golden circle and would like a receipt.',
  });
  const subscriptions = await call<{ items: { id: string }[] }>(member, 'GET', '/api/subscriptions');
  const methods = await call<{ items: { id: string }[] }>(member, 'GET', '/api/payment-methods');
  return {
    creator,
    other,
    member,
    planId,
    publicPost,
    paidPost,
    chatId: chat.id,
    ticketId: ticket.ticket.id,
    subscriptionId: subscriptions.items[0]?.id as string,
    methodId: methods.items[0]?.id as string,
  };
}

let prepared: ReturnType<typeof scene> | undefined;
/** The scene, made by the first walk that needs it and shared by the others. */
const theScene = () => {
  prepared ??= scene();
  return prepared;
};

test('a visitor walks the public pages', { tag: '@desktop' }, async ({ browser }, testInfo) => {
  walkOn(testInfo, 'phone');
  test.setTimeout(180_000);
  await walk(browser, testInfo, 'visitor', null, [
    { name: 'landing', path: '/', heading: /./ },
    { name: 'about', path: '/about', heading: 'About Aurum' },
    { name: 'sign-in', path: '/auth/login', heading: 'Sign in' },
    { name: 'register', path: '/auth/register', heading: 'Create your account' },
    { name: 'terms', path: '/legal/tos', heading: 'Terms of service' },
  ]);
});

test('a member walks every page of theirs', { tag: '@desktop' }, async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const world = await theScene();
  const { creator, member } = world;
  await walk(browser, testInfo, 'member', member, [
    // Home's feed is new posts: the first theme's visit reads them, the second finds the member caught up.
    { name: 'home', path: '/home', heading: 'Home' },
    { name: 'explore', path: '/explore', heading: 'Explore' },
    { name: 'profile', path: `/users/${creator.id}`, heading: 'Wanda Walker', shows: 'Golden circle' },
    { name: 'locked-profile', path: `/users/${world.other.id}`, heading: 'Otto Other', shows: 'Night owls' },
    { name: 'bio', path: `/users/${creator.id}/bio`, heading: 'About Wanda Walker' },
    { name: 'paid-post', path: `/posts/${world.paidPost}`, heading: /Wanda Walker/, shows: 'The full golden-hour set, for my circle.' },
    { name: 'chats', path: '/chat', heading: 'Chat', shows: 'Wanda Walker' },
    { name: 'new-chat', path: '/chat/new', heading: 'New chat' },
    { name: 'chat', path: `/chat/${world.chatId}`, heading: 'Wanda Walker', shows: 'Your pines set is wonderful.' },
    { name: 'subscriptions', path: '/subscriptions', heading: 'Subscriptions', shows: 'Wanda Walker' },
    {
      name: 'subscription',
      path: `/subscriptions/${world.subscriptionId}`,
      heading: 'Subscription to Wanda Walker',
      shows: 'Golden circle',
    },
    { name: 'subscription-edit', path: `/subscriptions/${world.subscriptionId}/edit`, heading: 'Change subscription' },
    { name: 'payment-methods', path: '/payment-methods', heading: 'Payment methods' },
    { name: 'payment-method', path: `/payment-methods/${world.methodId}`, heading: /4242/ },
    { name: 'payments', path: '/payments', heading: 'Payments', shows: 'Subscription · Golden circle' },
    { name: 'notices', path: '/notices', heading: 'Notices' },
    { name: 'people', path: '/users', heading: 'People' },
    { name: 'support', path: '/support', heading: 'Support', shows: 'Where is my receipt?' },
    { name: 'support-ticket', path: `/support/${world.ticketId}`, heading: 'Where is my receipt?' },
    { name: 'support-new', path: '/support/new', heading: 'New support ticket' },
    { name: 'personal-details', path: `/users/${member.id}/personal-details`, heading: 'Personal details' },
    { name: 'own-profile', path: `/users/${member.id}`, heading: 'Milo Member' },
    { name: 'install', path: '/home/install-pwa', heading: 'Install Aurum' },
    { name: 'become-creator', path: '/creator/signup', heading: 'Become a creator' },
    { name: 'delete-account', path: '/auth/delete', heading: 'Delete your account' },
  ]);
});

test('a creator walks their studio', { tag: '@desktop' }, async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const world = await theScene();
  await walk(browser, testInfo, 'creator', world.creator, [
    { name: 'home', path: '/home', heading: 'Home' },
    { name: 'dashboard', path: '/creator', heading: 'Creator dashboard' },
    { name: 'insights', path: '/creator/insights', heading: 'Insights' },
    { name: 'payouts', path: '/creator/payouts', heading: 'Payouts' },
    { name: 'plans', path: '/plans', heading: 'Plans', shows: 'Golden circle' },
    { name: 'plan', path: `/plans/${world.planId}`, heading: 'Golden circle' },
    { name: 'plan-create', path: '/plans/create', heading: 'Create a plan' },
    { name: 'posts', path: '/posts', heading: 'Posts', shows: 'Light through the pines this morning.' },
    { name: 'post-new', path: '/posts/new', heading: 'New post' },
    { name: 'post-edit', path: `/posts/${world.publicPost}/edit`, heading: 'Edit post' },
    { name: 'fans', path: '/users', heading: 'People', shows: 'Milo Member' },
    { name: 'fan-lists', path: '/lists', heading: 'Fan lists', shows: 'All subscribers' },
    { name: 'mass-messages', path: '/mass-messages', heading: 'Mass messages', shows: 'No mass messages yet' },
    { name: 'mass-message-new', path: '/mass-messages/new', heading: 'New mass message', shows: 'All subscribers' },
    { name: 'vault', path: '/vault', heading: 'Vault', shows: 'Used in 1' },
    { name: 'chat', path: `/chat/${world.chatId}`, heading: 'Milo Member', shows: 'Your pines set is wonderful.' },
  ]);
});

test('an admin walks the admin area', { tag: '@desktop' }, async ({ browser }, testInfo) => {
  walkOn(testInfo, 'desktop');
  test.setTimeout(600_000);
  const world = await theScene();
  const admin = await signUpAdminThroughApi({
    label: 'walka',
    publicName: 'Walking Admin',
    email: adminEmailFor('walk', testInfo.project.name),
  });
  const payments = await call<{ items: { id: string }[] }>(admin, 'GET', '/api/admin/payments');
  await walk(browser, testInfo, 'admin', admin, [
    { name: 'home', path: '/admin', heading: 'Admin' },
    { name: 'users', path: '/admin/users', heading: 'Users' },
    { name: 'user', path: `/admin/users/${world.creator.id}`, heading: 'Wanda Walker' },
    { name: 'payments', path: '/admin/payments', heading: 'Payments' },
    { name: 'payment', path: `/admin/payments/${payments.items[0]?.id}`, heading: /^Payment/ },
    { name: 'subscriptions', path: '/admin/subscriptions', heading: 'Subscriptions' },
    { name: 'payouts', path: '/admin/payouts', heading: 'Payouts' },
    { name: 'creator-payouts', path: `/admin/payouts/creators/${world.creator.id}`, heading: `Payouts of @${world.creator.handle}` },
    { name: 'disputes', path: '/admin/disputes', heading: 'Disputes' },
    { name: 'reported', path: '/admin/reported-content', heading: 'Reported content' },
    { name: 'restricted-words', path: '/admin/restricted-words', heading: 'Restricted words' },
    { name: 'support', path: '/admin/support', heading: 'Support', shows: 'Where is my receipt?' },
    { name: 'support-ticket', path: `/admin/support/${world.ticketId}`, heading: 'Where is my receipt?' },
    { name: 'verification', path: '/admin/verification-requests', heading: 'Verification requests' },
    { name: 'audit', path: '/admin/audit', heading: 'Audit log' },
  ]);
});
