import {
  afterRenewalFailed,
  afterRenewalPaid,
  type Bundle,
  type Currency,
  discountedAmount,
  displayName,
  formatMoney,
  nextRenewalAttemptAt,
  periodsPrice,
  RENEWAL_LEAD_MS,
  RENEWAL_RETRY_MS,
  TRIAL_CONVERSION_LEAD_MS,
} from '@aurum/core';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { charges, paymentMethods, plans, profiles, subscriptions, users } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import type { OffersService } from '../offers/service.js';
import type { ChargesService } from '../payments/charges.js';
import { stateColumns } from './rows.js';

export interface RenewalsServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  charges: ChargesService;
  publicUrl: string;
  /** The discount a subscription keeps for its first payments. */
  offers: Pick<OffersService, 'kept'>;
}

type NoticeEvent = 'renewal_failed' | 'lapsed';

const NOTIFY_JOB = 'subscriptions.notify';
const RENEWAL_SWEEP_JOB = 'subscriptions.renew-due';
const RENEWAL_SWEEP_MS = 10 * 60 * 1000;
const RENEWAL_BATCH = 100;
/** Core's `inTrial` in SQL. */
const inTrialSql = sql`(${subscriptions.trialEndsAt} is not null and ${subscriptions.validUntil} <= ${subscriptions.trialEndsAt})`;

/**
 * Renewals: the sweep charges each subscription whose renewal (or retry after a decline) is
 * due, off-session with the current plan price; a failed renewal is retried daily until the
 * grace period ends and the subscription lapses, and the member is told each time.
 */
export class RenewalsService {
  constructor(private readonly deps: RenewalsServiceDeps) {
    deps.jobs.register(NOTIFY_JOB, {
      payload: z.object({ subscriptionId: z.string(), event: z.enum(['renewal_failed', 'lapsed']) }),
      run: (payload) => this.notify(payload.subscriptionId, payload.event),
    });
    deps.jobs.every(RENEWAL_SWEEP_JOB, RENEWAL_SWEEP_MS, {
      payload: z.object({}),
      run: async () => {
        await this.renewDue();
      },
    });
  }

  /** Renews every subscription whose renewal (or retry) is due; run by the scheduled sweep. */
  async renewDue(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.autoRenew, true),
          isNull(subscriptions.lapsedAt),
          or(
            // Core's nextRenewalAttemptAt: a day ahead, a free trial in its last minutes.
            and(
              isNull(subscriptions.renewalFailedAt),
              sql`${subscriptions.validUntil} <= case when ${inTrialSql} then ${new Date(now.getTime() + TRIAL_CONVERSION_LEAD_MS).toISOString()}::timestamptz
                else ${new Date(now.getTime() + RENEWAL_LEAD_MS).toISOString()}::timestamptz end`,
            ),
            lte(subscriptions.renewalFailedAt, new Date(now.getTime() - RENEWAL_RETRY_MS)),
          ),
          sql`not exists (select 1 from ${charges} where ${charges.subscriptionId} = ${subscriptions.id} and ${charges.status} = 'pending')`,
          // A suspended or banned creator's subscriptions stop renewing; they run out at valid_until.
          sql`exists (select 1 from ${users} where ${users.id} = ${subscriptions.creatorId} and ${users.disabledAt} is null and ${users.suspendedAt} is null)`,
        ),
      )
      .orderBy(subscriptions.validUntil)
      .limit(RENEWAL_BATCH);
    for (const { id } of due) await this.renewOne(id);
    return due.length;
  }

  /** Charges one due renewal: off-session, with the current plan price, for the period after the current one. Never throws. */
  async renewOne(subscriptionId: string): Promise<void> {
    try {
      const chargeId = await this.beginRenewal(subscriptionId);
      this.deps.jobs.wake();
      if (chargeId) await this.deps.charges.process(chargeId);
    } catch (error) {
      this.deps.logger.error({ err: error, subscriptionId }, 'renewal attempt failed to run; the next sweep tries again');
    }
  }

  /** Records a failed renewal (retry later, or lapse after the grace period) and queues the member's notice; the caller wakes the jobs. */
  async recordFailure(tx: Executor, subscriptionId: string, failedAt: Date): Promise<void> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!row) return;
    const next = afterRenewalFailed(row, failedAt);
    await tx.update(subscriptions).set(stateColumns(next)).where(eq(subscriptions.id, subscriptionId));
    const event: NoticeEvent = next.lapsedAt ? 'lapsed' : 'renewal_failed';
    await this.deps.jobs.enqueue(
      NOTIFY_JOB,
      { subscriptionId, event },
      { id: `${NOTIFY_JOB}:${subscriptionId}:${row.renewalFailures}` },
      tx,
    );
  }

  /** The pending renewal charge for a due subscription, or null when none is due or one is already under way. */
  private async beginRenewal(subscriptionId: string): Promise<string | null> {
    const now = this.deps.now();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
      if (!row) return null;
      const attemptAt = nextRenewalAttemptAt(row);
      if (!attemptAt || attemptAt > now) return null;
      const [pending] = await tx
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.subscriptionId, subscriptionId), eq(charges.status, 'pending')))
        .limit(1);
      if (pending) return null;
      const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
      const [method] = row.paymentMethodId
        ? await tx
            .select()
            .from(paymentMethods)
            .where(and(eq(paymentMethods.id, row.paymentMethodId), isNull(paymentMethods.removedAt)))
        : [];
      // It renews at its length: one billing period, or its bundle's at the bundle's price.
      const listAmountMinor = plan ? periodsPrice({ priceMinor: plan.priceMinor, bundles: plan.bundles as Bundle[] }, row.months) : null;
      if (!plan || !method || listAmountMinor === null) {
        await this.recordFailure(tx, subscriptionId, now);
        return null;
      }
      // A discount bought with the subscription still comes off its first payments.
      const offer = row.offerId && row.offerPaymentsLeft > 0 ? await this.deps.offers.kept(tx, row.offerId) : null;
      const charge = await this.deps.charges.begin(tx, {
        kind: 'renewal',
        // One attempt per period and try: a retry after a decline is a new payment, a crashed one is not.
        idempotencyKey: `renewal:${row.id}:${row.validUntil.toISOString()}:${row.renewalFailures}`,
        userId: row.userId,
        creatorId: plan.creatorId,
        planId: plan.id,
        subscriptionId,
        paymentMethodId: method.id,
        amountMinor: offer ? discountedAmount(listAmountMinor, offer) : listAmountMinor,
        currency: plan.currency,
        offerId: offer?.id ?? null,
        listAmountMinor: offer ? listAmountMinor : null,
        periodStart: row.validUntil > now ? row.validUntil : now,
        periodEnd: afterRenewalPaid(row, now, row.months).validUntil,
      });
      return charge.id;
    });
  }

  private async notify(subscriptionId: string, event: NoticeEvent): Promise<void> {
    const creator = profiles;
    const [row] = await this.deps.db
      .select({
        email: users.email,
        planName: plans.name,
        priceMinor: plans.priceMinor,
        currency: plans.currency,
        handle: creator.handle,
        publicName: creator.publicName,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(creator, eq(creator.userId, subscriptions.creatorId))
      .where(and(eq(subscriptions.id, subscriptionId), isNull(users.disabledAt)));
    if (!row) return;
    const name = displayName(row);
    const price = formatMoney({ amountMinor: row.priceMinor, currency: row.currency as Currency });
    const actionUrl = new URL(`/subscriptions/${subscriptionId}`, this.deps.publicUrl).toString();
    const paragraphs =
      event === 'lapsed'
        ? [
            `Your subscription to ${name} (${row.planName}) has ended: we could not take the ${price} renewal payment.`,
            'Subscribe again whenever you like to get access back.',
          ]
        : [
            `We could not take the ${price} renewal payment for your subscription to ${name} (${row.planName}).`,
            'We will try again tomorrow. To keep your subscription, check your payment method or choose another one.',
          ];
    const subject = event === 'lapsed' ? `Your subscription to ${name} has ended` : `Your payment for ${name} did not go through`;
    await this.deps.mailer.send(noticeMail({ to: row.email, subject, paragraphs, actionUrl, appUrl: this.deps.publicUrl }));
  }
}
