import { DERIVATIVE_KINDS, generateId } from '@aurum/core';

/**
 * Inputs that let a request reach the handler in the sweeps over every route (signed out, and the
 * authorization matrix): schema validation runs before the handler, so routes that take a body or
 * query get a valid one to reach `requireViewer`.
 */

/** An id of nothing: routes answer it as they would a missing row. */
export const SOME_ID = generateId();
const id = SOME_ID;
const idempotencyKey = generateId().padEnd(16, '0');

export const VALID_INPUT: Record<string, { body?: unknown; query?: string }> = {
  'POST /api/me/terms': { body: { version: '1' } },
  'POST /api/me/second-factor/totp/confirm': { body: { code: '123456' } },
  'POST /api/me/second-factor/passkeys': {
    body: { challengeId: 'c'.repeat(24), response: { id: 'credential', rawId: 'credential', type: 'public-key' } },
  },
  'POST /api/me/second-factor/check': { body: { totpCode: '123456' } },
  'POST /api/telemetry/v1/traces': { body: { resourceSpans: [] } },
  'POST /api/telemetry/v1/metrics': { body: { resourceMetrics: [] } },
  'POST /api/me/profile': { body: { handle: 'someone', publicName: 'Someone' } },
  'POST /api/plans': { body: { name: 'Plan', priceMinor: 500, currency: 'USD' } },
  'POST /api/posts': { body: { access: ['public'] } },
  'POST /api/posts/:postId/media': { body: { mediaId: id } },
  'PATCH /api/posts/:postId/media/:mediaId': { body: { position: 0 } },
  'POST /api/seen': { body: { entityId: id } },
  'GET /api/me/cached-documents': { query: `collection=posts&ids=${id}` },
  'POST /api/chats': { body: { partnerId: id } },
  'PUT /api/me/preferences': { body: { chatEmailNotices: true } },
  'PUT /api/me/push-subscriptions': {
    body: { endpoint: 'https://push.example/send/1', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
  },
  'DELETE /api/me/push-subscriptions': { query: `endpoint=${encodeURIComponent('https://push.example/send/1')}` },
  'POST /api/chats/:chatId/messages': { body: { id, text: 'Hello' } },
  'PUT /api/chats/:chatId/read': { body: { messageId: id } },
  'POST /api/chats/:chatId/messages/:messageId/unlock': { body: { paymentMethodId: id, idempotencyKey } },
  'PUT /api/creator/onboarding/age-gender': { body: { birthDate: '1990-01-31', gender: 'female' } },
  'PUT /api/creator/onboarding/images-bio': { body: { bio: 'Hello' } },
  'POST /api/payout-methods': { body: { type: 'paypal', email: 'payouts@example.com' } },
  'POST /api/creator/payouts': { body: { currency: 'USD', idempotencyKey } },
  'PUT /api/creator/payouts/schedule': { body: { schedule: { kind: 'weekly', day: 1 } } },
  'POST /api/admin/payouts/:payoutId/retry': { body: { reason: 'Fixed' } },
  'POST /api/admin/payouts/:payoutId/mark': { body: { outcome: 'failed', reason: 'Returned by the bank' } },
  'PUT /api/admin/creators/:creatorId/payouts/hold': { body: { holdDays: 3, reason: 'Clean record' } },
  'PUT /api/admin/creators/:creatorId/payouts/held': { body: { held: true, reason: 'Review' } },
  'POST /api/admin/payments/:chargeId/test-dispute': { body: { reason: 'Trying the flow' } },
  'POST /api/admin/disputes/:disputeId/test-close': { body: { outcome: 'won', reason: 'Decided' } },
  'POST /api/payments/dev/tokens': { body: { type: 'paypal', email: 'payer@example.com' } },
  'POST /api/payment-methods': { body: { token: 'tok_1' } },
  'POST /api/subscriptions': { body: { planId: id, paymentMethodId: id, idempotencyKey } },
  'POST /api/creators/:creatorId/tips': { body: { amountMinor: 500, currency: 'USD', paymentMethodId: id, idempotencyKey } },
  'PUT /api/me/tip-settings': { body: { enabled: true, currency: 'USD', minimumMinor: 100 } },
  'POST /api/me/trial-links': { body: { planId: id, days: 7 } },
  'POST /api/me/offers': { body: { planId: id, audience: 'new', kind: 'percent', value: 10 } },
  'POST /api/me/fan-lists': { body: { name: 'Best fans' } },
  'POST /api/me/vault/folders': { body: { name: 'Beach set' } },
  'PATCH /api/me/vault/folders/:folderId': { body: { name: 'Summer' } },
  'POST /api/me/mass-messages': { body: { id, text: 'Hello', include: ['subscribers'] } },
  'GET /api/me/mass-messages/audience': { query: 'include=subscribers' },
  'PATCH /api/me/fan-lists/:listId': { body: { name: 'Inner circle' } },
  'PUT /api/me/fans/:userId/note': { body: { text: 'Likes the blue sets' } },
  'POST /api/trial-links/:code/claim': { body: { paymentMethodId: id } },
  'POST /api/posts/:postId/purchase': { body: { paymentMethodId: id, idempotencyKey, price: { amountMinor: 500, currency: 'USD' } } },
  'PUT /api/subscriptions/:subId/payment-method': { body: { paymentMethodId: id } },
  'GET /api/subscriptions/:subId/plan-change': { query: `planId=${id}` },
  'PUT /api/subscriptions/:subId/plan': { body: { planId: id, expectedAmountMinor: 500, idempotencyKey } },
  'GET /api/creators/:creatorId/insights/statement.csv': { query: 'month=2026-01' },
  'PUT /api/me/insights-settings': { body: { timeZone: null } },
  'POST /api/admin/users/:userId/labels': { body: { label: 'creators', granted: true } },
  'POST /api/reports': { body: { targetKind: 'post', targetId: id, reason: 'spam' } },
  'POST /api/admin/reported-content/:contentId/actions': { body: { action: 'dismiss', reason: 'No breach' } },
  'PUT /api/admin/restricted-words': { body: { words: [] } },
  'POST /api/admin/verification-requests/:requestId/decision': { body: { decision: 'decline', reason: 'No document' } },
  'GET /api/me/data-exports/:exportId/download': { query: `expires=1&signature=${'A'.repeat(43)}` },
  'POST /api/support/tickets': { body: { subject: 'Help', message: 'Something is wrong' } },
  'POST /api/support/tickets/:ticketId/messages': { body: { message: 'More detail' } },
  'POST /api/admin/support/tickets/:ticketId/messages': { body: { message: 'We are on it' } },
  'POST /api/admin/payments/:chargeId/refund': {
    body: { idempotencyKey: '00000000-0000-4000-8000-000000000000', reason: 'Asked for it back', endsAccess: true },
  },
};

/** Path parameters that are not ids. */
export const PARAM_VALUES: Record<string, string> = {
  position: '0',
  kind: DERIVATIVE_KINDS[0],
  handle: 'someone',
  code: 'NoSuchTrial23',
  ref: 'subscribers',
};
