import { type Currency, isScheduledDay, type PayoutSchedule } from '@aurum/core';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { creatorBalances, creatorPayoutSettings, payouts } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PayoutRow, PayoutsService } from './payouts.js';

const RUN_JOB = 'payouts.scheduled-run';
/** The run looks for creators due today this often; each finds only those not yet paid today. */
const RUN_EVERY_MS = 60 * 60 * 1000;
/** Balances read per query of a run. */
const BATCH = 500;
/** Payouts made per transaction. */
const MADE_PER_TRANSACTION = 50;
/** Batches made and sent side by side, and payouts of a batch sent at once: at most 3 x (1 + 2) of the pool's 10 connections, the rest left to requests. */
const BATCHES_AT_ONCE = 3;
const SENT_AT_ONCE = 2;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface ScheduledPayoutsDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  ledger: Ledger;
  payouts: PayoutsService;
}

/** The key of a creator's scheduled payout of one currency on one UTC day: the same run made twice pays once. */
export function scheduledPayoutKey(creatorId: string, currency: string, day: Date): string {
  return `scheduled:${creatorId}:${currency}:${day.toISOString().slice(0, 10)}`;
}

/**
 * Automatic payouts: every hour, the creators whose schedule falls on today (UTC) and whose
 * available balance reaches the minimum are paid it. Each payout's key names the creator,
 * currency and day, so a run killed half way and started again (or run by two instances) pays
 * each creator once; payouts it made but could not send are sent by their send job.
 */
export class ScheduledPayouts {
  constructor(private readonly deps: ScheduledPayoutsDeps) {
    deps.jobs.every(RUN_JOB, RUN_EVERY_MS, { payload: z.unknown(), run: () => this.run().then(() => undefined) });
  }

  /**
   * Pays every creator due today; returns how many payouts it made. Payouts are made a batch per
   * transaction, then sent a few at a time, as a provider answers each over the network.
   */
  async run(): Promise<number> {
    const { db, ledger, logger, payouts: payoutsService } = this.deps;
    const today = this.deps.now();
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    await ledger.release(db);
    let made = 0;
    let after: readonly [string, string] = ['', ''];
    for (;;) {
      const due = await this.dueBalances(day, after);
      const payable = due.filter(
        (balance) => isScheduledDay(balance.schedule, day) && balance.availableMinor >= payoutsService.minimumOf(balance.currency),
      );
      const batches = [];
      for (let start = 0; start < payable.length; start += MADE_PER_TRANSACTION)
        batches.push(payable.slice(start, start + MADE_PER_TRANSACTION));
      // Batches of different creators lock different rows: a few run side by side.
      await eachAtOnce(batches, BATCHES_AT_ONCE, async (batch) => {
        const begun = await this.beginBatch(batch, day);
        made += begun.length;
        await eachAtOnce(begun, SENT_AT_ONCE, (payout) => payoutsService.sendNow(payout));
      });
      const last = due.at(-1);
      if (due.length < BATCH || !last) break;
      after = [last.creatorId, last.currency];
    }
    if (made > 0) logger.info({ payouts: made }, 'scheduled payouts made');
    return made;
  }

  /** Makes the batch's payouts in one transaction; a creator refused (the balance changed, a hold came in) waits for the next run. */
  private async beginBatch(batch: readonly { creatorId: string; currency: Currency }[], day: Date): Promise<PayoutRow[]> {
    const requests = batch.map(({ creatorId, currency }) => ({
      creatorId,
      currency,
      idempotencyKey: scheduledPayoutKey(creatorId, currency, day),
    }));
    const outcomes = await this.deps.db.transaction((tx) => this.deps.payouts.beginMany(tx, requests, 'scheduled'));
    return outcomes.filter((outcome): outcome is PayoutRow => !(outcome instanceof AppError));
  }

  /**
   * The next balances after `after` (creator, currency) of creators whose schedule falls on `day`
   * and who are not held or paused, with money available and not yet paid today.
   */
  private async dueBalances(day: Date, after: readonly [string, string]) {
    const dayText = day.toISOString().slice(0, 10);
    const rows = await this.deps.db
      .select({
        creatorId: creatorPayoutSettings.creatorId,
        schedule: creatorPayoutSettings.schedule,
        scheduleDay: creatorPayoutSettings.scheduleDay,
        currency: creatorBalances.currency,
        availableMinor: creatorBalances.availableMinor,
      })
      .from(creatorPayoutSettings)
      .innerJoin(creatorBalances, eq(creatorBalances.creatorId, creatorPayoutSettings.creatorId))
      .where(
        and(
          sql`(${creatorPayoutSettings.creatorId}, ${creatorBalances.currency}) > (${after[0]}, ${after[1]})`,
          or(
            and(eq(creatorPayoutSettings.schedule, 'weekly'), eq(creatorPayoutSettings.scheduleDay, day.getUTCDay() || 7)),
            and(eq(creatorPayoutSettings.schedule, 'monthly'), eq(creatorPayoutSettings.scheduleDay, day.getUTCDate())),
          ),
          isNull(creatorPayoutSettings.payoutsHeldAt),
          or(isNull(creatorPayoutSettings.methodChangePauseUntil), lte(creatorPayoutSettings.methodChangePauseUntil, this.deps.now())),
          gt(creatorBalances.availableMinor, 0),
          sql`not exists (select 1 from ${payouts} where ${payouts.idempotencyKey} = 'scheduled:' || ${creatorPayoutSettings.creatorId} || ':' || ${creatorBalances.currency} || ':' || ${dayText}::text)`,
        ),
      )
      .orderBy(asc(creatorPayoutSettings.creatorId), asc(creatorBalances.currency))
      .limit(BATCH);
    return rows.map((row) => ({
      creatorId: row.creatorId,
      currency: row.currency as Currency,
      availableMinor: row.availableMinor,
      schedule: { kind: row.schedule, day: row.scheduleDay } as PayoutSchedule,
    }));
  }
}
