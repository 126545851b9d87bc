import { type AdminDispute, type DisputeStatus, disputeMovesOn, disputeShares, generateId, isFinalDispute } from '@aurum/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database, Executor } from '../db/database.js';
import { charges, disputes } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { Ledger, LedgerEntryRow, NewLedgerEntry } from '../ledger/ledger.js';
import type { ChargeRow, ChargesService, WebhookOutcome } from '../payments/charges.js';
import type { DisputeReport } from '../payments/provider.js';
import type { PaymentsService } from '../payments/service.js';
import type { AdminDisputesList } from './admin-list.js';
import { type DisputeNotice, type DisputeNotices, disputeDecidedNotice, disputeOpenedNotice } from './notices.js';

export type DisputeRow = typeof disputes.$inferSelect;

export interface DisputesServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  ledger: Ledger;
  charges: ChargesService;
  payments: PaymentsService;
  audit: AuditLog;
  list: AdminDisputesList;
  notices: DisputeNotices;
}

/** The chargeback's entries that a won dispute gives back (the fee only as far as the provider returned it). */
const CHARGEBACK_KINDS = ['chargeback', 'platform_fee_chargeback', 'creator_earning_chargeback'];

/**
 * Disputes of payments: what the provider reports (Stripe's webhooks, the development
 * provider's admin actions) is recorded and its money posted on the disputed charge through
 * the ledger, once per step:
 * - the provider took the funds: the member's payment is charged back, the platform's fee and
 *   the creator's earning reversed in the payment's proportion, and the dispute fee debited
 *   from the creator (theirs to bear, as the payment was theirs); the creator's debits stay
 *   held with the earning while that is held, else count at once, and may make the balance
 *   negative, which blocks payouts until later earnings cover it. Like a refund that ends
 *   access, the subscription the payment bought ends: the member took their money back;
 * - the provider gave the funds back (won): the chargeback is reversed, and the fee as far as
 *   the provider returned it. Access stays ended; a lost dispute posts nothing more.
 * A report in an earlier state than the one recorded (late, repeated) changes nothing.
 */
export class DisputesService {
  constructor(private readonly deps: DisputesServiceDeps) {}

  /** A provider's report from a webhook: the dispute of our charge with that provider's payment id. */
  async record(provider: string, report: DisputeReport): Promise<WebhookOutcome> {
    const notices: DisputeNotice[] = [];
    const outcome = await this.deps.db.transaction(async (tx) => {
      const [charge] = await tx
        .select()
        .from(charges)
        .where(and(eq(charges.provider, provider), eq(charges.providerRef, report.paymentRef), ne(charges.kind, 'refund')))
        .for('update');
      if (!charge) return 'unknown_charge' as const;
      return (await this.apply(tx, charge, report, notices)) ? ('applied' as const) : ('unchanged' as const);
    });
    await this.deps.notices.tell(notices);
    return outcome;
  }

  /** Development provider only (404 otherwise): the member's bank disputes a whole successful payment now; audited. */
  async openTest(actor: AdminActor, chargeId: string): Promise<AdminDispute> {
    const dev = this.deps.payments.devProvider;
    const notices: DisputeNotice[] = [];
    const disputeId = await this.deps.db.transaction(async (tx) => {
      const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
      if (!charge) throw errors.notFound('Payment');
      if (charge.kind === 'refund' || charge.status !== 'succeeded' || !charge.providerRef) throw errors.chargeNotDisputable();
      const [refund] = await tx
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.refundOf, charge.id), ne(charges.status, 'failed')));
      if (refund) throw errors.chargeNotDisputable({ message: 'This payment was refunded.' });
      if (await this.ofCharge(tx, charge.id)) throw errors.chargeAlreadyDisputed();
      const report = dev.openDispute({ providerRef: charge.providerRef, amountMinor: charge.amountMinor, currency: charge.currency });
      await this.apply(tx, charge, report, notices);
      const opened = await this.ofCharge(tx, charge.id);
      if (!opened) throw new Error(`the test dispute of charge ${charge.id} was not recorded`);
      await this.deps.audit.record(tx, actor, {
        action: 'dispute.test_opened',
        targetType: 'charge',
        targetId: charge.id,
        before: { status: charge.status, disputed: false },
        after: { disputeId: opened.id, amountMinor: opened.amountMinor, feeMinor: opened.feeMinor, currency: opened.currency },
      });
      return opened.id;
    });
    await this.deps.notices.tell(notices);
    return this.deps.list.one(disputeId);
  }

  /** Development provider only (404 otherwise): the bank decides an open test dispute; audited. */
  async closeTest(actor: AdminActor, disputeId: string, outcome: 'won' | 'lost'): Promise<AdminDispute> {
    const dev = this.deps.payments.devProvider;
    const notices: DisputeNotice[] = [];
    await this.deps.db.transaction(async (tx) => {
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
      if (dispute?.provider !== dev.name) throw errors.notFound('Dispute');
      if (dispute.closedAt) throw errors.disputeClosed();
      const [charge] = await tx.select().from(charges).where(eq(charges.id, dispute.chargeId)).for('update');
      if (!charge) throw new Error(`dispute ${dispute.id} names no charge`);
      await this.apply(tx, charge, dev.decideDispute(reportOf(dispute, charge), outcome), notices);
      await this.deps.audit.record(tx, actor, {
        action: 'dispute.test_closed',
        targetType: 'dispute',
        targetId: dispute.id,
        before: { status: dispute.status },
        after: { status: outcome, outcome },
      });
    });
    await this.deps.notices.tell(notices);
    return this.deps.list.one(disputeId);
  }

  /**
   * Records the report and posts what it newly says of the money, recording the creator's notice
   * of each step (the caller tells them after its commit); false when it moved neither state nor money.
   */
  private async apply(tx: Executor, charge: ChargeRow, report: DisputeReport, notices: DisputeNotice[]): Promise<boolean> {
    const now = this.deps.now();
    const recorded = await this.ofCharge(tx, charge.id);
    if (recorded && recorded.providerRef !== report.providerRef) {
      this.deps.logger.error({ chargeId: charge.id, disputes: [recorded.providerRef, report.providerRef] }, 'a payment disputed twice');
      return false;
    }
    if (recorded && !disputeMovesOn(recorded.status as DisputeStatus, report.status)) return false;
    if (report.currency !== charge.currency || report.amountMinor > charge.amountMinor)
      throw errors.webhookPayloadInvalid({ message: 'The dispute does not fit the payment it names.' });
    const debit = Boolean(report.funds.withdrawn) && !recorded?.debitedAt;
    const credit = Boolean(report.funds.reinstated) && !recorded?.creditedAt;
    const final = isFinalDispute(report.status);
    const feeMinor = debit ? (report.funds.withdrawn?.feeMinor ?? 0) : (recorded?.feeMinor ?? 0);
    // The provider cannot give back more fee than it took.
    const feeReturnedMinor = credit
      ? Math.min(feeMinor, report.funds.reinstated?.feeReturnedMinor ?? 0)
      : (recorded?.feeReturnedMinor ?? 0);
    const values = {
      // The amount the chargeback posted stays the dispute's, so the row and its entries agree.
      amountMinor: recorded?.debitedAt ? recorded.amountMinor : report.amountMinor,
      feeMinor,
      feeReturnedMinor,
      reason: report.reason,
      status: report.status,
      outcome: report.status === 'won' || report.status === 'lost' ? report.status : null,
      evidenceDueBy: report.evidenceDueBy,
      evidenceUrl: report.evidenceUrl,
      debitedAt: debit ? now : (recorded?.debitedAt ?? null),
      creditedAt: credit ? now : (recorded?.creditedAt ?? null),
      closedAt: final ? (recorded?.closedAt ?? now) : null,
      updatedAt: now,
    };
    if (recorded) await tx.update(disputes).set(values).where(eq(disputes.id, recorded.id));
    else
      await tx.insert(disputes).values({
        id: generateId(now.getTime()),
        provider: charge.provider,
        providerRef: report.providerRef,
        chargeId: charge.id,
        currency: report.currency,
        openedAt: now,
        ...values,
      });
    const told: DisputeNotice[] = [];
    if (debit) {
      const shareMinor = await this.postChargeback(tx, charge, report.amountMinor, feeMinor);
      await this.deps.charges.takeBack(tx, charge, { endsAccess: true }, now);
      told.push(
        disputeOpenedNotice(charge.creatorId, { amountMinor: report.amountMinor, currency: charge.currency, shareMinor, feeMinor }),
      );
    }
    if (credit) await this.postWon(tx, charge, feeReturnedMinor);
    if (values.outcome && !recorded?.outcome)
      told.push(
        disputeDecidedNotice(charge.creatorId, { amountMinor: values.amountMinor, currency: charge.currency, outcome: values.outcome }),
      );
    await this.deps.notices.record(tx, told, now);
    notices.push(...told);
    return !recorded || recorded.status !== report.status || debit || credit;
  }

  /** The chargeback: the disputed amount off the member's payment, split as it was, and the creator's dispute fee. */
  /** Answers the creator's share taken back. */
  private async postChargeback(tx: Executor, charge: ChargeRow, amountMinor: number, feeMinor: number): Promise<number> {
    const { ledger } = this.deps;
    const paid = await ledger.entriesOf(tx, { chargeId: charge.id });
    const payment = entryOf(paid, 'payment');
    const earning = entryOf(paid, 'creator_earning');
    const shares = disputeShares({ amountMinor: payment.amountMinor, creatorEarningMinor: earning.amountMinor }, amountMinor);
    const { currency } = charge;
    const creatorsHold = ledger.heldWith(earning);
    const entries: NewLedgerEntry[] = [
      { kind: 'chargeback', userId: charge.userId, amountMinor: -amountMinor, currency },
      { kind: 'platform_fee_chargeback', userId: null, amountMinor: -shares.platformFeeMinor, currency },
      { kind: 'creator_earning_chargeback', userId: charge.creatorId, amountMinor: -shares.creatorEarningMinor, currency, ...creatorsHold },
    ];
    // The creator bears the fee: the platform recovers from them what the provider took from it.
    if (feeMinor > 0)
      entries.push(
        { kind: 'platform_fee_dispute_fee', userId: null, amountMinor: feeMinor, currency },
        { kind: 'creator_earning_dispute_fee', userId: charge.creatorId, amountMinor: -feeMinor, currency, ...creatorsHold },
      );
    await ledger.post(tx, { chargeId: charge.id }, entries);
    return shares.creatorEarningMinor;
  }

  /** A won dispute: the chargeback reversed, and the fee as far as the provider returned it. */
  private async postWon(tx: Executor, charge: ChargeRow, feeReturnedMinor: number): Promise<void> {
    const { ledger } = this.deps;
    const posted = await ledger.entriesOf(tx, { chargeId: charge.id });
    const entries = ledger.reversalsOf(
      posted.filter((entry) => CHARGEBACK_KINDS.includes(entry.kind)),
      (kind) => `${kind}_won`,
    );
    if (feeReturnedMinor > 0) {
      const { currency } = charge;
      entries.push(
        { kind: 'platform_fee_dispute_fee_returned', userId: null, amountMinor: -feeReturnedMinor, currency },
        {
          kind: 'creator_earning_dispute_fee_returned',
          userId: charge.creatorId,
          amountMinor: feeReturnedMinor,
          currency,
          ...ledger.heldWith(entryOf(posted, 'creator_earning_dispute_fee')),
        },
      );
    }
    await ledger.post(tx, { chargeId: charge.id }, entries);
  }

  private async ofCharge(executor: Executor, chargeId: string): Promise<DisputeRow | undefined> {
    const [row] = await executor.select().from(disputes).where(eq(disputes.chargeId, chargeId)).for('update');
    return row;
  }
}

function entryOf(entries: LedgerEntryRow[], kind: string): LedgerEntryRow {
  const entry = entries.find((candidate) => candidate.kind === kind);
  if (!entry) throw new Error(`the disputed charge has no ${kind} ledger entry`);
  return entry;
}

/** A recorded dispute as its provider last reported it. */
function reportOf(dispute: DisputeRow, charge: ChargeRow): DisputeReport {
  return {
    providerRef: dispute.providerRef,
    paymentRef: charge.providerRef ?? '',
    amountMinor: dispute.amountMinor,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status as DisputeStatus,
    evidenceDueBy: dispute.evidenceDueBy,
    evidenceUrl: dispute.evidenceUrl,
    funds: {
      withdrawn: dispute.debitedAt ? { feeMinor: dispute.feeMinor } : null,
      reinstated: dispute.creditedAt ? { feeReturnedMinor: dispute.feeReturnedMinor } : null,
    },
  };
}
