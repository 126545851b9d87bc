import { DAY_MS, generateId, PAYOUT_LEDGER_KINDS } from '@aurum/core';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { creatorBalances, creatorPayoutSettings, ledgerEntries } from '../db/schema.js';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type CreatorBalanceRow = typeof creatorBalances.$inferSelect;

/** What an entry records: a charge (a payment, a refund, a dispute of the payment) or a payout. */
export type LedgerSource = { chargeId: string } | { payoutId: string };

export interface NewLedgerEntry {
  kind: string;
  /** The member, the creator, or null for the platform. */
  userId: string | null;
  amountMinor: number;
  currency: string;
  /** A creator's entry only: when it counts as available (now or earlier: at once). Others leave it out. */
  availableAt?: Date;
}

/** Held entries released per statement by the sweep. */
const RELEASE_BATCH = 1000;

export interface LedgerDeps {
  db: Database;
  now: () => Date;
  /** The platform's hold on earnings, for creators without one of their own. */
  holdDays: number;
}

/**
 * The only writer of ledger entries, and the keeper of each creator's balance. Posting an entry
 * and changing the balance it moves happen in the caller's transaction, so the kept balance is
 * always the sum of the creator's entries: pending holds those not yet released, available those
 * released (an earning after its hold, a debit at once), and paid out the payouts net of returns.
 */
export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  /** Days this creator's earnings are held: an admin's setting for them, else the platform's. */
  async holdDays(executor: Executor, creatorId: string): Promise<number> {
    const [settings] = await executor
      .select({ holdDays: creatorPayoutSettings.holdDays })
      .from(creatorPayoutSettings)
      .where(eq(creatorPayoutSettings.creatorId, creatorId));
    return settings?.holdDays ?? this.deps.holdDays;
  }

  /** When an earning posted now leaves the creator's hold. */
  async holdEnd(executor: Executor, creatorId: string): Promise<Date> {
    return new Date(this.deps.now().getTime() + (await this.holdDays(executor, creatorId)) * DAY_MS);
  }

  /**
   * Writes the entries of one charge or payout, and moves the kept balances of the creators among
   * them. One entry per source and kind: entries already posted are skipped and move nothing, so
   * posting again is harmless.
   */
  async post(tx: Executor, source: LedgerSource, entries: NewLedgerEntry[]): Promise<LedgerEntryRow[]> {
    return this.postMany(
      tx,
      entries.map((entry) => ({ ...entry, source })),
    );
  }

  /** `post` for the entries of many charges or payouts at once: one insert and one balance update. */
  async postMany(tx: Executor, entries: (NewLedgerEntry & { source: LedgerSource })[]): Promise<LedgerEntryRow[]> {
    if (entries.length === 0) return [];
    const now = this.deps.now();
    const posted = await tx
      .insert(ledgerEntries)
      .values(
        entries.map(({ source, ...entry }) => ({
          id: generateId(now.getTime()),
          chargeId: 'chargeId' in source ? source.chargeId : null,
          payoutId: 'payoutId' in source ? source.payoutId : null,
          kind: entry.kind,
          userId: entry.userId,
          amountMinor: entry.amountMinor,
          currency: entry.currency,
          createdAt: now,
          availableAt: entry.availableAt ?? null,
          releasedAt: entry.availableAt && entry.availableAt <= now ? now : null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    await this.moveBalances(tx, posted, now);
    return posted;
  }

  /** The entries reversing `entries`. */
  reversalsOf(entries: LedgerEntryRow[], kindOf: (kind: string) => string): NewLedgerEntry[] {
    return entries.map((entry) => ({
      kind: kindOf(entry.kind),
      userId: entry.userId,
      amountMinor: -entry.amountMinor,
      currency: entry.currency,
      ...this.heldWith(entry),
    }));
  }

  /** A creator's entry against `entry` stays held with it while that is held, else counts at once; others are never held. */
  heldWith(entry: LedgerEntryRow): { availableAt?: Date } {
    if (!entry.availableAt) return {};
    return { availableAt: entry.releasedAt ? this.deps.now() : entry.availableAt };
  }

  async entriesOf(executor: Executor, source: LedgerSource): Promise<LedgerEntryRow[]> {
    const where = 'chargeId' in source ? eq(ledgerEntries.chargeId, source.chargeId) : eq(ledgerEntries.payoutId, source.payoutId);
    return executor.select().from(ledgerEntries).where(where);
  }

  /**
   * Moves held entries whose time has come from pending to available: every creator's (the
   * periodic sweep), or one creator's (before their payout, in its transaction). Each batch is
   * one statement, so an entry and the balance it moves change together; entries another sweep
   * holds are skipped, and released once.
   */
  async release(executor: Executor, creatorId?: string): Promise<number> {
    const now = this.deps.now().toISOString();
    const ofCreator: SQL = creatorId ? sql`and ${ledgerEntries.userId} = ${creatorId}` : sql``;
    let released = 0;
    for (;;) {
      const result = await executor.execute(sql`
        with due as (
          select id from ${ledgerEntries}
          where ${ledgerEntries.releasedAt} is null and ${ledgerEntries.availableAt} is not null
            and ${ledgerEntries.availableAt} <= ${now}::timestamptz ${ofCreator}
          order by ${ledgerEntries.availableAt}
          limit ${RELEASE_BATCH}
          for update skip locked
        ), released as (
          update ${ledgerEntries} set released_at = ${now}::timestamptz
          from due where ${ledgerEntries.id} = due.id
          returning ${ledgerEntries.userId} as creator_id, ${ledgerEntries.currency} as currency, ${ledgerEntries.amountMinor} as amount_minor
        ), sums as (
          select creator_id, currency, sum(amount_minor) as amount_minor, count(*) as entries from released group by creator_id, currency
        ), moved as (
          update ${creatorBalances} as b
          set pending_minor = b.pending_minor - sums.amount_minor,
              available_minor = b.available_minor + sums.amount_minor,
              updated_at = ${now}::timestamptz
          from sums where b.creator_id = sums.creator_id and b.currency = sums.currency
        )
        select coalesce(sum(entries), 0)::int as released from sums`);
      // Both drivers answer raw SQL with its rows.
      const batch = Number((result as unknown as { rows: { released: number }[] }).rows[0]?.released ?? 0);
      released += batch;
      if (batch < RELEASE_BATCH) return released;
    }
  }

  /**
   * A creator's hold changed: the dates their held entries become available move by `byMs`
   * (earlier for a shorter hold), and what that frees is released, in the caller's transaction.
   */
  async moveHold(tx: Executor, creatorId: string, byMs: number): Promise<void> {
    if (byMs === 0) return;
    await tx
      .update(ledgerEntries)
      .set({ availableAt: sql`${ledgerEntries.availableAt} + ${byMs} * interval '1 millisecond'` })
      .where(
        sql`${ledgerEntries.userId} = ${creatorId} and ${ledgerEntries.releasedAt} is null and ${ledgerEntries.availableAt} is not null`,
      );
    await this.release(tx, creatorId);
  }

  /** A creator's kept balances, one row per currency they have had money in: one indexed read. */
  async balances(executor: Executor, creatorId: string): Promise<CreatorBalanceRow[]> {
    return executor.select().from(creatorBalances).where(eq(creatorBalances.creatorId, creatorId)).orderBy(asc(creatorBalances.currency));
  }

  /** When the creator's held money becomes available: per currency and day, the day's last release time and its sum. */
  async releases(executor: Executor, creatorId: string): Promise<{ currency: string; availableAt: Date; amountMinor: number }[]> {
    const day = sql`date_trunc('day', ${ledgerEntries.availableAt})`;
    return executor
      .select({
        currency: ledgerEntries.currency,
        availableAt: sql<Date>`max(${ledgerEntries.availableAt})`.mapWith(ledgerEntries.availableAt),
        amountMinor: sql<number>`sum(${ledgerEntries.amountMinor})::bigint`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, creatorId), sql`${ledgerEntries.releasedAt} is null and ${ledgerEntries.availableAt} is not null`),
      )
      .groupBy(ledgerEntries.currency, day)
      .orderBy(asc(day));
  }

  /** Adds the creators' entries just posted to their kept balances (one upsert per statement). */
  private async moveBalances(tx: Executor, posted: LedgerEntryRow[], now: Date): Promise<void> {
    const moves = new Map<string, typeof creatorBalances.$inferInsert>();
    for (const entry of posted) {
      if (!entry.availableAt || !entry.userId) continue;
      const key = `${entry.userId}\u0000${entry.currency}`;
      const move = moves.get(key) ?? {
        creatorId: entry.userId,
        currency: entry.currency,
        pendingMinor: 0,
        availableMinor: 0,
        paidOutMinor: 0,
        updatedAt: now,
      };
      if (entry.releasedAt) move.availableMinor = (move.availableMinor ?? 0) + entry.amountMinor;
      else move.pendingMinor = (move.pendingMinor ?? 0) + entry.amountMinor;
      if ((PAYOUT_LEDGER_KINDS as readonly string[]).includes(entry.kind)) move.paidOutMinor = (move.paidOutMinor ?? 0) - entry.amountMinor;
      moves.set(key, move);
    }
    if (moves.size === 0) return;
    await tx
      .insert(creatorBalances)
      .values([...moves.values()])
      .onConflictDoUpdate({
        target: [creatorBalances.creatorId, creatorBalances.currency],
        set: {
          pendingMinor: sql`${creatorBalances.pendingMinor} + excluded.pending_minor`,
          availableMinor: sql`${creatorBalances.availableMinor} + excluded.available_minor`,
          paidOutMinor: sql`${creatorBalances.paidOutMinor} + excluded.paid_out_minor`,
          updatedAt: now,
        },
      });
  }
}
