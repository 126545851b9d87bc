import {
  type Currency,
  generateId,
  type Payout,
  type PayoutMethod,
  type PayoutTrigger,
  payoutMethodLabel,
  type WithdrawInput,
} from '@aurum/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PayoutSettings } from '../config/config.js';
import type { Database, Executor } from '../db/database.js';
import { creatorBalances, creatorPayoutSettings, payoutMethods, payoutProviderAccounts, payouts } from '../db/schema.js';
import { AppError, errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Ledger } from '../ledger/ledger.js';
import { failpoint } from '../payments/failpoint.js';
import { type ActivePayoutMethod, type PayoutMethodsService, toActivePayoutMethod } from './methods.js';
import { type PayoutNotice, type PayoutNotices, payoutFailedNotice } from './notices.js';
import type { PayoutDestination, PayoutProvider, PayoutResult } from './provider.js';
import { PayoutProviderError } from './provider.js';
import type { ProviderAccountRow } from './provider-accounts.js';
import { providerFor } from './providers.js';
import { minimumPayout, refusalOf, withdrawBlock } from './rules.js';
import { type CreatorPayoutSettingsRow, payoutSettings } from './settings.js';
import type { PayoutSqlRow } from './statements.js';

export type PayoutRow = typeof payouts.$inferSelect;
/** A payout to make: whose balance, in which currency, under which key. */
export interface PayoutRequestOf {
  creatorId: string;
  currency: Currency;
  idempotencyKey: string;
}
interface LockedState {
  available: number;
  settings: CreatorPayoutSettingsRow | undefined;
  active: ActivePayoutMethod | null;
  providerAccount: ProviderAccountRow | null | undefined;
}

export interface PayoutsServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  ledger: Ledger;
  methods: PayoutMethodsService;
  providers: readonly PayoutProvider[];
  settings: PayoutSettings;
  notices: PayoutNotices;
}

const SEND_JOB = 'payouts.send';
const RELEASE_JOB = 'payouts.release-held';
/** Where the crash test kills the process: the provider took the payout, nothing is recorded yet. */
const AFTER_PROVIDER = 'after-provider-payout';
/** How often held earnings whose time came are moved into available balances. */
const RELEASE_EVERY_MS = 60 * 1000;
/** A payout whose request crashed or timed out is asked about again this long after it was made. */
const SEND_RETRY_DELAY_MS = 60 * 1000;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The states an outcome moves a payout from: forward only, and out of paid only for money that came back. */
function movesFrom(result: PayoutResult): PayoutRow['status'][] {
  if (result.status === 'in_flight') return ['pending'];
  if (result.status === 'failed' && result.returned) return ['pending', 'in_flight', 'paid'];
  return ['pending', 'in_flight'];
}

/** A payout as the API shows it, from its row or the history statement's row (same names, times as text). */
export function toPayout(row: PayoutRow | PayoutSqlRow): Payout {
  return {
    id: row.id,
    amountMinor: Number(row.amountMinor),
    currency: row.currency as Currency,
    status: row.status as Payout['status'],
    trigger: row.trigger as Payout['trigger'],
    provider: row.provider as Payout['provider'],
    destination: (row.destination as PayoutDestination).label,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    createdAt: iso(row.createdAt) as string,
    settledAt: iso(row.settledAt),
  };
}

function destinationOf(method: PayoutMethod, providerAccountId: string | undefined): PayoutDestination {
  const label = payoutMethodLabel(method);
  const account = providerAccountId ? { providerAccountId } : {};
  return method.type === 'paypal'
    ? { type: 'paypal', label, email: method.details.email, ...account }
    : { type: 'bank_account', label, ...method.details, ...account };
}

/**
 * Sends creators their available money. A payout follows the lifecycle of a charge:
 * 1. in one transaction, the held earnings whose time came are released, the balance is locked
 *    and checked, and the payout is written with its ledger debit and its send job;
 * 2. the provider is asked with the payout's id as its idempotency key;
 * 3. the outcome is recorded, guarded by the payout's status; a refusal returns the amount.
 * A crash between 2 and 3 leaves a pending payout that the send job asks about again with the
 * same key, and the provider answers with the first payout: never paid twice, never lost.
 */
export class PayoutsService {
  /**
   * The provider whose creators' accounts a payout reads: the one turned on that pays only such
   * accounts (one at most: only Stripe Connect does); '' joins none.
   */
  private readonly accountProvider: string;

  constructor(private readonly deps: PayoutsServiceDeps) {
    this.accountProvider = deps.providers.find((provider) => provider.onboarding)?.name ?? '';
    deps.jobs.register(SEND_JOB, {
      payload: z.object({ payoutId: z.string() }),
      maxAttempts: 12,
      run: async ({ payoutId }) => {
        const payout = await this.process(payoutId);
        if (payout?.status === 'pending') throw new Error('the payout provider has not answered yet');
      },
      onFailure: async ({ payoutId }) => {
        deps.logger.error({ payoutId }, 'payout never confirmed by its provider: it stays pending, check it at the provider');
      },
    });
    deps.jobs.every(RELEASE_JOB, RELEASE_EVERY_MS, {
      payload: z.unknown(),
      run: async () => {
        await deps.ledger.release(deps.db);
      },
    });
  }

  /**
   * Sends the currency's whole available balance to the creator's active method. The same key
   * answers with the same payout; a key of another creator's payout is refused.
   */
  async withdraw(creatorId: string, input: WithdrawInput): Promise<Payout> {
    const payout = await this.deps.db.transaction(async (tx) => {
      const earlier = await this.byKey(tx, input.idempotencyKey);
      if (earlier) {
        if (earlier.creatorId !== creatorId || earlier.trigger !== 'requested') throw errors.idempotencyKeyReused();
        return { row: earlier, made: false };
      }
      return { row: await this.begin(tx, creatorId, input.currency, input.idempotencyKey, 'requested'), made: true };
    });
    // Asked again for a payout that never got its answer (a crash, a timeout): ask the provider again with its key.
    if (!payout.made && payout.row.status !== 'pending') return toPayout(payout.row);
    return toPayout((await this.sendNow(payout.row)) ?? payout.row);
  }

  /**
   * Sends a payout just made while the creator (or admin) waits for the provider's first answer;
   * should it not come, the send job asks again later with the same key.
   */
  async sendNow(payout: PayoutRow): Promise<PayoutRow | undefined> {
    this.deps.jobs.wake();
    try {
      return await this.process(payout);
    } catch (error) {
      if (!(error instanceof PayoutProviderError)) throw error;
      this.deps.logger.warn({ err: error, payoutId: payout.id }, 'payout provider did not answer; the send job asks again');
      return this.byId(this.deps.db, payout.id);
    }
  }

  /**
   * Writes a payout of the available balance with its ledger debit and send job, in the
   * caller's transaction, after releasing what the hold frees and checking every block.
   */
  async begin(tx: Executor, creatorId: string, currency: Currency, idempotencyKey: string, trigger: PayoutTrigger): Promise<PayoutRow> {
    await this.deps.ledger.release(tx, creatorId);
    const [begun] = await this.beginMany(tx, [{ creatorId, currency, idempotencyKey }], trigger);
    if (!begun || begun instanceof AppError) throw begun ?? new Error('no payout was begun');
    return begun;
  }

  /**
   * Payouts of many available balances in the caller's transaction, in a few statements whatever
   * their number: the balances locked (a refund's debit waits), every block checked, then the
   * payouts, their ledger debits and send jobs written. Answers each request, in order, with its
   * payout or its refusal; nothing is written for a refused one. The caller released what the
   * hold freed.
   */
  async beginMany(tx: Executor, requests: readonly PayoutRequestOf[], trigger: PayoutTrigger): Promise<(PayoutRow | AppError)[]> {
    const { ledger } = this.deps;
    const states = await this.lockedStates(tx, requests);
    const at = this.deps.now();
    const outcomes: (PayoutRow | AppError | typeof payouts.$inferInsert)[] = requests.map((request, index) => {
      const { available, settings, active, providerAccount } = states[index] as LockedState;
      const method = active?.method ?? null;
      const provider = method ? providerFor(this.deps.providers, method.type) : null;
      const minimum = this.minimumOf(request.currency);
      const detailsSealed = Boolean(active?.detailsSealed);
      const block = withdrawBlock({ available, minimum, settings, method, detailsSealed, provider, providerAccount, at });
      if (block) return refusalOf(block, { minimum, settings, currency: request.currency });
      if (!method || !provider) return errors.payoutMethodMissing();
      return {
        id: generateId(at.getTime()),
        idempotencyKey: request.idempotencyKey,
        creatorId: request.creatorId,
        amountMinor: available,
        currency: request.currency,
        trigger,
        provider: provider.name,
        payoutMethodId: method.id,
        destination: destinationOf(method, provider.onboarding ? providerAccount?.externalId : undefined),
        createdAt: at,
      };
    });
    const toWrite = outcomes.filter((outcome): outcome is typeof payouts.$inferInsert => !(outcome instanceof AppError));
    if (toWrite.length === 0) return outcomes as AppError[];
    // A key another transaction has just used (two runs at once, a repeated request) writes nothing here.
    const written = await tx.insert(payouts).values(toWrite).onConflictDoNothing({ target: payouts.idempotencyKey }).returning();
    await ledger.postMany(
      tx,
      written.map((payout) => ({
        source: { payoutId: payout.id },
        kind: 'payout',
        userId: payout.creatorId,
        amountMinor: -payout.amountMinor,
        currency: payout.currency,
        availableAt: at,
      })),
    );
    await this.deps.jobs.enqueueMany(
      SEND_JOB,
      written.map((payout) => ({
        payload: { payoutId: payout.id },
        options: { id: `${SEND_JOB}:${payout.id}`, runAt: new Date(at.getTime() + SEND_RETRY_DELAY_MS) },
      })),
      tx,
    );
    const byKey = new Map(written.map((payout) => [payout.idempotencyKey, payout]));
    return outcomes.map((outcome) =>
      outcome instanceof AppError
        ? outcome
        : (byKey.get(outcome.idempotencyKey) ?? errors.idempotencyKeyReused({ message: 'This payout was already made.' })),
    );
  }

  /**
   * The balances the payouts take from, locked until the transaction ends, with each creator's
   * settings and active method, in one read (in key order, so two runs never wait on each other
   * in a circle). A creator without a balance has nothing to lock, and nothing to pay.
   */
  private async lockedStates(tx: Executor, requests: readonly PayoutRequestOf[]): Promise<LockedState[]> {
    const rows = await tx
      .select({
        creatorId: creatorBalances.creatorId,
        currency: creatorBalances.currency,
        available: creatorBalances.availableMinor,
        settings: creatorPayoutSettings,
        method: payoutMethods,
        providerAccount: payoutProviderAccounts,
      })
      .from(creatorBalances)
      .leftJoin(creatorPayoutSettings, eq(creatorPayoutSettings.creatorId, creatorBalances.creatorId))
      .leftJoin(payoutMethods, and(eq(payoutMethods.userId, creatorBalances.creatorId), eq(payoutMethods.active, true)))
      .leftJoin(
        payoutProviderAccounts,
        and(eq(payoutProviderAccounts.creatorId, creatorBalances.creatorId), eq(payoutProviderAccounts.provider, this.accountProvider)),
      )
      .where(
        sql`(${creatorBalances.creatorId}, ${creatorBalances.currency}) in (${sql.join(
          requests.map((request) => sql`(${request.creatorId}, ${request.currency})`),
          sql`, `,
        )})`,
      )
      .orderBy(asc(creatorBalances.creatorId), asc(creatorBalances.currency))
      .for('update', { of: creatorBalances });
    const found = new Map(rows.map((row) => [`${row.creatorId}\u0000${row.currency}`, row]));
    return Promise.all(
      requests.map(async (request) => {
        const row = found.get(`${request.creatorId}\u0000${request.currency}`);
        if (row) {
          const { available, settings, method, providerAccount } = row;
          return { available, settings: settings ?? undefined, active: method && toActivePayoutMethod(method), providerAccount };
        }
        const [settings, active] = await Promise.all([
          payoutSettings.of(tx, request.creatorId),
          this.deps.methods.active(tx, request.creatorId),
        ]);
        // Without a balance nothing is paid, whatever the account: the block says why first.
        return { available: 0, settings, active, providerAccount: undefined };
      }),
    );
  }

  /** Asks the provider about a pending payout (again, after a crash: same key) and records the answer; takes its id, or its row just made. */
  async process(payoutOrId: string | PayoutRow): Promise<PayoutRow | undefined> {
    const payout = typeof payoutOrId === 'string' ? await this.byId(this.deps.db, payoutOrId) : payoutOrId;
    if (payout?.status !== 'pending') return payout;
    const provider = this.deps.providers.find((candidate) => candidate.name === payout.provider);
    if (!provider) throw new PayoutProviderError(`the ${payout.provider} payout provider is not turned on`);
    const result = await provider.send({
      idempotencyKey: payout.id,
      creatorId: payout.creatorId,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
      destination: payout.destination as PayoutDestination,
    });
    failpoint(AFTER_PROVIDER);
    return this.settle(payout.id, result);
  }

  /** Records a provider's outcome once: a payout moves forward only (pending, in flight, then paid or failed). */
  async settle(payoutId: string, result: PayoutResult): Promise<PayoutRow | undefined> {
    return (await this.settleOnce(payoutId, result)).payout;
  }

  /** As settle, telling too whether this outcome moved the payout (false: settled already, or an older answer). */
  async settleOnce(payoutId: string, result: PayoutResult): Promise<{ payout: PayoutRow | undefined; changed: boolean }> {
    const { db } = this.deps;
    // Paid or in flight changes one row: one statement, no transaction.
    const settled =
      result.status === 'failed'
        ? await db.transaction((tx) => this.settleIn(tx, payoutId, result))
        : await this.settleIn(db, payoutId, result);
    if (settled?.notice) await this.deps.notices.tell([settled.notice]);
    // Not changed here (settled already, or an older answer): as it stands.
    return settled ? { payout: settled.payout, changed: true } : { payout: await this.byId(db, payoutId), changed: false };
  }

  /**
   * Records an outcome in the caller's transaction, guarded by the payout's status; undefined when
   * it had moved on. A refusal returns the amount and records the creator's notice, which the
   * caller tells after its commit.
   */
  async settleIn(
    executor: Executor,
    payoutId: string,
    result: PayoutResult,
  ): Promise<{ payout: PayoutRow; notice: PayoutNotice | null } | undefined> {
    const at = this.deps.now();
    const [updated] = await executor
      .update(payouts)
      .set({
        status: result.status,
        providerRef: result.providerRef,
        failureCode: result.status === 'failed' ? result.code : null,
        failureMessage: result.status === 'failed' ? result.message : null,
        sentAt: at,
        settledAt: result.status === 'in_flight' ? null : at,
      })
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, movesFrom(result))))
      .returning();
    if (updated?.status !== 'failed') return updated && { payout: updated, notice: null };
    await this.deps.ledger.post(executor, { payoutId: updated.id }, [
      { kind: 'payout_return', userId: updated.creatorId, amountMinor: updated.amountMinor, currency: updated.currency, availableAt: at },
    ]);
    const notice = payoutFailedNotice(updated);
    await this.deps.notices.record(executor, [notice], at);
    return { payout: updated, notice };
  }

  async byId(executor: Executor, id: string): Promise<PayoutRow | undefined> {
    const [payout] = await executor.select().from(payouts).where(eq(payouts.id, id));
    return payout;
  }

  async byKey(executor: Executor, key: string): Promise<PayoutRow | undefined> {
    const [payout] = await executor.select().from(payouts).where(eq(payouts.idempotencyKey, key));
    return payout;
  }

  /** The smallest payout of a currency on this server. */
  minimumOf(currency: Currency): number {
    return minimumPayout(this.deps.settings, currency);
  }
}
