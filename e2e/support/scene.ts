/**
 * The scenes of the journeys prepared through the HTTP API, as the web app calls it: people
 * signed up, creators made, plans and posts published, subscriptions paid. Only what a journey
 * is about then goes through the pages (the sign-up and the creator sign-up journeys keep doing
 * theirs there). A person's session cookie signs a browser context in.
 */
import { BOT_CHECK_ACTIONS, TERMS_VERSION, UPLOADS_PATH } from '@aurum/core';
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { totpCode } from '../../apps/server/src/second-factor/totp.js';
import { jpegWithLocation } from '../../apps/server/test/media-fixtures.js';
import { RecaptchaStandIn } from '../../apps/server/test/recaptcha-stand-in.js';
import { RECAPTCHA_KEYS } from './bot-check.js';
import { ownAddress } from './fixtures.js';
import { codeMailedTo, uniqueEmail, uniqueHandle } from './journey.js';
import { APP_URL } from './ports.js';

/** The session cookie the server sets on sign-in (apps/server/src/sessions/sessions.ts). */
const SESSION_COOKIE = 'aurum_session';

/** Mints the tokens the stand-in's script would make on the app's pages; the stand-in checks them with the shared keys. */
const botTokens = new RecaptchaStandIn(RECAPTCHA_KEYS.site, RECAPTCHA_KEYS.secret);

export interface Person {
  id: string;
  email: string;
  handle: string;
  publicName: string;
  /** The value of the session cookie. */
  session: string;
  /** The client address the server sees for this person (each person on their own connection, as in the pages). */
  address: string;
}

type Caller = Pick<Person, 'address'> & { session?: string };

/** The headers of a request from the app's pages: this site's origin, the person's address and session when signed in. */
function headersOf(person: Caller): Record<string, string> {
  const headers: Record<string, string> = { origin: APP_URL, 'x-forwarded-for': person.address };
  if (person.session) headers.cookie = `${SESSION_COOKIE}=${person.session}`;
  return headers;
}

/** One API request as the app's pages make it. */
export function send(person: Caller, method: string, path: string, body?: unknown) {
  const headers = headersOf(person);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(APP_URL + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** `send`, failing on any answer but a success. */
async function request(person: Caller, method: string, path: string, body?: unknown) {
  const response = await send(person, method, path, body);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A JSON call as `person`; fails on any answer but a success. */
export async function call<T = unknown>(person: Person, method: string, path: string, body?: unknown): Promise<T> {
  const response = await request(person, method, path, body);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** Signs an address in with the mailed code (past the bot check), from `address`; answers the session cookie's value. */
export async function signInThroughApi(email: string, address: string = ownAddress()): Promise<string> {
  const botToken = botTokens.token(BOT_CHECK_ACTIONS.signIn, new URL(APP_URL).hostname);
  const { challengeId } = (await (await request({ address }, 'POST', '/api/auth/code', { email, botToken })).json()) as {
    challengeId: string;
  };
  const signedIn = await request({ address }, 'POST', '/api/auth/session', { challengeId, code: await codeMailedTo(email) });
  const session = signedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!session) throw new Error(`signing ${email} in set no session cookie`);
  return session;
}

/** Signs a new address up: a sign-in code by e-mail, the terms, the profile. */
export async function signUpThroughApi(account: { label: string; publicName: string; email?: string }): Promise<Person> {
  const email = account.email ?? uniqueEmail(account.label);
  const handle = uniqueHandle(account.label);
  const address = ownAddress();
  const session = await signInThroughApi(email, address);
  const person = { id: '', email, handle, publicName: account.publicName, session, address };
  await call(person, 'POST', '/api/me/terms', { version: TERMS_VERSION });
  const profile = await call<{ id: string }>(person, 'POST', '/api/me/profile', { handle, publicName: account.publicName });
  return { ...person, id: profile.id };
}

/**
 * Turns two-step sign-in on with an authenticator app, as admins need it for the admin area and
 * creators to withdraw or change where they are paid; the session counts as checked for the
 * next ten minutes. Answers the app's secret (for its codes) and the recovery codes.
 */
export async function addAuthenticatorAppThroughApi(person: Person): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await call<{ secret: string }>(person, 'POST', '/api/me/second-factor/totp');
  const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(person, 'POST', '/api/me/second-factor/totp/confirm', {
    code: totpCode(secret, new Date()),
  });
  return { secret, recoveryCodes };
}

/** An admin (their address is in ADMIN_EMAILS) signed up with two-step sign-in on, as the admin area needs. */
export async function signUpAdminThroughApi(account: { label: string; publicName: string; email: string }): Promise<Person> {
  const admin = await signUpThroughApi(account);
  await addAuthenticatorAppThroughApi(admin);
  return admin;
}

let photo: Promise<Buffer> | undefined;
/** A phone-like photo with a GPS position, made once for the whole run. */
const photoBytes = () => {
  photo ??= jpegWithLocation(1280, 960);
  return photo;
};

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Uploads the photo as the web app does (tus, whole in the creation request) and waits until it is processed. */
async function uploadPhoto(person: Person): Promise<string> {
  const bytes = await photoBytes();
  const response = await fetch(APP_URL + UPLOADS_PATH, {
    method: 'POST',
    headers: {
      ...headersOf(person),
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${base64('photo.jpg')},filetype ${base64('image/jpeg')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 201) throw new Error(`the photo upload answered ${response.status}: ${await response.text()}`);
  const { mediaId } = (await response.json()) as { mediaId: string };
  await expect
    .poll(async () => (await call<{ status: string }>(person, 'GET', `/api/media/${mediaId}/status`)).status, { timeout: 60_000 })
    .toBe('ready');
  return mediaId;
}

/**
 * The creator sign-up: age and gender, avatar and bio, identity (approved on the development
 * provider's page), a bank account held in `holderName` (the public name unless given).
 */
async function becomeCreatorThroughApi(person: Person, holderName = person.publicName): Promise<void> {
  await call(person, 'POST', '/api/creator/onboarding/start');
  await call(person, 'PUT', '/api/creator/onboarding/age-gender', { birthDate: '1990-05-01', gender: 'female' });
  await call(person, 'PUT', '/api/creator/onboarding/images-bio', {
    bio: 'I photograph golden hours and make short films about light.',
    avatarMediaId: await uploadPhoto(person),
  });
  const { url } = await call<{ url: string }>(person, 'POST', '/api/creator/onboarding/verification', {});
  // The provider's page is a form, not the API: Approve posts it as a browser would.
  const decided = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approve',
    redirect: 'manual',
  });
  if (decided.status !== 303) throw new Error(`approving the identity check answered ${decided.status}`);
  await call(person, 'POST', '/api/payout-methods', {
    type: 'bank_account',
    holderName,
    country: 'DE',
    currency: 'EUR',
    iban: 'DE89370400440532013000',
  });
  const me = await call<{ isCreator: boolean }>(person, 'GET', '/api/me');
  if (!me.isCreator) throw new Error(`${person.handle} did not become a creator`);
}

/** A new person who became a creator. */
export async function signUpCreatorThroughApi(account: { label: string; publicName: string; holderName?: string }) {
  const creator = await signUpThroughApi(account);
  await becomeCreatorThroughApi(creator, account.holderName);
  return creator;
}

/** A plan in US dollars, created and activated; returns its id. */
export async function createPlanThroughApi(
  creator: Person,
  plan: { name: string; description: string; priceMinor: number; chat?: boolean },
): Promise<string> {
  const { id } = await call<{ id: string }>(creator, 'POST', '/api/plans', {
    name: plan.name,
    description: plan.description,
    priceMinor: plan.priceMinor,
    currency: 'USD',
    perks: { chat: plan.chat ?? false },
  });
  await call(creator, 'POST', `/api/plans/${id}/activate`, {});
  return id;
}

/** Publishes a post, with the photo unless `photo` is false; returns its page's URL. */
export async function publishPostThroughApi(
  creator: Person,
  post: { text: string; access: 'public' | 'follower' | 'subscription'; photo?: boolean },
): Promise<string> {
  const mediaIds = post.photo === false ? [] : [await uploadPhoto(creator)];
  const { id } = await call<{ id: string }>(creator, 'POST', '/api/posts', { text: post.text, mediaIds, access: [post.access] });
  return `${APP_URL}/posts/${id}`;
}

/** Saves the development provider's test card that always succeeds as the member's default method; returns its id. */
export async function saveCardThroughApi(member: Person): Promise<string> {
  const { token } = await call<{ token: string }>(member, 'POST', '/api/payments/dev/tokens', {
    type: 'card',
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  return (await call<{ id: string }>(member, 'POST', '/api/payment-methods', { token, makeDefault: true })).id;
}

/** Subscribes `member` to the creator's first plan with the test card that always succeeds. */
export async function subscribeThroughApi(member: Person, creatorId: string): Promise<void> {
  const profile = await call<{ plans: { id: string }[] }>(member, 'GET', `/api/users/${creatorId}/profile-page`);
  const paymentMethodId = await saveCardThroughApi(member);
  await call(member, 'POST', '/api/subscriptions', {
    planId: profile.plans[0]?.id,
    paymentMethodId,
    idempotencyKey: `${member.handle}-${Date.now()}`,
  });
}

/** Signs `page`'s browser context in as `person`, by their session cookie. */
export async function signInAs(page: Page, person: Person): Promise<void> {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: person.session, url: APP_URL, httpOnly: true, sameSite: 'Lax' }]);
}

/** A page in a new browser context of the test's project, signed in as `person`; close its context when done. */
export async function pageOf(browser: Browser, testInfo: TestInfo, person: Person): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, person);
  return page;
}

/**
 * A creator with a $6.50 plan (with chat if asked) and a post for subscribers, and a member who subscribed with the
 * test card, reading it in a browser of their own: the start of the money journeys.
 */
export async function memberReadingPaidPost(
  browser: Browser,
  testInfo: TestInfo,
  scene: {
    creator: { label: string; name: string; plan: string; planDescription: string; post: string; chat?: boolean };
    member: { label: string; name: string };
  },
): Promise<{ member: Page; memberHandle: string; creator: Person; reader: Person }> {
  const creator = await signUpCreatorThroughApi({ label: scene.creator.label, publicName: scene.creator.name });
  await createPlanThroughApi(creator, {
    name: scene.creator.plan,
    description: scene.creator.planDescription,
    priceMinor: 650,
    chat: scene.creator.chat ?? false,
  });
  const paidPostUrl = await publishPostThroughApi(creator, { text: scene.creator.post, access: 'subscription' });
  const reader = await signUpThroughApi({ label: scene.member.label, publicName: scene.member.name });
  await subscribeThroughApi(reader, creator.id);
  const member = await pageOf(browser, testInfo, reader);
  await member.goto(paidPostUrl);
  await expect(member.getByText(scene.creator.post)).toBeVisible();
  return { member, memberHandle: reader.handle, creator, reader };
}
