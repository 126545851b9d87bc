import type { IncomingHttpHeaders } from 'node:http';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { payouts } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { PayoutsService } from './payouts.js';
import { type PayoutProvider, PayoutProviderError, type PayoutResult } from './provider.js';
import { providerAccounts } from './provider-accounts.js';

const CHECK_JOB = 'payouts.check-unsettled';
/** How often unsettled payouts are asked about. */
const CHECK_EVERY_MS = 15 * 60_000;
/** A payout is asked about once it has been in flight this long: its webhook would have come by then. */
const CHECK_AFTER_MS = 15 * 60_000;
/**
 * A payout still pending this long after it was made has outlived its send job's retries (a long
 * outage, the platform's PayPal balance short): it is sent again, with its key.
 */
const RESEND_AFTER_MS = 6 * 60 * 60_000;
/** Payouts read per statement; each is then asked about in turn. */
const CHECK_BATCH = 20;

export type WebhookOutcome = 'applied' | 'unchanged' | 'ignored' | 'unknown_payout' | 'unknown_account';
type UnsettledPayout = { id: string; status: string; provider: string; providerRef: string | null; createdAt: Date };

export interface PayoutProviderEventsDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  providers: readonly PayoutProvider[];
  payouts: PayoutsService;
}

/**
 * What payout providers tell later: their webhooks (payout outcomes, creators' accounts), and their answers when asked about payouts
 * still unsettled (a webhook can be lost, a send job give up). Either way the outcome is settled through
 * PayoutsService.settle, which moves a payout forward once, so a repeat changes nothing.
 */
export class PayoutProviderEvents {
  constructor(private readonly deps: PayoutProviderEventsDeps) {
    deps.jobs.every(CHECK_JOB, CHECK_EVERY_MS, {
      payload: z.unknown(),
      run: async () => {
        await this.checkUnsettled();
      },
    });
  }

  /** A webhook to `provider`: 404 for a provider that is not on or does not call back. */
  async webhook(providerName: string, headers: IncomingHttpHeaders, rawBody: Buffer): Promise<WebhookOutcome> {
    const provider = this.deps.providers.find((candidate) => candidate.name === providerName);
    if (!provider?.parseWebhook) throw errors.notFound('Webhook');
    try {
      const event = await provider.parseWebhook(headers, rawBody);
      if (!event) return 'ignored';
      switch (event.type) {
        case 'payout_settled':
          return await this.settle(provider, event.payoutId, event.result, { askWhenInFlight: true });
        case 'account_updated':
          // An account of no creator here (another platform's, or opened elsewhere on the account) changes nothing.
          return (await providerAccounts.update(this.deps.db, provider.name, event.account, this.deps.now()))
            ? 'applied'
            : 'unknown_account';
      }
    } catch (error) {
      if (!(error instanceof PayoutProviderError)) throw error;
      // Not known whether the event is genuine or what it changes: the provider sends it again after a failure.
      this.deps.logger.warn({ err: error, provider: provider.name }, 'payout webhook not applied: its provider did not answer');
      throw errors.payoutProviderUnavailable();
    }
  }

  /**
   * Asks the providers that can be asked about their unsettled payouts, oldest first, a batch at a
   * time: those in flight for longer than a webhook takes are checked, and those still pending long
   * after their send job gave up are sent again with their key. Stops at the first provider that
   * does not answer: the next run asks again. Returns how many payouts it moved.
   */
  async checkUnsettled(): Promise<number> {
    const askable = this.deps.providers.filter((provider) => provider.check).map((provider) => provider.name);
    if (askable.length === 0) return 0;
    const now = this.deps.now().getTime();
    const unsettled = or(
      and(eq(payouts.status, 'in_flight'), lt(payouts.sentAt, new Date(now - CHECK_AFTER_MS))),
      and(eq(payouts.status, 'pending'), lt(payouts.createdAt, new Date(now - RESEND_AFTER_MS))),
    );
    let moved = 0;
    let after: UnsettledPayout | null = null;
    for (;;) {
      const batch: UnsettledPayout[] = await this.deps.db
        .select({
          id: payouts.id,
          status: payouts.status,
          provider: payouts.provider,
          providerRef: payouts.providerRef,
          createdAt: payouts.createdAt,
        })
        .from(payouts)
        .where(
          and(
            unsettled,
            inArray(payouts.provider, askable),
            after ? sql`(${payouts.createdAt}, ${payouts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(payouts.createdAt), asc(payouts.id))
        .limit(CHECK_BATCH);
      for (const payout of batch) {
        try {
          if (await this.askAbout(payout)) moved++;
        } catch (error) {
          if (!(error instanceof PayoutProviderError)) throw error;
          this.deps.logger.warn({ err: error, payoutId: payout.id }, 'unsettled payout not checked: its provider did not answer');
          return moved;
        }
      }
      const last = batch.at(-1);
      if (!last || batch.length < CHECK_BATCH) return moved;
      after = last;
    }
  }

  /** Whether asking moved the payout. */
  private async askAbout(payout: UnsettledPayout): Promise<boolean> {
    if (payout.status === 'pending') return (await this.deps.payouts.process(payout.id))?.status !== 'pending';
    const provider = this.deps.providers.find((candidate) => candidate.name === payout.provider);
    if (!provider?.check) return false;
    const result = await provider.check({ id: payout.id, providerRef: payout.providerRef });
    return result.status !== 'in_flight' && (await this.settle(provider, payout.id, result, { askWhenInFlight: false })) === 'applied';
  }

  /**
   * Settles a payout of this provider's. An event that leaves it in flight makes the provider be
   * asked where it stands, once the payout is known to be ours: some outcomes need the provider
   * to act first (PayPal cancels an unclaimed item), which an event about someone else's must never make it do.
   */
  private async settle(
    provider: PayoutProvider,
    payoutId: string,
    result: PayoutResult,
    { askWhenInFlight }: { askWhenInFlight: boolean },
  ): Promise<WebhookOutcome> {
    const { payouts: service, db } = this.deps;
    const before = await service.byId(db, payoutId);
    // Only the provider that has the payout speaks for it.
    if (!before || before.provider !== provider.name) return 'unknown_payout';
    const returnedAfterPaid = before.status === 'paid' && result.status === 'failed' && result.returned;
    if (before.status !== 'pending' && before.status !== 'in_flight' && !returnedAfterPaid) return 'unchanged';
    const outcome =
      askWhenInFlight && result.status === 'in_flight' && provider.check
        ? await provider.check({ id: payoutId, providerRef: result.providerRef ?? before.providerRef })
        : result;
    return (await service.settleOnce(payoutId, outcome)).changed ? 'applied' : 'unchanged';
  }
}
