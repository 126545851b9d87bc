import { type Currency, type MarkPayoutInput, majorUnits, type Payout } from '@aurum/core';
import { and, asc, eq } from 'drizzle-orm';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database } from '../db/database.js';
import { payoutMethods, payouts, profiles, users } from '../db/schema.js';
import { toCsv } from '../http/csv.js';
import { errors } from '../http/errors.js';
import type { BankDetailsSeal } from './bank-details-seal.js';
import type { PayoutNotices } from './notices.js';
import { type PayoutsService, toPayout } from './payouts.js';
import type { PayoutResult } from './provider.js';

export interface ManualTransfersDeps {
  db: Database;
  now: () => Date;
  audit: AuditLog;
  payouts: PayoutsService;
  notices: PayoutNotices;
  /** Opens the details even after `manual` was turned off, so payouts still in flight can be paid. */
  bankDetailsSeal: BankDetailsSeal;
}

const MANUAL = 'manual';
/** The failure code a manual transfer the admin marked failed carries; the creator reads the admin's reason. */
const TRANSFER_FAILED = 'bank_transfer_failed';

const HEADER = [
  'payout_id',
  'creator_handle',
  'creator_email',
  'amount',
  'currency',
  'holder_name',
  'iban',
  'account_number',
  'routing_number',
  'country',
  'created_at',
  'note',
];

/**
 * Manual bank transfers: the admin downloads every payout in flight with the bank details to pay
 * it by, pays outside Aurum, then marks each paid or failed. Both are audited: the download
 * names each creator whose bank details it held.
 */
export class ManualTransfers {
  constructor(private readonly deps: ManualTransfersDeps) {}

  /** The CSV of every manual payout in flight, oldest first, with the bank details to pay it by. */
  async exportCsv(actor: AdminActor): Promise<{ filename: string; csv: string }> {
    const { db, audit, bankDetailsSeal } = this.deps;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: payouts.id,
          creatorId: payouts.creatorId,
          amountMinor: payouts.amountMinor,
          currency: payouts.currency,
          createdAt: payouts.createdAt,
          handle: profiles.handle,
          email: users.email,
          methodId: payoutMethods.id,
          sealedDetails: payoutMethods.sealedDetails,
        })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.creatorId))
        .leftJoin(profiles, eq(profiles.userId, payouts.creatorId))
        .leftJoin(payoutMethods, eq(payoutMethods.id, payouts.payoutMethodId))
        .where(and(eq(payouts.provider, MANUAL), eq(payouts.status, 'in_flight')))
        .orderBy(asc(payouts.createdAt), asc(payouts.id));
      const lines = rows.map((row) => {
        const details = row.methodId && row.sealedDetails ? bankDetailsSeal.open(row.sealedDetails, row.methodId) : null;
        const note = details
          ? ''
          : row.methodId
            ? 'The bank details do not open (the server secret changed?): mark it failed so the creator adds the account again'
            : 'The creator removed this bank account: mark it failed';
        return [
          row.id,
          row.handle ?? '',
          row.email,
          majorUnits(row.amountMinor, row.currency as Currency),
          row.currency,
          details?.holderName ?? '',
          details?.iban ?? '',
          details?.accountNumber ?? '',
          details?.routingNumber ?? '',
          details?.country ?? '',
          row.createdAt.toISOString(),
          note,
        ];
      });
      // Who saw whose bank details: a row per creator in the file, found by the creator in the audit log.
      const byCreator = new Map<string, string[]>();
      for (const row of rows) byCreator.set(row.creatorId, [...(byCreator.get(row.creatorId) ?? []), row.id]);
      for (const [creatorId, payoutIds] of byCreator) {
        await audit.record(tx, actor, {
          action: 'payout.bank_details_exported',
          targetType: 'user',
          targetId: creatorId,
          before: null,
          after: { payoutIds },
        });
      }
      const day = this.deps.now().toISOString().slice(0, 10);
      return { filename: `aurum-bank-transfers-${day}.csv`, csv: toCsv([HEADER, ...lines]) };
    });
  }

  /**
   * Records the outcome of a transfer the admin made: paid, or failed with the reason the creator
   * is shown (the amount goes back to their balance). Only a manual payout in flight, once.
   */
  async mark(actor: AdminActor, payoutId: string, input: MarkPayoutInput): Promise<Payout> {
    const { db, audit, payouts: payoutsService } = this.deps;
    const marked = await db.transaction(async (tx) => {
      const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (!payout) throw errors.notFound('Payout');
      if (payout.provider !== MANUAL) throw errors.payoutNotManual();
      if (payout.status !== 'in_flight') throw errors.payoutNotInFlight();
      const result: PayoutResult =
        input.outcome === 'paid'
          ? // The reference names who confirmed the transfer; the bank's own reference is outside Aurum.
            { status: 'paid', providerRef: payout.providerRef ?? `admin:${actor.adminId}` }
          : { status: 'failed', providerRef: payout.providerRef, code: TRANSFER_FAILED, message: input.reason };
      const settled = await payoutsService.settleIn(tx, payout.id, result);
      // The row is locked in flight, so the guarded update always applies.
      if (!settled) throw errors.payoutNotInFlight();
      await audit.record(tx, actor, {
        action: input.outcome === 'paid' ? 'payout.marked_paid' : 'payout.marked_failed',
        targetType: 'payout',
        targetId: payout.id,
        before: { status: payout.status },
        after: { status: settled.payout.status, amountMinor: payout.amountMinor, currency: payout.currency },
      });
      return settled;
    });
    if (marked.notice) await this.deps.notices.tell([marked.notice]);
    return toPayout(marked.payout);
  }
}
