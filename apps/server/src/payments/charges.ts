import { type ChargeKindName, generateId } from '@aurum/core';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { charges, paymentMethods, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import { failpoint } from './failpoint.js';
import { type ChargeResult, PaymentProviderError } from './provider.js';
import type { PaymentsService } from './service.js';

export type ChargeRow = typeof charges.$inferSelect;

/** What a charge pays for. Each kind's effect is registered by the domain that sells it; `refund` is the charges module's own. */
export type ChargeKind = ChargeKindName;

/**
 * What settling a charge of one kind does beyond the money. The effect's writes share the
 * transaction that records the outcome, so the payment and what it buys commit together.
 */
export interface ChargeEffect {
  /** How the payment reads at the provider (and on the member's statement). */
  description: string;
  /** Taken while the member is away (a renewal): the provider cannot ask them to confirm anything. */
  offSession: boolean;
  /** What the paid charge buys: a subscription, a longer one, a new plan. */
  paid(tx: Executor, charge: ChargeRow, paidAt: Date): Promise<void>;
  /** Tells whoever is watching about a paid charge, after its transaction committed (a realtime event); never throws. */
  announcePaid?(charge: ChargeRow): void;
  /** What a failed charge changes, if anything (a renewal is retried or lapses); jobs it queues run after the commit. */
  failed?(tx: Executor, charge: ChargeRow, failedAt: Date): Promise<void>;
  /** What a refund or a chargeback of a paid charge takes back (the subscription it bought, a message's unlock), in its transaction. */
  refunded?(tx: Executor, charge: ChargeRow, takeBack: TakeBack, refundedAt: Date): Promise<void>;
}

/** How a payment given back (refunded, charged back) ends what it bought. */
export interface TakeBack {
  /** Ends the subscription now, rather than at its period's end. */
  endsAccess: boolean;
}

/** What every charge has: who pays whom, how, how much, and the attempt's key. */
interface ChargeBasics {
  /** Unique per attempt: the browser's key for an attempt, or a renewal's period and try. */
  idempotencyKey: string;
  userId: string;
  creatorId: string;
  paymentMethodId: string;
  amountMinor: number;
  currency: string;
}

/** A payment for a period of a subscription: its first, a renewal, or the difference of a plan change. */
interface NewSubscriptionCharge extends ChargeBasics {
  kind: 'subscription' | 'renewal' | 'plan_change';
  planId: string;
  subscriptionId: string;
  periodStart: Date;
  periodEnd: Date;
  /** A discount taken off it, and what it would have cost without. */
  offerId?: string | null;
  listAmountMinor?: number | null;
}

/** A payment that unlocks one chat message's media. */
interface NewPaidMessageCharge extends ChargeBasics {
  kind: 'paid_message';
  messageId: string;
}

/** A payment that buys one post, sold on its own. */
interface NewPaidPostCharge extends ChargeBasics {
  kind: 'paid_post';
  postId: string;
}

/** A tip: what it is for (the post, the message) is on its row in `tips`, which names the charge. */
interface NewTipCharge extends ChargeBasics {
  kind: 'tip';
}

/** A refund: the payment it gives back (and its plan, so statements name it), whether it ends access now, and why. */
interface NewRefundCharge extends ChargeBasics {
  kind: 'refund';
  planId?: string;
  refundOf: string;
  refundEndsAccess: boolean;
  refundReason: string;
}

/** A charge to begin, keyed on its kind: each kind carries what its kind needs, checked by the compiler. */
export type NewCharge = NewSubscriptionCharge | NewPaidMessageCharge | NewPaidPostCharge | NewTipCharge | NewRefundCharge;

/** An admin's refund of a whole payment. */
export interface NewRefund {
  /** Unique per attempt: the admin's browser makes one per refund it asks for. */
  idempotencyKey: string;
  /** The succeeded payment to give back, as read under lock by the caller. */
  charge: ChargeRow;
  /** Ends the subscription the payment was for now, rather than at its period's end. */
  endsAccess: boolean;
  reason: string;
}

export interface ChargesServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  payments: PaymentsService;
  /** Tells the member their payment was refunded (a queued job, so it runs once the refund committed). */
  refundNotice: (tx: Executor, refund: ChargeRow) => Promise<void>;
}

export type WebhookOutcome = 'applied' | 'unchanged' | 'unknown_charge';

const RECONCILE_JOB = 'payments.reconcile-charge';
/** Where the crash tests kill the process: the provider answered, nothing is settled yet. */
const AFTER_PROVIDER = { charge: 'after-provider-charge', refund: 'after-provider-refund' } as const;
/** A charge still pending this long after it started (its request crashed or timed out) is asked about again. */
const RECONCILE_DELAY_MS = 2 * 60 * 1000;

/** The failure code of a charge the provider never confirmed either way; only such a failure can still turn into a payment. */
const UNRESOLVED = 'provider_unresolved';
const mayStillSucceed = or(eq(charges.status, 'pending'), and(eq(charges.status, 'failed'), eq(charges.failureCode, UNRESOLVED)));

/**
 * The charge lifecycle every payment follows, whatever it pays for:
 * 1. `begin`: a `pending` charge row is written, with a reconcile job, in the caller's transaction;
 * 2. `process`: the provider is asked, with the charge id as its idempotency key;
 * 3. `settle`: the outcome, the effect of the charge's kind and the ledger entries are written
 *    in one transaction, guarded by the pending status.
 * A crash between 2 and 3 leaves a pending charge that the member's retry, the provider's
 * webhook or the reconcile job completes: the provider answers the repeated key with the
 * first payment rather than making a second. So nobody pays twice and nothing paid for is lost.
 * A charge the provider never confirms is closed as failed by `giveUp`.
 *
 * A refund goes the same way as a charge row of its own kind (`refund_of` names the payment it
 * gives back): begun in the admin's transaction, asked of the provider with its id as the key,
 * settled with the reversing ledger entries and what the refunded kind's effect takes back.
 */
export class ChargesService {
  private readonly effects = new Map<ChargeKind, ChargeEffect>();

  constructor(private readonly deps: ChargesServiceDeps) {
    this.effects.set('refund', {
      description: 'Aurum refund',
      offSession: false,
      paid: (tx, refund, refundedAt) => this.applyRefund(tx, refund, refundedAt),
    });
    deps.jobs.register(RECONCILE_JOB, {
      payload: z.object({ chargeId: z.string() }),
      maxAttempts: 12,
      run: async ({ chargeId }) => {
        const charge = await this.process(chargeId);
        if (charge?.status === 'pending') throw new Error('the provider is still processing the payment');
      },
      onFailure: ({ chargeId }) => this.giveUp(chargeId),
    });
  }

  /** The effects of the kinds a domain sells; each kind has one. */
  register(effects: Partial<Record<ChargeKind, ChargeEffect>>): void {
    for (const [kind, effect] of Object.entries(effects) as [ChargeKind, ChargeEffect][]) {
      if (this.effects.has(kind)) throw new Error(`the effect of ${kind} charges is registered twice`);
      this.effects.set(kind, effect);
    }
  }

  /**
   * A member's payment attempt, begun once per key: in one transaction that holds the member's
   * row, so two quick taps queue behind each other, a key already used answers its charge, and
   * otherwise `begin` checks the request and begins the charge (`begin` below).
   */
  async beginOnce(userId: string, key: string, begin: (tx: Executor) => Promise<ChargeRow>): Promise<ChargeRow> {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
      return (await this.byKey(tx, key)) ?? begin(tx);
    });
  }

  /**
   * Refuses (409 payment_pending) a second payment of this kind for the same thing while the member's
   * first is still pending: two quick taps on two devices, each with its own key, pay once.
   */
  async assertNoneInFlight(
    tx: Executor,
    userId: string,
    kind: ChargeKind,
    about: { creatorId: string } | { messageId: string } | { postId: string },
    message?: string,
  ): Promise<void> {
    const [column, value] = Object.entries(about)[0] as ['creatorId' | 'messageId' | 'postId', string];
    const [inFlight] = await tx
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.userId, userId), eq(charges[column], value), eq(charges.kind, kind), eq(charges.status, 'pending')))
      .limit(1);
    if (inFlight) throw errors.paymentInProgress(message ? { message } : undefined);
  }

  /** Writes a pending charge and its reconcile job in the caller's transaction; the caller wakes the jobs after the commit. */
  async begin(tx: Executor, input: NewCharge): Promise<ChargeRow> {
    this.effectOf(input.kind);
    const now = this.deps.now();
    const [charge] = await tx
      .insert(charges)
      .values({ id: generateId(now.getTime()), provider: this.deps.payments.provider.name, createdAt: now, ...input })
      .returning();
    if (!charge) throw new Error('inserting a charge returned nothing');
    await this.deps.jobs.enqueue(
      RECONCILE_JOB,
      { chargeId: charge.id },
      { id: `${RECONCILE_JOB}:${charge.id}`, runAt: new Date(now.getTime() + RECONCILE_DELAY_MS) },
      tx,
    );
    return charge;
  }

  /**
   * Writes a pending refund of a whole payment and its reconcile job in the caller's transaction
   * (which holds the payment's row locked, and checked that it may be refunded). A second refund
   * of the same payment that has not failed is refused by the unique index.
   */
  async beginRefund(tx: Executor, input: NewRefund): Promise<ChargeRow> {
    const { charge } = input;
    return this.begin(tx, {
      kind: 'refund',
      idempotencyKey: input.idempotencyKey,
      userId: charge.userId,
      creatorId: charge.creatorId,
      paymentMethodId: charge.paymentMethodId,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      // The plan a refunded subscription payment was for, so statements name it on the refund's line too.
      ...(charge.planId ? { planId: charge.planId } : {}),
      refundOf: charge.id,
      refundEndsAccess: input.endsAccess,
      refundReason: input.reason,
    });
  }

  async byKey(executor: Executor, key: string): Promise<ChargeRow | undefined> {
    const [charge] = await executor.select().from(charges).where(eq(charges.idempotencyKey, key));
    return charge;
  }

  async byId(executor: Executor, id: string): Promise<ChargeRow | undefined> {
    const [charge] = await executor.select().from(charges).where(eq(charges.id, id));
    return charge;
  }

  /**
   * Asks the provider about a pending charge (again, after a crash: same idempotency key)
   * and settles it. Safe to call any number of times; a settled charge is returned as is.
   */
  async process(chargeId: string): Promise<ChargeRow | undefined> {
    const { db, payments } = this.deps;
    const charge = await this.byId(db, chargeId);
    if (charge?.status !== 'pending') return charge;
    if (charge.kind === 'refund') {
      const result = await payments.provider.refund({
        idempotencyKey: charge.id,
        paymentRef: (await this.refunded(db, charge)).paymentRef,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        metadata: chargeMetadata(charge),
      });
      failpoint(AFTER_PROVIDER.refund);
      return this.settle(chargeId, result);
    }
    const effect = this.effectOf(charge.kind);
    const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId));
    if (!method) throw new Error(`charge ${chargeId} names a payment method that does not exist`);
    const result = await payments.provider.charge({
      idempotencyKey: charge.id,
      customerRef: await payments.customerRef(charge.userId),
      methodRef: method.providerRef,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      description: effect.description,
      offSession: effect.offSession,
      metadata: chargeMetadata(charge),
    });
    failpoint(AFTER_PROVIDER.charge);
    return this.settle(chargeId, result);
  }

  /**
   * Processes a charge while the member waits: the settled charge, or the refusal they see
   * (declined, still pending, provider unreachable: the reconcile job asks again later).
   */
  async settleNow(chargeId: string): Promise<ChargeRow> {
    let charge: ChargeRow | undefined;
    try {
      charge = await this.process(chargeId);
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.deps.logger.warn({ err: error, chargeId }, 'payment provider did not answer; the reconciler will ask again');
        throw errors.paymentProviderUnavailable();
      }
      throw error;
    }
    if (!charge) throw errors.notFound('Payment');
    if (charge.status === 'failed') throw errors.paymentDeclined({ message: charge.failureMessage ?? undefined });
    if (charge.status === 'pending') throw errors.paymentPending();
    return charge;
  }

  /** Records the provider's outcome and its effect, once: only a pending charge can settle. */
  async settle(chargeId: string, result: ChargeResult): Promise<ChargeRow | undefined> {
    const { db, payments } = this.deps;
    if (result.status === 'pending') {
      await db
        .update(charges)
        .set({ providerRef: result.providerRef })
        .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending')));
      return this.byId(db, chargeId);
    }
    const now = this.deps.now();
    let paidCharge = undefined as ChargeRow | undefined;
    const queuedJobs = await db.transaction(async (tx) => {
      const [charge] = await tx
        .update(charges)
        .set({
          status: result.status,
          providerRef: result.providerRef,
          failureCode: result.status === 'failed' ? result.code : null,
          failureMessage: result.status === 'failed' ? result.message : null,
          settledAt: now,
        })
        .where(and(eq(charges.id, chargeId), result.status === 'succeeded' ? mayStillSucceed : eq(charges.status, 'pending')))
        .returning();
      if (!charge) return false;
      const effect = this.effectOf(charge.kind);
      if (result.status === 'succeeded') {
        await effect.paid(tx, charge, now);
        if (charge.kind !== 'refund') await payments.postCharge(tx, charge);
        paidCharge = charge;
        return charge.kind === 'refund'; // the member's notice is a job
      }
      if (charge.paymentMethodId) await payments.declined(tx, charge.paymentMethodId);
      await effect.failed?.(tx, charge, now);
      return Boolean(effect.failed);
    });
    if (queuedJobs) this.deps.jobs.wake();
    if (paidCharge) this.effectOf(paidCharge.kind).announcePaid?.(paidCharge);
    return this.byId(db, chargeId);
  }

  /** A webhook's word on a charge; a charge already settled stays as it is. */
  async settleFromWebhook(chargeId: string, result: ChargeResult): Promise<WebhookOutcome> {
    const charge = await this.byId(this.deps.db, chargeId);
    if (!charge) return 'unknown_charge';
    const unresolved = charge.status === 'failed' && charge.failureCode === UNRESOLVED;
    if (charge.status !== 'pending' && !(unresolved && result.status === 'succeeded')) return 'unchanged';
    await this.settle(chargeId, result);
    return 'applied';
  }

  /**
   * The reconcile job's last resort: the provider never gave a final answer (Stripe replays a
   * 500 for the same idempotency key for a day). The charge is closed as failed so the member
   * can try again; should the provider later report that it did take the money, the webhook
   * still applies it.
   */
  async giveUp(chargeId: string): Promise<void> {
    const now = this.deps.now();
    const failedEffect = await this.deps.db.transaction(async (tx) => {
      const [charge] = await tx
        .update(charges)
        .set({
          status: 'failed',
          failureCode: UNRESOLVED,
          failureMessage: 'The payment provider never confirmed this payment.',
          settledAt: now,
        })
        .where(and(eq(charges.id, chargeId), eq(charges.status, 'pending')))
        .returning();
      if (!charge) return false;
      this.deps.logger.error(
        { chargeId, providerRef: charge.providerRef },
        'payment never confirmed by the provider; closed as failed, check it at the provider',
      );
      const effect = this.effectOf(charge.kind);
      await effect.failed?.(tx, charge, now);
      return Boolean(effect.failed);
    });
    if (failedEffect) this.deps.jobs.wake();
  }

  /** The payment a refund gives back, with the provider's id for it. */
  private async refunded(executor: Executor, refund: ChargeRow): Promise<ChargeRow & { paymentRef: string }> {
    const charge = refund.refundOf ? await this.byId(executor, refund.refundOf) : undefined;
    if (!charge?.providerRef) throw new Error(`refund ${refund.id} names no payment the provider took`);
    return { ...charge, paymentRef: charge.providerRef };
  }

  /** A settled refund: the reversing ledger entries, what the refunded kind takes back, and the member's notice. */
  private async applyRefund(tx: Executor, refund: ChargeRow, refundedAt: Date): Promise<void> {
    const charge = await this.refunded(tx, refund);
    await this.deps.payments.postRefund(tx, refund, charge);
    await this.takeBack(tx, charge, { endsAccess: refund.refundEndsAccess ?? false }, refundedAt);
    await this.deps.refundNotice(tx, refund);
  }

  /** What a paid charge bought, taken back by its kind's effect (a refund, a chargeback), in the caller's transaction. */
  async takeBack(tx: Executor, charge: ChargeRow, takeBack: TakeBack, at: Date): Promise<void> {
    await this.effectOf(charge.kind).refunded?.(tx, charge, takeBack, at);
  }

  private effectOf(kind: string): ChargeEffect {
    const effect = this.effects.get(kind as ChargeKind);
    if (!effect) throw new Error(`no effect is registered for ${kind} charges`);
    return effect;
  }
}

/** What the provider keeps with the payment: who paid for what, and the kind (the charge id is added by the provider adapter). */
function chargeMetadata(charge: ChargeRow): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (charge.subscriptionId) metadata.subscription_id = charge.subscriptionId;
  if (charge.planId) metadata.plan_id = charge.planId;
  if (charge.messageId) metadata.message_id = charge.messageId;
  if (charge.postId) metadata.post_id = charge.postId;
  if (charge.refundOf) metadata.refund_of = charge.refundOf;
  metadata.user_id = charge.userId;
  metadata.kind = charge.kind;
  return metadata;
}
