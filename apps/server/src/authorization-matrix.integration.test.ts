import { DEV_TEST_CARDS, generateId } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, insertMediaRow, signUp, uniqueHandle } from '../test/content-fixtures.js';
import { PARAM_VALUES, SOME_ID, VALID_INPUT } from '../test/route-inputs.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../test/test-server.js';

/**
 * The authorization matrix: every operation of the OpenAPI document, called by each kind of
 * caller, must answer as its decision below says. An operation without a decision fails, so a
 * new route is decided on before it ships. The callers: nobody, a member (who holds the
 * subscription and payment method in the paths), the creator (who owns the plan, post, media and
 * payout method in the paths), another creator, and an admin (neither creator nor member of
 * anything here).
 *
 * Decisions:
 * - `public`: anyone, signed in or not (never 401 or 403);
 * - `signed-in`: 401 for nobody; anyone signed in gets past the gate;
 * - `creators`: 401 for nobody, 403 creator_required for those without the creators label;
 * - `admins`: 401 for nobody, 403 admin_only for everyone but admins;
 * - `creator's`: the creator's own resource: others signed in are told it does not exist (404);
 * - `creator's, creators only`: as `creator's`, and 403 creator_required for non-creators;
 * - `creator's, of a public page`: the creator's own, behind their public page (their followers): others signed in get 403;
 * - `creator's or admins'`: about the creator, read by the creator and admins: others signed in get 403 (the creator is public);
 * - `member's`: the member's own resource (a subscription, a support ticket): others signed in get 404;
 * - `the chat's`: the member's chat with the creator: others signed in get 404.
 * "Gets past the gate" is any answer but 401, 403 and, for owned resources, 404.
 */
type Decision =
  | 'public'
  | 'signed-in'
  | 'creators'
  | 'admins'
  | "creator's"
  | "creator's, creators only"
  | "creator's, of a public page"
  | "creator's or admins'"
  | "member's"
  | "the chat's";
type Caller = 'nobody' | 'member' | 'creator' | 'another creator' | 'admin';

const CALLERS: Caller[] = ['nobody', 'member', 'another creator', 'admin', 'creator'];

const DECISIONS: Record<string, Decision> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'POST /api/auth/code': 'public',
  'POST /api/auth/session': 'public',
  'DELETE /api/auth/session': 'public',
  'POST /api/auth/second-factor': 'public',
  'POST /api/auth/second-factor/passkey-options': 'public',
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/passkey': 'public',
  'GET /api/client-config': 'public',
  'POST /api/telemetry/v1/traces': 'public',
  'POST /api/telemetry/v1/metrics': 'public',
  'POST /api/webhooks/verification/{provider}': 'public',
  'POST /api/webhooks/payments/{provider}': 'public',
  'POST /api/webhooks/payouts/{provider}': 'public',

  'GET /api/me': 'signed-in',
  'DELETE /api/me': 'signed-in',
  'GET /api/me/sessions': 'signed-in',
  'DELETE /api/me/sessions': 'signed-in',
  'DELETE /api/me/sessions/{sessionId}': 'signed-in',
  'GET /api/me/second-factor': 'signed-in',
  'POST /api/me/second-factor/totp': 'signed-in',
  'DELETE /api/me/second-factor/totp': 'signed-in',
  'POST /api/me/second-factor/totp/confirm': 'signed-in',
  'POST /api/me/second-factor/passkeys/options': 'signed-in',
  'POST /api/me/second-factor/passkeys': 'signed-in',
  'DELETE /api/me/second-factor/passkeys/{passkeyId}': 'signed-in',
  'POST /api/me/second-factor/recovery-codes': 'signed-in',
  'POST /api/me/second-factor/check/passkey-options': 'signed-in',
  'POST /api/me/second-factor/check': 'signed-in',
  'POST /api/me/terms': 'signed-in',
  'POST /api/me/profile': 'signed-in',
  'PUT /api/me/preferences': 'signed-in',
  'GET /api/push/public-key': 'signed-in',
  'PUT /api/me/push-subscriptions': 'signed-in',
  'DELETE /api/me/push-subscriptions': 'signed-in',
  'POST /api/me/heartbeat': 'signed-in',
  'GET /api/handles/{handle}': 'signed-in',
  'GET /api/users/{userId}': 'signed-in',
  'GET /api/users/{userId}/profile-page': 'signed-in',
  'GET /api/users/{userId}/avatar': 'signed-in',
  'GET /api/users/{userId}/cover': 'signed-in',
  'GET /api/realtime': 'signed-in',

  'GET /api/plans': 'signed-in',
  'POST /api/plans': 'creators',
  'GET /api/plans/{planId}': 'signed-in',
  'PATCH /api/plans/{planId}': "creator's, creators only",
  'POST /api/plans/{planId}/activate': "creator's, creators only",
  'POST /api/plans/{planId}/deactivate': "creator's, creators only",
  'GET /api/users/{userId}/plans': 'signed-in',

  'GET /api/posts': 'signed-in',
  'POST /api/posts': 'creators',
  'GET /api/posts/{postId}': 'signed-in',
  'PATCH /api/posts/{postId}': "creator's, creators only",
  'DELETE /api/posts/{postId}': "creator's, creators only",
  'POST /api/posts/{postId}/media': "creator's, creators only",
  'PATCH /api/posts/{postId}/media/{mediaId}': "creator's, creators only",
  'DELETE /api/posts/{postId}/media/{mediaId}': "creator's, creators only",
  'GET /api/users/{userId}/posts': 'signed-in',
  'GET /api/posts/{postId}/media/{position}/{kind}': 'signed-in',
  'PUT /api/posts/{postId}/like': 'signed-in',
  'DELETE /api/posts/{postId}/like': 'signed-in',
  'POST /api/seen': 'signed-in',
  'GET /api/me/seen': 'signed-in',
  'GET /api/me/cached-documents': 'signed-in',
  'GET /api/feed': 'signed-in',
  'GET /api/creators': 'signed-in',

  'PUT /api/creators/{creatorId}/follow': 'signed-in',
  'DELETE /api/creators/{creatorId}/follow': 'signed-in',
  'GET /api/me/follows': 'signed-in',
  'GET /api/creators/{creatorId}/followers': "creator's, of a public page",
  'PUT /api/users/{userId}/block': 'signed-in',
  'DELETE /api/users/{userId}/block': 'signed-in',
  'GET /api/me/blocks': 'signed-in',
  'GET /api/creators/{creatorId}/tip-settings': 'signed-in',
  'POST /api/creators/{creatorId}/tips': 'signed-in',
  'PUT /api/me/tip-settings': 'creators',
  'POST /api/posts/{postId}/purchase': 'signed-in',
  'GET /api/me/payments': 'signed-in',
  'POST /api/me/offers': 'creators',
  'GET /api/me/offers': 'creators',
  'DELETE /api/me/offers/{offerId}': "creator's, creators only",
  'GET /api/creators/{creatorId}/offers': 'signed-in',
  'POST /api/me/trial-links': 'creators',
  'GET /api/me/trial-links': 'creators',
  'DELETE /api/me/trial-links/{linkId}': "creator's, creators only",
  'GET /api/trial-links/{code}': 'signed-in',
  'POST /api/trial-links/{code}/claim': 'signed-in',
  'POST /api/subscriptions/{subId}/dev/end-trial': 'signed-in',

  'GET /api/creator/onboarding': 'signed-in',
  'POST /api/creator/onboarding/start': 'signed-in',
  'PUT /api/creator/onboarding/age-gender': 'signed-in',
  'PUT /api/creator/onboarding/images-bio': 'signed-in',
  'POST /api/creator/onboarding/verification': 'signed-in',
  'POST /api/admin/users/{userId}/age-verification': 'admins',
  'GET /api/admin/overview': 'admins',
  'GET /api/admin/users': 'admins',
  'GET /api/admin/users/{userId}': 'admins',
  'POST /api/admin/users/{userId}/labels': 'admins',
  'POST /api/admin/users/{userId}/disable': 'admins',
  'POST /api/admin/users/{userId}/enable': 'admins',
  'POST /api/admin/users/{userId}/sessions/revoke': 'admins',
  'GET /api/admin/audit': 'admins',
  'GET /api/admin/payments': 'admins',
  'GET /api/admin/payments.csv': 'admins',
  'GET /api/admin/payments/{chargeId}': 'admins',
  'POST /api/admin/payments/{chargeId}/refund': 'admins',
  'GET /api/admin/ledger': 'admins',
  'GET /api/admin/ledger.csv': 'admins',
  'GET /api/admin/subscriptions': 'admins',
  'GET /api/admin/subscriptions.csv': 'admins',
  'GET /api/admin/reported-content': 'admins',
  'GET /api/admin/reported-content/{contentId}': 'admins',
  'POST /api/admin/reported-content/{contentId}/actions': 'admins',
  'GET /api/admin/reported-content/{contentId}/media/{position}/{kind}': 'admins',
  'GET /api/admin/restricted-words': 'admins',
  'PUT /api/admin/restricted-words': 'admins',
  'POST /api/admin/users/{userId}/unsuspend': 'admins',
  'POST /api/admin/users/{userId}/anonymise': 'admins',
  'GET /api/admin/verification-requests': 'admins',
  'GET /api/admin/verification-requests/{requestId}': 'admins',
  'POST /api/admin/verification-requests/{requestId}/decision': 'admins',
  'POST /api/me/verification-requests': 'signed-in',
  'GET /api/me/verification-requests': 'signed-in',
  'POST /api/me/data-export': 'signed-in',
  'GET /api/me/data-export': 'signed-in',
  // Someone else's export (or none) is 404; the owner also needs the link's signature.
  'GET /api/me/data-exports/{exportId}/download': 'signed-in',
  'POST /api/reports': 'signed-in',
  'GET /api/me/reports': 'signed-in',
  'GET /api/me/moderation-notices': 'signed-in',
  'POST /api/me/moderation-notices/read': 'signed-in',
  'POST /api/support/tickets': 'signed-in',
  'GET /api/support/tickets': 'signed-in',
  'GET /api/support/tickets/{ticketId}': "member's",
  'POST /api/support/tickets/{ticketId}/messages': "member's",
  'POST /api/support/tickets/{ticketId}/close': "member's",
  'POST /api/support/tickets/{ticketId}/reopen': "member's",
  'GET /api/support/tickets/{ticketId}/messages/{messageId}/screenshot/{kind}': "member's",
  'GET /api/admin/support/tickets': 'admins',
  'GET /api/admin/support/tickets/{ticketId}': 'admins',
  'POST /api/admin/support/tickets/{ticketId}/messages': 'admins',
  'POST /api/admin/support/tickets/{ticketId}/close': 'admins',
  'POST /api/admin/support/tickets/{ticketId}/reopen': 'admins',
  'GET /api/admin/support/tickets/{ticketId}/messages/{messageId}/screenshot/{kind}': 'admins',
  'GET /api/me/creators': 'signed-in',
  'GET /api/me/fans': 'creators',
  'GET /api/me/fan-lists': 'creators',
  'POST /api/me/fan-lists': 'creators',
  'PATCH /api/me/fan-lists/{listId}': "creator's, creators only",
  'DELETE /api/me/fan-lists/{listId}': "creator's, creators only",
  'GET /api/me/fan-lists/{ref}/members': "creator's, creators only",
  'PUT /api/me/fan-lists/{listId}/members/{userId}': "creator's, creators only",
  'DELETE /api/me/fan-lists/{listId}/members/{userId}': "creator's, creators only",
  'GET /api/me/fans/{userId}/details': "creator's, creators only",
  'PUT /api/me/fans/{userId}/note': "creator's, creators only",
  'POST /api/me/mass-messages': 'creators',
  'GET /api/me/vault': 'creators',
  'GET /api/me/vault/folders': 'creators',
  'POST /api/me/vault/folders': 'creators',
  'PATCH /api/me/vault/folders/{folderId}': "creator's, creators only",
  'DELETE /api/me/vault/folders/{folderId}': "creator's, creators only",
  'PUT /api/me/vault/folders/{folderId}/items/{mediaId}': "creator's, creators only",
  'DELETE /api/me/vault/folders/{folderId}/items/{mediaId}': "creator's, creators only",
  'DELETE /api/me/vault/{mediaId}': "creator's, creators only",
  'GET /api/me/vault/{mediaId}/{kind}': "creator's, creators only",
  'GET /api/me/mass-messages/audience': 'creators',
  'GET /api/me/mass-messages': 'creators',
  'GET /api/me/mass-messages/{massMessageId}': "creator's, creators only",
  'POST /api/me/mass-messages/{massMessageId}/unsend': "creator's, creators only",
  'GET /api/payout-methods': 'signed-in',
  'POST /api/payout-methods': 'signed-in',
  'POST /api/payout-methods/{methodId}/activate': "creator's",
  'DELETE /api/payout-methods/{methodId}': "creator's",
  'GET /api/me/earnings': 'creators',
  'GET /api/creator/payouts/account': 'creators',
  'GET /api/creator/payouts': 'creators',
  'POST /api/creator/payouts': 'creators',
  'PUT /api/creator/payouts/schedule': 'creators',
  'POST /api/creator/payouts/onboarding': 'creators',
  'GET /api/creator/payouts/{payoutId}/statement.csv': 'creators',
  'POST /api/creator/payouts/onboarding/refresh': 'creators',
  'GET /api/admin/payouts': 'admins',
  'POST /api/admin/payouts/{payoutId}/retry': 'admins',
  'GET /api/admin/payouts/manual-export': 'admins',
  'POST /api/admin/payouts/{payoutId}/mark': 'admins',
  'GET /api/admin/creators/{creatorId}/payouts': 'admins',
  'PUT /api/admin/creators/{creatorId}/payouts/hold': 'admins',
  'PUT /api/admin/creators/{creatorId}/payouts/held': 'admins',
  'GET /api/admin/disputes': 'admins',
  'POST /api/admin/payments/{chargeId}/test-dispute': 'admins',
  'POST /api/admin/disputes/{disputeId}/test-close': 'admins',

  'GET /api/payments/config': 'signed-in',
  'POST /api/payments/dev/tokens': 'signed-in',
  'GET /api/payment-methods': 'signed-in',
  'POST /api/payment-methods': 'signed-in',
  'GET /api/payment-methods/{methodId}': "member's",
  'PUT /api/payment-methods/{methodId}/default': "member's",
  'DELETE /api/payment-methods/{methodId}': "member's",
  'GET /api/subscriptions': 'signed-in',
  'POST /api/subscriptions': 'signed-in',
  'GET /api/subscriptions/{subId}': "member's",
  'POST /api/subscriptions/{subId}/cancel': "member's",
  'PUT /api/subscriptions/{subId}/payment-method': "member's",
  'GET /api/subscriptions/{subId}/plan-change': "member's",
  'PUT /api/subscriptions/{subId}/plan': "member's",

  'POST /api/uploads': 'signed-in',
  'PATCH /api/uploads/{uploadId}': 'signed-in',
  'DELETE /api/uploads/{uploadId}': 'signed-in',
  'GET /api/media/usage': 'signed-in',
  'GET /api/media/{mediaId}/status': "creator's",
  'DELETE /api/media/{mediaId}': "creator's",

  'GET /api/chats': 'signed-in',
  'POST /api/chats': 'signed-in',
  'GET /api/chats/partners': 'signed-in',
  'GET /api/creators/{creatorId}/insights/earnings': "creator's or admins'",
  'GET /api/creators/{creatorId}/insights/subscribers': "creator's or admins'",
  'GET /api/creators/{creatorId}/insights/posts': "creator's or admins'",
  'GET /api/creators/{creatorId}/insights/fans': "creator's or admins'",
  'GET /api/creators/{creatorId}/insights/statement.csv': "creator's or admins'",
  'GET /api/me/insights-settings': 'creators',
  'PUT /api/me/insights-settings': 'creators',

  'GET /api/chats/unread': 'signed-in',
  'GET /api/chats/{chatId}': "the chat's",
  'GET /api/chats/{chatId}/messages': "the chat's",
  'GET /api/chats/{chatId}/messages/{messageId}': "the chat's",
  'POST /api/chats/{chatId}/messages': "the chat's",
  'PUT /api/chats/{chatId}/read': "the chat's",
  'POST /api/chats/{chatId}/typing': "the chat's",
  'GET /api/chats/{chatId}/messages/{messageId}/media/{position}/{kind}': "the chat's",
  'POST /api/chats/{chatId}/messages/{messageId}/unlock': "the chat's",
};

/** What each caller gets under a decision: a status, or `past` (through the gate: anything but 401, 403 and the owner's 404). */
type Expected = 401 | 403 | 404 | 'past';
function expected(decision: Decision, caller: Caller): Expected {
  if (decision === 'public') return 'past';
  if (caller === 'nobody') return 401;
  const isCreator = caller === 'creator' || caller === 'another creator';
  switch (decision) {
    case 'signed-in':
      return 'past';
    case 'creators':
      return isCreator ? 'past' : 403;
    case 'admins':
      return caller === 'admin' ? 'past' : 403;
    case "creator's":
      return caller === 'creator' ? 'past' : 404;
    case "creator's, creators only":
      return caller === 'creator' ? 'past' : isCreator ? 404 : 403;
    case "creator's, of a public page":
      return caller === 'creator' ? 'past' : 403;
    case "creator's or admins'":
      return caller === 'creator' || caller === 'admin' ? 'past' : 403;
    case "member's":
      return caller === 'member' ? 'past' : 404;
    case "the chat's":
      return caller === 'member' || caller === 'creator' ? 'past' : 404;
  }
}

const ADMIN_EMAIL = 'matrix-admin@example.com';
let server: TestServer;
let clients: Record<Exclude<Caller, 'nobody'>, ApiClient>;
let params: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  const creator = await signUp(server, 'matrixowner', { creator: true });
  const another = await signUp(server, 'matrixrival', { creator: true });
  const member = await signUp(server, 'matrixfan');
  const admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('matrixadmin'));
  await admin.addAuthenticatorApp();
  clients = { creator: creator.client, 'another creator': another.client, member: member.client, admin };
  // Every caller's session has passed a second factor just now, so what the matrix sees is who they
  // are, not whether they confirmed (the second-factor suites look at that).
  for (const client of [creator.client, another.client, member.client]) await client.addAuthenticatorApp();

  const planId = await createActivePlan(creator.client, 'Gold', 500, 'USD', { chat: true });
  otherPlanId = await createActivePlan(creator.client, 'Silver', 300);
  const postMedia = await mediaWithBytes(creator.id);
  const post = await creator.client.post('/api/posts', { text: 'for everyone', access: ['public'], mediaIds: [postMedia] });
  const payout = await creator.client.post('/api/payout-methods', { type: 'paypal', email: 'owner@example.com' });
  const token = await member.client.post('/api/payments/dev/tokens', {
    type: 'card',
    number: DEV_TEST_CARDS.succeeds,
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  const method = await member.client.post('/api/payment-methods', { token: token.body.token });
  const subscription = await member.client.post('/api/subscriptions', {
    planId,
    paymentMethodId: method.body.id,
    idempotencyKey: generateId().padEnd(16, '0'),
  });
  const chat = await member.client.post('/api/chats', { partnerId: creator.id });
  const messageId = generateId();
  const message = await creator.client.post(`/api/chats/${chat.body.id}/messages`, {
    id: messageId,
    text: 'hello',
    mediaIds: [await mediaWithBytes(creator.id)],
  });
  expect([post.status, payout.status, method.status, subscription.status, chat.status, message.status]).toEqual([
    201, 201, 201, 201, 200, 200,
  ]);
  const ticket = await member.client.post('/api/support/tickets', {
    subject: 'Help',
    message: 'A screenshot of it',
    screenshotMediaId: await mediaWithBytes(member.id),
  });
  expect(ticket.status).toBe(201);
  const handle = (await creator.client.get('/api/me')).body.handle as string;
  const trialLink = await creator.client.post('/api/me/trial-links', { planId: otherPlanId, days: 3 });
  expect(trialLink.status).toBe(201);
  const offer = await creator.client.post('/api/me/offers', { planId: otherPlanId, audience: 'link', kind: 'percent', value: 10 });
  expect(offer.status).toBe(201);
  const fanList = await creator.client.post('/api/me/fan-lists', { name: 'Scene list' });
  expect(fanList.status).toBe(201);
  const massMessage = await creator.client.post('/api/me/mass-messages', { id: generateId(), text: 'To all', include: ['subscribers'] });
  expect(massMessage.status).toBe(201);
  const vaultFolder = await creator.client.post('/api/me/vault/folders', { name: 'Scene folder' });
  expect(vaultFolder.status).toBe(201);
  params = {
    userId: creator.id,
    creatorId: creator.id,
    planId,
    postId: post.body.id,
    mediaId: await insertMediaRow(server, creator.id),
    subId: subscription.body.id,
    chatId: chat.body.id,
    messageId,
    ticketId: ticket.body.ticket.id,
    handle,
    provider: 'dev',
    linkId: trialLink.body.id,
    offerId: offer.body.id,
    code: trialLink.body.code,
    listId: fanList.body.listId,
    ref: fanList.body.ref,
    massMessageId: massMessage.body.id,
    folderId: vaultFolder.body.id,
  };
  // Paths name one resource per parameter, but `methodId` is the member's payment method or the creator's payout method,
  // and `mediaId` an upload or a post's item.
  paymentMethodId = method.body.id;
  fanId = member.id;
  vaultMediaId = await mediaWithBytes(creator.id);
  postMediaId = postMedia;
  payoutMethodId = payout.body.id;
  supportMessageId = ticket.body.messages.items[0].id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let paymentMethodId: string;
let postMediaId: string;
let payoutMethodId: string;
let otherPlanId: string;
let supportMessageId: string;
let fanId: string;
let vaultMediaId: string;

/** A ready image of the owner with the bytes of its derivative behind it, so serving it can succeed. */
async function mediaWithBytes(ownerId: string): Promise<string> {
  const mediaId = await insertMediaRow(server, ownerId);
  await server.context.storage.put(`fixtures/${mediaId}/${PARAM_VALUES.kind}`, Buffer.from('image bytes'), { contentType: 'image/webp' });
  return mediaId;
}

/** Inputs naming the scene's own rows where an id of nothing would make the owner's answer a 404 too. */
function inputOf(operation: string): { body?: unknown; query?: string } {
  switch (operation) {
    case 'POST /api/seen':
      return { body: { entityId: params.postId } };
    case 'GET /api/subscriptions/{subId}/plan-change':
      return { query: `planId=${otherPlanId}` };
    case 'PUT /api/subscriptions/{subId}/payment-method':
      return { body: { paymentMethodId } };
    case 'PUT /api/subscriptions/{subId}/plan':
      // A quote that is not the price: refused with 409 quote_changed, so the subscription stays as it is.
      return { body: { planId: otherPlanId, expectedAmountMinor: 999_999, idempotencyKey: generateId().padEnd(16, '0') } };
    default: {
      const [method, path = ''] = operation.split(' ');
      return VALID_INPUT[`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`] ?? {};
    }
  }
}

function urlOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, param: string) => {
    // Admin actions name a user of nobody's: the admin's answer is 404, and the scene's accounts stay as they are.
    if (param === 'userId' && path.startsWith('/api/admin/') && path !== '/api/admin/users/{userId}') return SOME_ID;
    // `messageId` is the chat's message, or on a support ticket its first message (with the screenshot).
    if (param === 'messageId' && path.includes('/support/')) return supportMessageId;
    // A fan's lists and note are about the member, the creator's subscriber.
    if (param === 'userId' && path.startsWith('/api/me/fan')) return fanId;
    // The vault's item is an upload of its own, so deleting it leaves the other routes' item.
    if (param === 'mediaId' && path.startsWith('/api/me/vault/')) return vaultMediaId;
    if (param === 'methodId') return path.startsWith('/api/payout-methods') ? payoutMethodId : paymentMethodId;
    // A post's media item is the one on the scene's post; `/api/media/{mediaId}` is an upload of the creator's on no post.
    if (param === 'mediaId' && path.startsWith('/api/posts/')) return postMediaId;
    return params[param] ?? PARAM_VALUES[param] ?? SOME_ID;
  });
}

/**
 * Reads first, then writes, blocks last of them (a block closes the chat), then deletions
 * (deepest paths first), removing the callers' second factors (the payout routes need them),
 * ending the callers' accounts and then their sessions.
 */
function order(operation: string): number {
  const [method = '', path = ''] = operation.split(' ');
  if (method === 'DELETE' && path.startsWith('/api/me/second-factor/')) return 3.5;
  if (operation === 'DELETE /api/me') return 4;
  if (operation === 'DELETE /api/auth/session') return 5;
  if (method === 'GET') return 0;
  if (method !== 'DELETE') return path.endsWith('/block') ? 2 : 1;
  return 3 - path.split('/').length / 100;
}

describe(`the authorization matrix (${TEST_DRIVER})`, () => {
  it('answers every operation of the API as its decision says, for every kind of caller', async () => {
    const document = (await clients.member.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(70);
    const undecided = operations.filter((operation) => !(operation in DECISIONS));
    expect(undecided, 'operations without a decision').toEqual([]);
    expect(
      Object.keys(DECISIONS).filter((operation) => !operations.includes(operation)),
      'decisions about no operation',
    ).toEqual([]);

    const wrong: string[] = [];
    for (const operation of [...operations].sort((a, b) => order(a) - order(b))) {
      const [method = '', path = ''] = operation.split(' ');
      const input = inputOf(operation);
      const decision = DECISIONS[operation] as Decision;
      for (const caller of CALLERS) {
        const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
        const response = await fetch(`${server.baseUrl}${urlOf(path)}${input.query ? `?${input.query}` : ''}`, {
          method,
          headers: {
            origin: server.baseUrl,
            ...(caller === 'nobody' ? {} : { cookie: clients[caller].cookie ?? '' }),
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          body: withBody ? JSON.stringify(input.body ?? {}) : undefined,
        });
        const text = await response.text();
        const want = expected(decision, caller);
        const got = response.status;
        const owned = decision !== 'public' && decision !== 'signed-in' && decision !== 'creators' && decision !== 'admins';
        const ok = want === 'past' ? ![401, 403].includes(got) && !(owned && got === 404) : got === want;
        if (!ok) wrong.push(`${operation} [${decision}] as ${caller}: ${got} ${text.slice(0, 100)} (wanted ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
