import { createHmac } from 'node:crypto';
import {
  compactAccountNumber,
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

export type PayoutMethodInput = z.output<typeof payoutMethodInputSchema>;

export interface PayoutsServiceDeps {
  db: Database;
  now: () => Date;
  /** Told after a change that may have granted the creators label is committed, so cached sessions read it afresh. */
  accountChanged: (userId: string) => void;
  /** Keys the account fingerprints; derived from the server secret. */
  secret: string;
}

type PayoutRow = typeof payoutMethods.$inferSelect;

/** What is stored: the shown details plus a keyed fingerprint of the full number, never the number itself. */
type StoredDetails = PayoutMethod['details'] & { fingerprint: string };

const notFound = () => errors.notFound('Payout method');

/** A row as the API shows it; the fingerprint stays on the server. */
function toPayoutMethod(row: PayoutRow): PayoutMethod {
  const { fingerprint: _fingerprint, ...details } = row.details as StoredDetails;
  return payoutMethodSchema.parse({ id: row.id, type: row.type, active: row.active, createdAt: row.createdAt.toISOString(), details });
}

/**
 * Where a creator's earnings go. Bank accounts keep only the holder, country, currency,
 * last four characters and an HMAC fingerprint (to spot the same account twice). One
 * method is active; every change runs under a lock on the user so that stays true.
 */
export class PayoutsService {
  private readonly fingerprintKey: Buffer;

  constructor(private readonly deps: PayoutsServiceDeps) {
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

  /** Adds a method; it becomes the active one unless `makeActive` is false and another is active. */
  async add(userId: string, input: PayoutMethodInput): Promise<PayoutMethod> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    const details = this.storedDetails(input);
    const added = await db.transaction(async (tx) => {
      await lockPayouts(tx, userId);
      const existing = await tx
        .select({ active: payoutMethods.active, fingerprint: sql<string>`${payoutMethods.details}->>'fingerprint'` })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId));
      if (existing.some((method) => method.fingerprint === details.fingerprint)) {
        throw errors.payoutMethodDuplicate();
      }
      if (existing.length >= MAX_PAYOUT_METHODS) {
        throw errors.payoutMethodLimit({ message: `You can keep at most ${MAX_PAYOUT_METHODS} payout methods. Remove one first.` });
      }
      const active = input.makeActive !== false || !existing.some((method) => method.active);
      if (active) await deactivateAll(tx, userId);
      const at = now();
      const row: PayoutRow = { id: generateId(at.getTime()), userId, type: input.type, details, active, createdAt: at };
      await tx.insert(payoutMethods).values(row);
      await recordOnboardingProgress(tx, userId, { payoutDoneAt: firstTime(creatorOnboarding.payoutDoneAt, at) }, at);
      return toPayoutMethod(row);
    });
    this.deps.accountChanged(userId);
    return added;
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
      // Deactivate first: the one-active-per-user index would refuse two at once.
      await deactivateAll(tx, userId);
      await tx.update(payoutMethods).set({ active: true }).where(eq(payoutMethods.id, target.id));
      const at = now();
      await recordOnboardingProgress(tx, userId, { payoutDoneAt: firstTime(creatorOnboarding.payoutDoneAt, at) }, at);
      return toPayoutMethod({ ...target, active: true });
    });
    this.deps.accountChanged(userId);
    return activated;
  }

  /** Removes a method. If it was active, the newest remaining one takes over. */
  async remove(userId: string, methodId: string): Promise<void> {
    const { db } = this.deps;
    await requireCompletedRegistration(db, userId);
    await db.transaction(async (tx) => {
      await lockPayouts(tx, userId);
      const [removed] = await tx
        .delete(payoutMethods)
        .where(and(eq(payoutMethods.id, methodId), eq(payoutMethods.userId, userId)))
        .returning({ active: payoutMethods.active });
      if (!removed) throw notFound();
      if (!removed.active) return;
      const [next] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId))
        .orderBy(desc(payoutMethods.createdAt), desc(payoutMethods.id))
        .limit(1);
      if (next) await tx.update(payoutMethods).set({ active: true }).where(eq(payoutMethods.id, next.id));
      else await reopenPayoutStep(tx, userId);
    });
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
