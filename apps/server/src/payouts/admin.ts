import {
  type AdminCreatorPayouts,
  type AdminPayoutRow,
  type AdminPayoutsPage,
  type adminPayoutsQuerySchema,
  type Currency,
  DAY_MS,
  type Payout,
  type PayoutStatus,
} from '@aurum/core';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminActor, AuditLog, AuditTarget } from '../audit/audit-log.js';
import type { Database } from '../db/database.js';
import { payouts, profiles, users } from '../db/schema.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, timeKey } from '../http/page-cursor.js';
import type { Ledger } from '../ledger/ledger.js';
import type { PayoutAccounts } from './account.js';
import { type PayoutsService, toPayout } from './payouts.js';
import { type CreatorPayoutSettingsRow, payoutSettings } from './settings.js';
import type { AdminPayoutSqlRow, PayoutsStatements } from './statements.js';

export interface AdminPayoutsServiceDeps {
  db: Database;
  now: () => Date;
  audit: AuditLog;
  ledger: Ledger;
  payouts: PayoutsService;
  accounts: PayoutAccounts;
  statements: PayoutsStatements;
  /** The platform's hold, for creators without their own. */
  platformHoldDays: number;
}

function toAdminRow(row: AdminPayoutSqlRow): AdminPayoutRow {
  return {
    ...toPayout(row),
    providerRef: row.providerRef,
    retriedBy: row.retriedBy,
    creator: { id: row.creatorId, handle: row.creatorHandle, email: row.creatorEmail },
  };
}

/**
 * The admin side of payouts: every payout by state with totals, retrying a failed one, and a
 * creator's own hold and payout hold. Each change writes its audit row in its transaction.
 */
export class AdminPayoutsService {
  constructor(private readonly deps: AdminPayoutsServiceDeps) {}

  async list(query: z.output<typeof adminPayoutsQuerySchema>): Promise<AdminPayoutsPage> {
    const { statements } = this.deps;
    const filters = { status: query.status ?? null, creator: query.creatorId ?? null, currency: query.currency ?? null };
    const [rows, totals, [due]] = await Promise.all([
      statements.adminPage.run({ ...filters, ...keysetStart(query, timeKey) }),
      statements.adminTotals.run(filters),
      statements.bankTransfersDue.run({}),
    ]);
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.createdAt, row.id]);
    return {
      items: items.map(toAdminRow),
      totals: totals.map((row) => ({
        currency: row.currency as Currency,
        status: row.status as PayoutStatus,
        count: row.count,
        amountMinor: Number(row.amount_minor),
      })),
      bankTransfersDue: due?.count ?? 0,
      nextCursor,
    };
  }

  /**
   * Sends a failed payout again: a new payout of the creator's available balance (the failed
   * amount is back in it), once per failed payout (its key names the failed one), with every
   * block of a withdrawal still in force.
   */
  async retry(actor: AdminActor, payoutId: string): Promise<Payout> {
    const { db, audit, payouts: payoutsService } = this.deps;
    const retried = await db.transaction(async (tx) => {
      const [failed] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (!failed) throw errors.notFound('Payout');
      if (failed.status !== 'failed') throw errors.payoutNotRetryable();
      const key = `retry:${failed.id}`;
      if (await payoutsService.byKey(tx, key)) throw errors.payoutNotRetryable({ message: 'This payout was already sent again.' });
      const begun = await payoutsService.begin(tx, failed.creatorId, failed.currency as Currency, key, 'retry');
      await audit.record(tx, actor, {
        action: 'payout.retried',
        targetType: 'payout',
        targetId: failed.id,
        before: { status: failed.status, failureCode: failed.failureCode },
        after: { payoutId: begun.id, amountMinor: begun.amountMinor, currency: begun.currency },
      });
      return begun;
    });
    return toPayout((await payoutsService.sendNow(retried)) ?? retried);
  }

  async creator(creatorId: string): Promise<AdminCreatorPayouts> {
    const { db } = this.deps;
    const [person] = await db
      .select({ id: users.id, email: users.email, handle: profiles.handle })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, creatorId));
    if (!person) throw errors.notFound('Creator');
    const [settings, account] = await Promise.all([payoutSettings.of(db, creatorId), this.deps.accounts.account(creatorId)]);
    return {
      creator: person,
      holdDays: settings?.holdDays ?? null,
      holdReason: settings?.holdReason ?? null,
      platformHoldDays: this.deps.platformHoldDays,
      payoutsHeld: Boolean(settings?.payoutsHeldAt),
      payoutsHeldReason: settings?.payoutsHeldReason ?? null,
      payoutsHeldAt: settings?.payoutsHeldAt?.toISOString() ?? null,
      balances: account.balances,
      providerAccount: account.providerAccount,
    };
  }

  /**
   * Gives a creator their own hold (or the platform's again). What they have held now moves by
   * the change, so a shorter hold frees money sooner and a longer one keeps it longer.
   */
  async setHold(actor: AdminActor, creatorId: string, holdDays: number | null): Promise<AdminCreatorPayouts> {
    await this.deps.audit.act(actor, this.settingsOf(creatorId), async (tx, before) => {
      const holdReason = holdDays === null ? null : (actor.reason ?? null);
      if ((before?.holdDays ?? null) === holdDays && (before?.holdReason ?? null) === holdReason) return null;
      const previous = before?.holdDays ?? this.deps.platformHoldDays;
      const next = holdDays ?? this.deps.platformHoldDays;
      const at = this.deps.now();
      await payoutSettings.save(tx, creatorId, { holdDays, holdReason, updatedAt: at });
      await this.deps.ledger.moveHold(tx, creatorId, (next - previous) * DAY_MS);
      return { action: 'creator.hold_changed', before: { holdDays: before?.holdDays ?? null }, after: { holdDays }, result: undefined };
    });
    return this.creator(creatorId);
  }

  /** Stops a creator's payouts (scheduled and asked for), or lets them go again. */
  async holdPayouts(actor: AdminActor, creatorId: string, held: boolean): Promise<AdminCreatorPayouts> {
    await this.deps.audit.act(actor, this.settingsOf(creatorId), async (tx, before) => {
      if (Boolean(before?.payoutsHeldAt) === held) return null;
      const at = this.deps.now();
      await payoutSettings.save(tx, creatorId, {
        payoutsHeldAt: held ? at : null,
        payoutsHeldReason: held ? (actor.reason ?? null) : null,
        updatedAt: at,
      });
      const action = held ? 'creator.payouts_held' : 'creator.payouts_released';
      return { action, before: { payoutsHeld: !held }, after: { payoutsHeld: held }, result: undefined };
    });
    return this.creator(creatorId);
  }

  /** The creator's settings row, read under a lock on the creator, so two admins' changes apply one after the other. */
  private settingsOf(creatorId: string): AuditTarget<CreatorPayoutSettingsRow | undefined> {
    return {
      type: 'user',
      id: creatorId,
      lock: async (tx) => {
        if (!(await lockUser(tx, creatorId))) throw errors.notFound('Creator');
        return payoutSettings.of(tx, creatorId);
      },
    };
  }
}
