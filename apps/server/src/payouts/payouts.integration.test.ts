import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { creatorOnboarding, payoutMethods } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let handleCounter = 0;
const registered = async () => {
  const client = new ApiClient(server);
  const me = await client.register(uniqueEmail('payout'), `payee_${++handleCounter}`);
  return { client, me };
};

const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const bankAccount = (overrides: Record<string, unknown> = {}) => ({
  type: 'bank_account',
  holderName: 'Ada Gold',
  country: 'de',
  currency: 'eur',
  iban: GERMAN_IBAN,
  ...overrides,
});

const storedRows = (userId: string) => server.context.database.db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));

describe(`payout methods (${TEST_DRIVER})`, () => {
  it('keeps a bank account masked: last 4 and a fingerprint, never the number', async () => {
    const { client, me } = await registered();
    const added = await client.post('/api/payout-methods', bankAccount());
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      type: 'bank_account',
      active: true,
      details: { holderName: 'Ada Gold', country: 'DE', currency: 'EUR', last4: '3000', accountKind: 'iban' },
    });
    expect(added.body.details.fingerprint).toBeUndefined();

    const [row] = await storedRows(me.id);
    const stored = JSON.stringify(row?.details);
    expect(stored).not.toContain('370400440532013000');
    expect(stored).not.toContain('0532');
    expect((row!.details as any).fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const us = await client.post('/api/payout-methods', {
      type: 'bank_account',
      holderName: 'Ada Gold',
      country: 'US',
      currency: 'USD',
      accountNumber: '000123456789',
      routingNumber: '021000021',
    });
    expect(us.status).toBe(201);
    expect(us.body.details).toMatchObject({ last4: '6789', accountKind: 'account_number' });
    const emptyIban = await client.post(
      '/api/payout-methods',
      bankAccount({ country: 'CH', currency: 'CHF', iban: '', accountNumber: 'CH-0012 3456 7' }),
    );
    expect(emptyIban.body.details).toMatchObject({ last4: '4567', accountKind: 'account_number' });
    expect(JSON.stringify((await storedRows(me.id)).map((r) => r.details))).not.toContain('123456789');
  });

  it('validates IBANs, routing numbers and the choice between IBAN and account number', async () => {
    const { client } = await registered();
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'iban'],
      [{ iban: 'DE89 3704 0044 0532 0130' }, 'iban'],
      [{ iban: 'GB82 WEST 1234 5698 7654 32' }, 'iban'],
      [{ iban: undefined }, 'iban'],
      [{ accountNumber: '12345678' }, 'iban'],
      [{ country: 'US', currency: 'USD', iban: undefined, accountNumber: '000123456789' }, 'routingNumber'],
      [{ country: 'US', currency: 'USD', iban: undefined, accountNumber: '000123456789', routingNumber: '021000022' }, 'routingNumber'],
      [{ country: 'US', currency: 'USD', iban: undefined, accountNumber: '12AB' }, 'accountNumber'],
      [{ country: 'Germany' }, 'country'],
      [{ currency: 'euro' }, 'currency'],
      [{ holderName: '  ' }, 'holderName'],
    ];
    for (const [overrides, path] of cases) {
      const response = await client.post('/api/payout-methods', bankAccount(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.type).toBe('validation_failed');
      expect(
        response.body.details.map((d: any) => d.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    const paypal = await client.post('/api/payout-methods', { type: 'paypal', email: 'not-an-email' });
    expect(paypal.body.details[0].path).toBe('email');
    const unknownType = await client.post('/api/payout-methods', { type: 'card', cardNumber: '4242424242424242' });
    expect(unknownType.status).toBe(400);
    expect(await client.get('/api/payout-methods')).toMatchObject({ status: 200, body: [] });
  });

  it('spots the same account added twice, however it is typed', async () => {
    const { client } = await registered();
    expect((await client.post('/api/payout-methods', bankAccount())).status).toBe(201);
    const again = await client.post('/api/payout-methods', bankAccount({ iban: 'de89370400440532013000', holderName: 'A. Gold' }));
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('payout_method_duplicate');
    await client.post('/api/payout-methods', { type: 'paypal', email: 'ada@example.com' });
    expect((await client.post('/api/payout-methods', { type: 'paypal', email: 'ADA@example.com' })).body.type).toBe(
      'payout_method_duplicate',
    );

    // Another user may use the same account.
    const { client: partner } = await registered();
    expect((await partner.post('/api/payout-methods', bankAccount())).status).toBe(201);
  });

  it('keeps exactly one method active', async () => {
    const { client, me } = await registered();
    const bank = (await client.post('/api/payout-methods', bankAccount())).body;
    const paypal = (await client.post('/api/payout-methods', { type: 'paypal', email: 'one@example.com' })).body;
    expect(paypal.active).toBe(true);
    const quiet = (await client.post('/api/payout-methods', { type: 'paypal', email: 'two@example.com', makeActive: false })).body;
    expect(quiet.active).toBe(false);

    const listed = await client.get('/api/payout-methods');
    expect(listed.body.map((m: any) => [m.id, m.active])).toEqual([
      [quiet.id, false],
      [paypal.id, true],
      [bank.id, false],
    ]);

    const activated = await client.post(`/api/payout-methods/${bank.id}/activate`);
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ id: bank.id, active: true });
    const active = (await storedRows(me.id)).filter((row) => row.active).map((row) => row.id);
    expect(active).toEqual([bank.id]);

    // Activating both at once still leaves one.
    await Promise.all([client.post(`/api/payout-methods/${paypal.id}/activate`), client.post(`/api/payout-methods/${quiet.id}/activate`)]);
    expect((await storedRows(me.id)).filter((row) => row.active)).toHaveLength(1);
  });

  it("answers 404 for another user's methods and lists only one's own", async () => {
    const { client: owner } = await registered();
    const method = (await owner.post('/api/payout-methods', { type: 'paypal', email: 'mine@example.com' })).body;
    const { client: stranger } = await registered();

    const activate = await stranger.post(`/api/payout-methods/${method.id}/activate`);
    expect(activate.status).toBe(404);
    expect(activate.body.type).toBe('not_found');
    expect((await stranger.delete(`/api/payout-methods/${method.id}`)).status).toBe(404);
    expect((await stranger.get('/api/payout-methods')).body).toEqual([]);
    expect((await owner.get('/api/payout-methods')).body).toHaveLength(1);
    expect((await new ApiClient(server).get('/api/payout-methods')).status).toBe(401);
  });

  it('hands the active role to the newest method on removal and reopens the sign-up step when none is left', async () => {
    const { client, me } = await registered();
    await client.post('/api/creator/onboarding/start');
    const first = (await client.post('/api/payout-methods', { type: 'paypal', email: 'first@example.com' })).body;
    const second = (await client.post('/api/payout-methods', { type: 'paypal', email: 'second@example.com' })).body;
    const third = (await client.post('/api/payout-methods', { type: 'paypal', email: 'third@example.com', makeActive: false })).body;
    const stepOf = async () => (await client.get('/api/creator/onboarding')).body.steps.find((s: any) => s.id === 'payout').status;
    expect(await stepOf()).toBe('done');

    expect((await client.delete(`/api/payout-methods/${second.id}`)).status).toBe(204);
    const afterActiveRemoved = await client.get('/api/payout-methods');
    expect(afterActiveRemoved.body.map((m: any) => [m.id, m.active])).toEqual([
      [third.id, true],
      [first.id, false],
    ]);

    await client.delete(`/api/payout-methods/${third.id}`);
    await client.delete(`/api/payout-methods/${first.id}`);
    expect((await client.get('/api/payout-methods')).body).toEqual([]);
    expect(await stepOf()).toBe('todo');
    const [row] = await server.context.database.db.select().from(creatorOnboarding).where(eq(creatorOnboarding.userId, me.id));
    expect(row?.payoutDoneAt).toBeNull();
  });

  it('counts a payout method added before sign-up started', async () => {
    const { client } = await registered();
    await client.post('/api/payout-methods', { type: 'paypal', email: 'early@example.com' });
    const started = await client.post('/api/creator/onboarding/start');
    expect(started.body.steps.find((s: any) => s.id === 'payout').status).toBe('done');
  });
});
