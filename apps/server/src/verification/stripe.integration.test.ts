import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { registerAndFillProfileSteps } from '../../test/creator-steps.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { users, verificationEvents, verificationRequests } from '../db/schema.js';

const SECRET_KEY = 'sk_test_aurum_stand_in_key';
const WEBHOOK_SECRET = 'whsec_aurum_stand_in_secret';

let stripe: StripeStandIn;
let server: TestServer;
let webhookUrl: string;
beforeAll(async () => {
  stripe = new StripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  const apiBase = await stripe.start();
  server = await startTestServer({
    VERIFICATION_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_API_BASE: apiBase,
    STRIPE_IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  webhookUrl = `${server.baseUrl}/api/webhooks/verification/stripe`;
});
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
});

const sessionIdOf = (requestId: string) => stripe.requests.find((r) => r.headers['idempotency-key'] === requestId);

async function requestStatus(requestId: string) {
  const [row] = await server.context.database.db.select().from(verificationRequests).where(eq(verificationRequests.id, requestId));
  return row;
}

/** A user who did every step but identity, with a Stripe session started. */
async function creatorAwaitingStripe(handle: string) {
  const client = new ApiClient(server);
  const me = await registerAndFillProfileSteps(server, client, uniqueEmail('stripe'), handle);
  await client.post('/api/payout-methods', { type: 'paypal', email: `${handle}@example.com` });
  const session = await client.post('/api/creator/onboarding/verification');
  expect(session.status).toBe(201);
  const providerSessionId = (await requestStatus(session.body.requestId))?.providerSessionId;
  if (!providerSessionId) throw new Error('no provider session recorded');
  return { client, me, session: session.body, providerSessionId };
}

describe(`becoming a creator through Stripe Identity (${TEST_DRIVER})`, () => {
  it('creates a document session with the secret key and a verified webhook makes the user a creator', async () => {
    const { client, me, session, providerSessionId } = await creatorAwaitingStripe('stripe_star');

    expect(session.provider).toBe('stripe');
    expect(session.url).toMatch(/^https:\/\/verify\.stripe\.com\/start\/test_/);
    const call = sessionIdOf(session.requestId);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/identity/verification_sessions');
    expect(call?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      type: 'document',
      'options[document][require_matching_selfie]': 'true',
      client_reference_id: me.id,
      'metadata[user_id]': me.id,
      'metadata[verification_request_id]': session.requestId,
      'metadata[session_type]': 'age',
      return_url: 'http://127.0.0.1:1/creator/signup/verify-identity',
    });
    expect(stripe.sessions.get(providerSessionId)?.metadata.user_id).toBe(me.id);

    const processing = await stripe.sendEvent(webhookUrl, 'identity.verification_session.processing', providerSessionId);
    expect(processing.response.status).toBe(200);
    expect(await processing.response.json()).toEqual({ received: true, outcome: 'unchanged' });

    const verified = await stripe.sendEvent(webhookUrl, 'identity.verification_session.verified', providerSessionId);
    expect(verified.response.status).toBe(200);
    expect(await verified.response.json()).toEqual({ received: true, outcome: 'applied' });

    const current = await client.get('/api/me');
    expect(current.body.roles).toEqual(['creators', 'members']);
    expect(current.body.isVerified).toBe(true);
    expect((await client.get('/api/creator/onboarding')).body).toMatchObject({ status: 'completed', verification: { status: 'approved' } });

    // Stripe retries deliveries: the same event again changes nothing.
    const again = await stripe.deliver(webhookUrl, verified.body, verified.signature);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    const history = await server.context.database.db
      .select({ status: verificationEvents.status, source: verificationEvents.source, payload: verificationEvents.payload })
      .from(verificationEvents)
      .where(eq(verificationEvents.requestId, session.requestId))
      .orderBy(verificationEvents.createdAt);
    expect(history).toEqual([
      { status: 'pending', source: 'app', payload: { providerSessionId } },
      { status: 'approved', source: 'webhook', payload: { providerEventId: verified.eventId } },
    ]);
    const [account] = await server.context.database.db.select().from(users).where(eq(users.id, me.id));
    expect(account?.labels).toEqual(['creators']);
  });

  it('refuses webhooks with a wrong signature or a stale timestamp, changing nothing', async () => {
    const { client, session, providerSessionId } = await creatorAwaitingStripe('stripe_forger');

    const wrongSecret = await stripe.sendEvent(webhookUrl, 'identity.verification_session.verified', providerSessionId, {
      secret: 'whsec_someone_else',
    });
    expect(wrongSecret.response.status).toBe(400);
    expect(await wrongSecret.response.json()).toMatchObject({ type: 'webhook_signature_invalid', statusCode: 400 });

    const stale = await stripe.sendEvent(webhookUrl, 'identity.verification_session.verified', providerSessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.response.status).toBe(400);
    expect(((await stale.response.json()) as any).type).toBe('webhook_signature_invalid');

    // A genuine signature over a different body is no signature at all.
    const genuine = await stripe.sendEvent(webhookUrl, 'identity.verification_session.processing', providerSessionId);
    const tampered = await stripe.deliver(webhookUrl, genuine.body.replace('processing', 'verified'), genuine.signature);
    expect(tampered.status).toBe(400);

    expect((await requestStatus(session.requestId))?.status).toBe('pending');
    expect((await client.get('/api/me')).body.roles).toEqual(['members']);
  });

  it('records a failed check with its reason and grants nothing; a canceled session expires', async () => {
    const { client, session, providerSessionId } = await creatorAwaitingStripe('stripe_blurry');
    const failed = await stripe.sendEvent(webhookUrl, 'identity.verification_session.requires_input', providerSessionId, {
      lastError: { code: 'document_unverified_other', reason: 'The document was not readable.' },
    });
    expect(await failed.response.json()).toEqual({ received: true, outcome: 'applied' });
    const state = await client.get('/api/creator/onboarding');
    expect(state.body.verification).toMatchObject({ status: 'declined', reason: 'The document was not readable.' });
    expect(state.body.identityVerifiedAt).toBeNull();
    expect((await client.get('/api/me')).body.roles).toEqual(['members']);

    // Stripe lets the user retry in the same session: processing, then canceled settles it.
    await stripe.sendEvent(webhookUrl, 'identity.verification_session.processing', providerSessionId);
    expect((await requestStatus(session.requestId))?.status).toBe('pending');
    await stripe.sendEvent(webhookUrl, 'identity.verification_session.canceled', providerSessionId);
    expect((await requestStatus(session.requestId))?.status).toBe('expired');
    const late = await stripe.sendEvent(webhookUrl, 'identity.verification_session.verified', providerSessionId);
    expect(await late.response.json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await client.get('/api/me')).body.roles).toEqual(['members']);
  });

  it('acknowledges events for other objects and unknown sessions without effect', async () => {
    const { providerSessionId } = await creatorAwaitingStripe('stripe_other');
    const other = await stripe.sendEvent(webhookUrl, 'identity.verification_session.created', providerSessionId);
    expect(await other.response.json()).toEqual({ received: true, outcome: 'ignored' });

    stripe.sessions.set('vs_unknown_to_aurum', { ...structuredClone(stripe.sessions.get(providerSessionId)!), id: 'vs_unknown_to_aurum' });
    const unknown = await stripe.sendEvent(webhookUrl, 'identity.verification_session.verified', 'vs_unknown_to_aurum');
    expect(unknown.response.status).toBe(200);
    expect(await unknown.response.json()).toEqual({ received: true, outcome: 'unknown_session' });

    const notJson = await fetch(webhookUrl, { method: 'POST', body: 'hello' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as any).type).toBe('webhook_signature_invalid');

    // Only the configured provider has a webhook.
    const dev = await fetch(`${server.baseUrl}/api/webhooks/verification/dev`, { method: 'POST', body: '{}' });
    expect(dev.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/dev/verification/devvs_${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('answers 502 when Stripe refuses to create a session, and records nothing', async () => {
    const client = new ApiClient(server);
    const me = await registerAndFillProfileSteps(server, client, uniqueEmail('stripe'), 'stripe_down');
    stripe.failNext(500, 'An unknown error occurred');
    const response = await client.post('/api/creator/onboarding/verification');
    expect(response.status).toBe(502);
    expect(response.body.type).toBe('verification_provider_error');
    const rows = await server.context.database.db.select().from(verificationRequests).where(eq(verificationRequests.userId, me.id));
    expect(rows).toEqual([]);
  });
});
