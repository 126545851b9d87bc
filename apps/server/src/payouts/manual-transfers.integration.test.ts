import { DAY_MS } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueHandle } from '../../test/content-fixtures.js';
import { creatorWithPlan, expectLedgerBalances, memberPays, rowsOf } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { auditLog, moderationNotices, payoutMethods } from '../db/schema.js';

/**
 * Manual bank transfer: a bank account's full details kept sealed, the admin's CSV of the payouts
 * in flight with them, and the admin marking each paid or failed; every step audited.
 */

const ADMIN_EMAIL = 'transfers-desk@example.com';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const COMPACT_IBAN = 'DE89370400440532013000';
let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  // Bank accounts by manual transfer, PayPal by the development provider; no pause after a change of method.
  server = await startTestServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    PAYOUT_PROVIDERS: 'manual,development',
    PAYOUT_METHOD_CHANGE_PAUSE_DAYS: '0',
  });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('transferdesk'));
  await admin.addAuthenticatorApp();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.context.database.db;
const HOLD_MS = 7 * DAY_MS;
const withdraw = (client: ApiClient) => client.post('/api/creator/payouts', { currency: 'USD', idempotencyKey: crypto.randomUUID() });
const usd = async (client: ApiClient) => (await client.get('/api/creator/payouts/account')).body.balances[0];
const bankAccount = (holderName: string) => ({ type: 'bank_account', holderName, country: 'DE', currency: 'EUR', iban: IBAN });

/** The export's lines as cells, by payout id (simple cells only: the test's values have no commas or quotes). */
async function exported(client: ApiClient = admin): Promise<{ status: number; response: Response; rows: Map<string, string[]> }> {
  const response = await fetch(`${server.baseUrl}/api/admin/payouts/manual-export`, { headers: { cookie: client.cookie ?? '' } });
  const lines = (await response.clone().text()).trimEnd().split('\r\n');
  const rows = new Map(lines.slice(1).map((line) => [line.split(',')[0] as string, line.split(',')]));
  return { status: response.status, response, rows };
}

/** A creator who earned 24.00 (past the hold) with a bank account paid by manual transfer, and withdrew it: in flight. */
async function bankPayoutInFlight(holderName = 'Ada Lovelace') {
  const creator = await creatorWithPlan(server, 3000);
  expect((await creator.client.post('/api/payout-methods', bankAccount(holderName))).status).toBe(201);
  await memberPays(server, creator.planId);
  server.advanceClock(HOLD_MS + 60_000);
  const payout = await withdraw(creator.client);
  expect(payout.status).toBe(201);
  expect(payout.body).toMatchObject({ status: 'in_flight', provider: 'manual', amountMinor: 2400 });
  return { creator, payout: payout.body };
}

describe(`manual bank transfers (${TEST_DRIVER})`, () => {
  it('exports the payouts in flight with their full bank details, audited, and never shows them elsewhere', async () => {
    const { creator, payout } = await bankPayoutInFlight('=Ada Lovelace');
    const methods = await creator.client.get('/api/payout-methods');
    expect(JSON.stringify(methods.body)).not.toContain('0532013000');
    expect(JSON.stringify(methods.body)).not.toContain('sealed');
    expect(methods.body[0].details).toEqual({
      holderName: '=Ada Lovelace',
      country: 'DE',
      currency: 'EUR',
      last4: '3000',
      accountKind: 'iban',
    });
    const [stored] = await db().select().from(payoutMethods).where(eq(payoutMethods.id, methods.body[0].id));
    expect(stored?.sealedDetails).toMatch(/^v1\./);
    expect(stored?.sealedDetails).not.toContain(COMPACT_IBAN);

    // A PayPal payout (the development provider) is paid at once and is not in the export.
    const paypal = await creatorWithPlan(server, 3000);
    await memberPays(server, paypal.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const paid = await withdraw(paypal.client);
    expect(paid.body).toMatchObject({ status: 'paid', provider: 'development' });

    const { status, response, rows } = await exported();
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="aurum-bank-transfers-\d{4}-\d\d-\d\d\.csv"$/);
    expect((await response.text()).split('\r\n')[0]).toBe(
      'payout_id,creator_handle,creator_email,amount,currency,holder_name,iban,account_number,routing_number,country,created_at,note',
    );
    const [me] = await rowsOf(server, sql`select email from users where id = ${creator.id}`);
    // The holder name a spreadsheet would run as a formula is defused.
    expect(rows.get(payout.id)).toEqual([
      payout.id,
      expect.any(String),
      String(me?.email),
      '24.00',
      'USD',
      "'=Ada Lovelace",
      COMPACT_IBAN,
      '',
      '',
      'DE',
      payout.createdAt,
      '',
    ]);
    expect(rows.has(paid.body.id)).toBe(false);
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, creator.id));
    expect(audited).toEqual([
      expect.objectContaining({ action: 'payout.bank_details_exported', targetType: 'user', after: { payoutIds: [payout.id] } }),
    ]);
  });

  it('marks a transfer paid: the money counts as paid out, once', async () => {
    const { creator, payout } = await bankPayoutInFlight();
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0, inFlightMinor: 2400, paidOutMinor: 2400 });
    // The admin's list counts the transfers due, whatever it is filtered to.
    const due = async () => (await admin.get('/api/admin/payouts?status=paid')).body.bankTransfersDue as number;
    const dueBefore = await due();
    expect(dueBefore).toBeGreaterThanOrEqual(1);
    const marked = await admin.post(`/api/admin/payouts/${payout.id}/mark`, { outcome: 'paid' });
    expect(marked.status).toBe(200);
    expect(await due()).toBe(dueBefore - 1);
    expect(marked.body).toMatchObject({ id: payout.id, status: 'paid', settledAt: expect.any(String) });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 2400 });
    expect((await exported()).rows.has(payout.id)).toBe(false);
    const twice = await admin.post(`/api/admin/payouts/${payout.id}/mark`, { outcome: 'failed', reason: 'Too late' });
    expect(twice.status).toBe(409);
    expect(twice.body.type).toBe('payout_not_in_flight');
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'payout.marked_paid',
        before: { status: 'in_flight' },
        after: expect.objectContaining({ status: 'paid' }),
      }),
    ]);
    await expectLedgerBalances(server);
  });

  it('marks a transfer failed with the reason: the amount is back and the creator is told why', async () => {
    const { creator, payout } = await bankPayoutInFlight();
    const noReason = await admin.post(`/api/admin/payouts/${payout.id}/mark`, { outcome: 'failed' });
    expect(noReason.status).toBe(400);
    const [me] = await rowsOf(server, sql`select email from users where id = ${creator.id}`);
    const mail = server.smtp.nextMailTo(String(me?.email));
    const reason = 'The bank returned the transfer: the account is closed.';
    const marked = await admin.post(`/api/admin/payouts/${payout.id}/mark`, { outcome: 'failed', reason });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'failed', failureCode: 'bank_transfer_failed', failureMessage: reason });
    expect(await usd(creator.client)).toMatchObject({ availableMinor: 2400, inFlightMinor: 0, paidOutMinor: 0 });
    const notices = await db().select().from(moderationNotices).where(eq(moderationNotices.userId, creator.id));
    expect(notices.find((notice) => notice.kind === 'payout_failed')?.reason).toBe(reason);
    expect((await mail).subject).toContain('could not be sent');
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(audited).toMatchObject({ action: 'payout.marked_failed', reason, after: { status: 'failed' } });
    await expectLedgerBalances(server);
  });

  it('refuses to mark a payout another provider sends, an unknown one, and anyone but an admin', async () => {
    const paypal = await creatorWithPlan(server, 3000);
    await memberPays(server, paypal.planId);
    server.advanceClock(HOLD_MS + 60_000);
    const paid = await withdraw(paypal.client);
    const notManual = await admin.post(`/api/admin/payouts/${paid.body.id}/mark`, { outcome: 'paid' });
    expect(notManual.status).toBe(409);
    expect(notManual.body.type).toBe('payout_not_manual');
    expect((await admin.post('/api/admin/payouts/01ARZ3NDEKTSV4RRFFQ69G5FAV/mark', { outcome: 'paid' })).status).toBe(404);

    const { creator, payout } = await bankPayoutInFlight();
    expect((await creator.client.post(`/api/admin/payouts/${payout.id}/mark`, { outcome: 'paid' })).status).toBe(403);
    expect((await exported(creator.client)).status).toBe(403);
    expect((await admin.get('/api/admin/payouts?status=in_flight')).body.items.map((row: { id: string }) => row.id)).toContain(payout.id);
  });

  it('blocks a bank account added before its details were kept, until the creator adds it again', async () => {
    const creator = await creatorWithPlan(server, 3000);
    const added = await creator.client.post('/api/payout-methods', bankAccount('Grace Hopper'));
    // As a method saved before manual transfers were turned on: no sealed details.
    await db().update(payoutMethods).set({ sealedDetails: null }).where(eq(payoutMethods.id, added.body.id));
    await memberPays(server, creator.planId);
    server.advanceClock(HOLD_MS + 60_000);
    expect((await usd(creator.client)).withdrawBlock).toBe('bank_details_missing');
    const refused = await withdraw(creator.client);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      type: 'payout_bank_details_missing',
      message: expect.stringContaining('Add your bank account again'),
    });

    const again = await creator.client.post('/api/payout-methods', bankAccount('Grace Hopper'));
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: added.body.id, active: true });
    expect((await usd(creator.client)).withdrawBlock).not.toBe('bank_details_missing');
    expect((await withdraw(creator.client)).body).toMatchObject({ status: 'in_flight', provider: 'manual' });
    // Once kept, the same account is a duplicate as before.
    expect((await creator.client.post('/api/payout-methods', bankAccount('Grace Hopper'))).body.type).toBe('payout_method_duplicate');
  });

  it('erases the details with the method, and the export says what to do with its payout', async () => {
    const { creator, payout } = await bankPayoutInFlight();
    const [method] = (await creator.client.get('/api/payout-methods')).body.filter((row: { type: string }) => row.type === 'bank_account');
    expect((await creator.client.delete(`/api/payout-methods/${method.id}`)).status).toBe(204);
    expect(await db().select().from(payoutMethods).where(eq(payoutMethods.id, method.id))).toEqual([]);
    const row = (await exported()).rows.get(payout.id);
    expect(row?.slice(5, 10)).toEqual(['', '', '', '', '']);
    expect(row?.[11]).toContain('removed this bank account');
  });
});
