import { createHmac } from 'node:crypto';
import {
  compactAccountNumber,
  DAY_MS,
  generateId,
  lastFour,
  MAX_PAYOUT_METHODS,
  type PayoutMethod,
  type payoutMethodInputSchema,
  payoutMethodSchema,
} from '@aurum/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireCompletedRegistration } from '../access/access.js';
import { firstTime, recordOnboardingProgress, reopenPayoutStep } from '../creators/completion.js';
import type { Database, Executor } from '../db/database.js';
import { creatorOnboarding, payoutMethods } from '../db/schema.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import type { BankDetails, BankDetailsSeal } from './bank-details-seal.js';
import { methodChangedNotice, type PayoutNotice, type PayoutNotices } from './notices.js';
import { payoutSettings } from './settings.js';

export type PayoutMethodInput = z.output<typeof payoutMethodInputSchema>;

export interface PayoutMethodsServiceDeps {
  db: Database;
  now: () => Date;
  /** Told after a change that may have granted the creators label is committed, so cached sessions read it afresh. */
  accountChanged: (userId: string) => void;
  /** Keys the account fingerprints; derived from the server secret. */
  secret: string;
  /** Seals a bank account's full details; null when no provider turned on pays from them (they are not kept then). */
  bankDetailsSeal: BankDetailsSeal | null;
  /** Days payouts wait after the active method changes (not after the first one). */
  methodChangePauseDays: number;
  notices: PayoutNotices;
}

type PayoutRow = typeof payoutMethods.$inferSelect;

/** What is stored: the shown details plus a keyed fingerprint of the full number, never the number itself. */
type StoredDetails = PayoutMethod['details'] & { fingerprint: string };

const notFound = () => errors.notFound('Payout method');

/** The active method, and whether it keeps sealed bank details (never shown, but a provider may need them). */
export interface ActivePayoutMethod {
  method: PayoutMethod;
  detailsSealed: boolean;
}

export const toActivePayoutMethod = (row: PayoutRow): ActivePayoutMethod => ({
  method: toPayoutMethod(row),
  detailsSealed: row.sealedDetails !== null,
});

/** A row as the API shows it; the fingerprint and sealed details stay on the server. */
export function toPayoutMethod(row: PayoutRow): PayoutMethod {
  const { fingerprint: _fingerprint, ...details } = row.details as StoredDetails;
  return payoutMethodSchema.parse({ id: row.id, type: row.type, active: row.active, createdAt: row.createdAt.toISOString(), details });
}

/**
 * Where a creator's earnings go. Bank accounts show only the holder, country, currency,
 * last four characters, and keep an HMAC fingerprint (to spot the same account twice); their
 * full details are kept, sealed, only while a provider that pays from them is turned on. One
 * method is active; every change runs under a lock on the user so that stays true.
 */
export class PayoutMethodsService {
  private readonly fingerprintKey: Buffer;

  constructor(private readonly deps: PayoutMethodsServiceDeps) {
    this.fingerprintKey = createHmac('sha256', deps.secret).update('payout-method-fingerprint').digest();
  }

  async list(userId: string): Promise<PayoutMethod[]> {
    const rows = await this.deps.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, userId))
      .orderBy(desc(payoutMethods.createdAt), desc(payoutMethods.id));
    return rows.map(toPayoutMethod);
  }

  /** The method payouts go to now, or null. */
  async active(executor: Executor, userId: string): Promise<ActivePayoutMethod | null> {
    const [row] = await executor
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.active, true)));
    return row ? toActivePayoutMethod(row) : null;
  }

  /** Adds a method; it becomes the active one unless `makeActive` is false and another is active. */
  async add(userId: string, input: PayoutMethodInput): Promise<PayoutMethod> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    const details = this.storedDetails(input);
    const seal = this.deps.bankDetailsSeal;
    const bankDetails = seal ? fullBankDetails(input) : null;
    // Sealed for the method's id: the sealed value opens for that method only.
    const sealFor = (methodId: string) => (seal && bankDetails ? seal.seal(bankDetails, methodId) : null);
    const added = await db.transaction(async (tx) => {
      await lockPayouts(tx, userId);
      const existing = await tx
        .select({
          id: payoutMethods.id,
          active: payoutMethods.active,
          fingerprint: sql<string>`${payoutMethods.details}->>'fingerprint'`,
          sealed: sql<boolean>`${payoutMethods.sealedDetails} is not null`,
        })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId));
      const same = existing.find((method) => method.fingerprint === details.fingerprint);
      if (same) {
        // The same account added again to give the details that were not kept before: the same method, now with them.
        const sealedDetails = same.sealed ? null : sealFor(same.id);
        if (!sealedDetails) throw errors.payoutMethodDuplicate();
        const [refreshed] = await tx.update(payoutMethods).set({ details, sealedDetails }).where(eq(payoutMethods.id, same.id)).returning();
        if (!refreshed) throw notFound();
        return { method: toPayoutMethod(refreshed), notice: null };
      }
      if (existing.length >= MAX_PAYOUT_METHODS) {
        throw errors.payoutMethodLimit({ message: `You can keep at most ${MAX_PAYOUT_METHODS} payout methods. Remove one first.` });
      }
      const replacesActive = existing.some((method) => method.active);
      const active = input.makeActive !== false || !replacesActive;
      if (active) await deactivateAll(tx, userId);
      const at = now();
      const notice = active && replacesActive ? await this.pausePayouts(tx, userId, at) : null;
      const id = generateId(at.getTime());
      const row: PayoutRow = { id, userId, type: input.type, details, sealedDetails: sealFor(id), active, createdAt: at };
      await tx.insert(payoutMethods).values(row);
      await recordOnboardingProgress(tx, userId, { payoutDoneAt: firstTime(creatorOnboarding.payoutDoneAt, at) }, at);
      return { method: toPayoutMethod(row), notice };
    });
    this.deps.accountChanged(userId);
    if (added.notice) await this.deps.notices.tell([added.notice]);
    return added.method;
  }

  /** Makes one of the user's methods the active one; others' ids are not found. */
  async activate(userId: string, methodId: string): Promise<PayoutMethod> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    const activated = await db.transaction(async (tx) => {
      await lockPayouts(tx, userId);
      const [target] = await tx
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.id, methodId), eq(payoutMethods.userId, userId)));
      if (!target) throw notFound();
      const at = now();
      if (target.active) return { method: toPayoutMethod(target), notice: null };
      // Deactivate first: the one-active-per-user index would refuse two at once.
      await deactivateAll(tx, userId);
      await tx.update(payoutMethods).set({ active: true }).where(eq(payoutMethods.id, target.id));
      const notice = await this.pausePayouts(tx, userId, at);
      await recordOnboardingProgress(tx, userId, { payoutDoneAt: firstTime(creatorOnboarding.payoutDoneAt, at) }, at);
      return { method: toPayoutMethod({ ...target, active: true }), notice };
    });
    this.deps.accountChanged(userId);
    if (activated.notice) await this.deps.notices.tell([activated.notice]);
    return activated.method;
  }

  /** Removes a method. If it was active, the newest remaining one takes over, and payouts pause as after any change. */
  async remove(userId: string, methodId: string): Promise<void> {
    const { db } = this.deps;
    await requireCompletedRegistration(db, userId);
    const notice = await db.transaction(async (tx) => {
      await lockPayouts(tx, userId);
      const [removed] = await tx
        .delete(payoutMethods)
        .where(and(eq(payoutMethods.id, methodId), eq(payoutMethods.userId, userId)))
        .returning({ active: payoutMethods.active });
      if (!removed) throw notFound();
      if (!removed.active) return null;
      const [next] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId))
        .orderBy(desc(payoutMethods.createdAt), desc(payoutMethods.id))
        .limit(1);
      if (!next) {
        await reopenPayoutStep(tx, userId);
        return null;
      }
      await tx.update(payoutMethods).set({ active: true }).where(eq(payoutMethods.id, next.id));
      return this.pausePayouts(tx, userId, this.deps.now());
    });
    if (notice) await this.deps.notices.tell([notice]);
  }

  /**
   * The active method changed: payouts wait a few days, and the creator is told (in the app and by
   * e-mail), so a stolen session cannot send the money elsewhere unnoticed.
   */
  private async pausePayouts(tx: Executor, userId: string, at: Date): Promise<PayoutNotice | null> {
    if (this.deps.methodChangePauseDays === 0) return null;
    const until = new Date(at.getTime() + this.deps.methodChangePauseDays * DAY_MS);
    await payoutSettings.save(tx, userId, { methodChangePauseUntil: until, updatedAt: at });
    const notice = methodChangedNotice(userId, until);
    await this.deps.notices.record(tx, [notice], at);
    return notice;
  }

  private storedDetails(input: PayoutMethodInput): StoredDetails {
    if (input.type === 'paypal') return { email: input.email, fingerprint: this.fingerprint(['paypal', input.email]) };
    // An empty field counts as not given, as the schema treats it.
    const number = compactAccountNumber(input.iban || input.accountNumber || '');
    const routing = compactAccountNumber(input.routingNumber || '');
    return {
      holderName: input.holderName,
      country: input.country,
      currency: input.currency,
      last4: lastFour(number),
      accountKind: input.iban ? 'iban' : 'account_number',
      fingerprint: this.fingerprint(['bank_account', input.country, routing, number]),
    };
  }

  private fingerprint(parts: string[]): string {
    return createHmac('sha256', this.fingerprintKey).update(parts.join('\u0000')).digest('hex');
  }
}

/** What the admin needs to pay a bank account by hand; null for PayPal. */
function fullBankDetails(input: PayoutMethodInput): BankDetails | null {
  if (input.type !== 'bank_account') return null;
  const { holderName, country, currency } = input;
  const compact = (value: string | undefined) => (value ? compactAccountNumber(value) : null);
  return {
    holderName,
    country,
    currency,
    iban: compact(input.iban),
    accountNumber: compact(input.accountNumber),
    routingNumber: compact(input.routingNumber),
  };
}

/** The user lock also keeps one method active: two changes at once cannot both leave one active. */
async function lockPayouts(tx: Executor, userId: string): Promise<void> {
  if (!(await lockUser(tx, userId))) throw errors.unauthenticated();
}

async function deactivateAll(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(payoutMethods)
    .set({ active: false })
    .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.active, true)));
}
