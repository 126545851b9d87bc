import { Readable } from 'node:stream';
import {
  type AdminChargeDetail,
  type AdminChargeRow,
  type AdminChargesPage,
  type AdminLedgerPage,
  type AdminLedgerRow,
  type AdminRefundResult,
  type AdminSubscriptionRow,
  type AdminSubscriptionsPage,
  type adminChargesPageQuerySchema,
  type adminChargesQuerySchema,
  type adminLedgerPageQuerySchema,
  type adminLedgerQuerySchema,
  type adminRefundSchema,
  type adminSubscriptionsPageQuerySchema,
  type adminSubscriptionsQuerySchema,
  buysSubscriptionPeriod,
  type Currency,
  subscriptionStatus,
} from '@aurum/core';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database } from '../db/database.js';
import { charges, disputes, plans } from '../db/schema.js';
import { csvLine } from '../http/csv.js';
import { errors } from '../http/errors.js';
import { ABOVE_EVERY_TIME, keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { ChargeRow, ChargesService } from '../payments/charges.js';
import { PaymentProviderError } from '../payments/provider.js';
import type { PaymentsService } from '../payments/service.js';
import type {
  AdminPaymentsStatements,
  ChargeSqlRow,
  LedgerSqlRow,
  MoneyFilterValues,
  MoneyList,
  PeopleSqlRow,
  SubscriptionSqlRow,
} from './statements.js';

export interface AdminPaymentsServiceDeps {
  db: Database;
  now: () => Date;
  statements: AdminPaymentsStatements;
  audit: AuditLog;
  charges: ChargesService;
  payments: PaymentsService;
}

type ChargesQuery = z.output<typeof adminChargesQuerySchema>;
type LedgerQuery = z.output<typeof adminLedgerQuerySchema>;
type SubscriptionsQuery = z.output<typeof adminSubscriptionsQuerySchema>;

/** What any of the lists filters by. */
interface MoneyQuery {
  from?: string | undefined;
  to?: string | undefined;
  creatorId?: string | undefined;
  memberId?: string | undefined;
  status?: string | undefined;
  kind?: string | undefined;
}

/** How many rows an export reads per statement while it streams. */
const EXPORT_BATCH = 500;

/**
 * The admin money area: charges, ledger entries and subscriptions with filters and totals per
 * currency, their CSV exports, one payment's detail, and refunds. Routes reach it only past the
 * admin guard.
 */
export class AdminPaymentsService {
  constructor(private readonly deps: AdminPaymentsServiceDeps) {}

  async charges(query: z.output<typeof adminChargesPageQuerySchema>): Promise<AdminChargesPage> {
    return this.page(this.deps.statements.charges, this.filters(query), query, toChargeRow, (totals) => ({
      currency: totals.currency as Currency,
      count: totals.count,
      paidMinor: Number(totals.paid_minor),
      refundedMinor: Number(totals.refunded_minor),
    }));
  }

  async ledger(query: z.output<typeof adminLedgerPageQuerySchema>): Promise<AdminLedgerPage> {
    return this.page(this.deps.statements.ledger, this.filters(query), query, toLedgerRow, (totals) => ({
      currency: totals.currency as Currency,
      count: totals.count,
      grossMinor: Number(totals.gross_minor),
      feeMinor: Number(totals.fee_minor),
      netMinor: Number(totals.net_minor),
    }));
  }

  async subscriptions(query: z.output<typeof adminSubscriptionsPageQuerySchema>): Promise<AdminSubscriptionsPage> {
    const now = this.deps.now();
    return this.page(
      this.deps.statements.subscriptions,
      this.filters(query),
      query,
      (row) => toSubscriptionRow(row, now),
      (totals) => ({ currency: totals.currency as Currency, count: totals.count, priceMinor: Number(totals.price_minor) }),
    );
  }

  /** The filtered charges as CSV, read in keyset batches while the answer streams. */
  exportCharges(query: ChargesQuery): Readable {
    return this.export(this.deps.statements.charges, this.filters(query), CHARGE_COLUMNS, (row) => {
      const charge = toChargeRow(row);
      return [
        charge.createdAt,
        charge.id,
        charge.kind,
        charge.status,
        charge.amountMinor,
        charge.currency,
        ...personCells(row),
        charge.provider,
        charge.providerRef ?? '',
        charge.failureCode ?? '',
        charge.refundOf ?? '',
        charge.refundId ?? '',
        charge.refundStatus ?? '',
        charge.settledAt ?? '',
      ];
    });
  }

  exportLedger(query: LedgerQuery): Readable {
    return this.export(this.deps.statements.ledger, this.filters(query), LEDGER_COLUMNS, (row) => [
      row.created_at,
      row.id,
      row.charge_id ?? '',
      row.charge_kind ?? '',
      row.payout_id ?? '',
      row.kind,
      row.amount_minor,
      row.currency,
      ...personCells(row),
    ]);
  }

  exportSubscriptions(query: SubscriptionsQuery): Readable {
    const now = this.deps.now();
    return this.export(this.deps.statements.subscriptions, this.filters(query), SUBSCRIPTION_COLUMNS, (row) => {
      const subscription = toSubscriptionRow(row, now);
      return [
        subscription.createdAt,
        subscription.id,
        subscription.status,
        subscription.planName,
        subscription.priceMinor,
        subscription.currency,
        ...personCells(row),
        subscription.autoRenew ? 'yes' : 'no',
        subscription.validUntil,
      ];
    });
  }

  async charge(chargeId: string): Promise<AdminChargeDetail> {
    const { db, statements } = this.deps;
    const [[row], [stored], ledger, [dispute]] = await Promise.all([
      statements.oneCharge.run({ chargeId }),
      db
        .select({ charge: charges, planName: plans.name })
        .from(charges)
        .leftJoin(plans, eq(plans.id, charges.planId))
        .where(eq(charges.id, chargeId)),
      statements.chargeLedger.run({ chargeId }),
      db.select({ id: disputes.id }).from(disputes).where(eq(disputes.chargeId, chargeId)),
    ]);
    if (!stored || !row) throw errors.notFound('Payment');
    const listed = toChargeRow(row);
    return {
      charge: {
        ...listed,
        planName: stored.planName,
        subscriptionId: stored.charge.subscriptionId,
        messageId: stored.charge.messageId,
        listAmountMinor: stored.charge.listAmountMinor,
        failureMessage: stored.charge.failureMessage,
        refundReason: stored.charge.refundReason,
        refundEndsAccess: stored.charge.refundEndsAccess,
      },
      ledger: ledger.map(toLedgerRow),
      refundable: listed.kind !== 'refund' && listed.status === 'succeeded' && listed.refundId === null && !dispute,
      disputeId: dispute?.id ?? null,
    };
  }

  /**
   * Refunds a whole payment through the provider: the pending refund and its audit row are
   * written in one transaction with the payment locked, then the provider is asked and the
   * refund settled (reversing ledger entries, what the payment bought taken back, the member
   * told). The same idempotency key returns the same refund; a crash after the provider's
   * answer leaves a pending refund that asking again, or the reconcile job, settles once.
   */
  async refund(actor: AdminActor, chargeId: string, input: z.output<typeof adminRefundSchema>): Promise<AdminRefundResult> {
    const { db, charges: chargesModule, audit, payments } = this.deps;
    payments.assertAvailable();
    const earlier = await chargesModule.byKey(db, input.idempotencyKey);
    let refundId = earlier?.id;
    if (earlier && earlier.refundOf !== chargeId) throw errors.idempotencyKeyReused();
    if (!refundId) {
      const refund = await db.transaction(async (tx) => {
        const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
        if (!charge) throw errors.notFound('Payment');
        const repeated = await chargesModule.byKey(tx, input.idempotencyKey);
        if (repeated) return repeated;
        if (charge.kind === 'refund' || charge.status !== 'succeeded') throw errors.chargeNotRefundable();
        // The bank already took a disputed payment back; refunding it too would give it twice.
        const [disputed] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.chargeId, chargeId));
        if (disputed)
          throw errors.chargeNotRefundable({ message: 'This payment is disputed: its bank decides what the member gets back.' });
        const [blocking] = await tx
          .select()
          .from(charges)
          .where(and(eq(charges.refundOf, chargeId), ne(charges.status, 'failed')));
        if (blocking?.status === 'succeeded') throw errors.chargeAlreadyRefunded();
        if (blocking) throw errors.refundInProgress();
        // Only a subscription's payment has a period to run to: what any other payment bought always ends.
        const endsAccess = !buysSubscriptionPeriod(charge.kind) || input.endsAccess;
        const begun = await chargesModule.beginRefund(tx, {
          idempotencyKey: input.idempotencyKey,
          charge,
          endsAccess,
          reason: input.reason,
        });
        await audit.record(
          tx,
          { ...actor, reason: input.reason },
          {
            action: 'payment.refunded',
            targetType: 'charge',
            targetId: charge.id,
            before: { status: charge.status, amountMinor: charge.amountMinor, currency: charge.currency, refunded: false },
            after: { refundId: begun.id, amountMinor: begun.amountMinor, currency: begun.currency, endsAccess },
          },
        );
        return begun;
      });
      refundId = refund.id;
    }
    let settled: ChargeRow | undefined;
    try {
      settled = await chargesModule.process(refundId);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw errors.paymentProviderUnavailable();
      throw error;
    }
    if (!settled) throw errors.notFound('Refund');
    const [row] = await this.deps.statements.oneCharge.run({ chargeId: settled.id });
    if (!row) throw errors.notFound('Refund');
    return { refund: toChargeRow(row), failureMessage: settled.failureMessage };
  }

  private filters(query: MoneyQuery): MoneyFilterValues {
    return {
      from: query.from ?? null,
      to: query.to ?? null,
      creatorId: query.creatorId ?? null,
      memberId: query.memberId ?? null,
      status: query.status ?? null,
      kind: query.kind ?? null,
      now: this.deps.now().toISOString(),
    };
  }

  private async page<SqlRow extends { id: string; created_at: string }, Row, SqlTotals, Totals>(
    list: MoneyList<SqlRow, SqlTotals>,
    filters: MoneyFilterValues,
    query: PageRequest,
    toRow: (row: SqlRow) => Row,
    toTotals: (row: SqlTotals) => Totals,
  ): Promise<{ items: Row[]; nextCursor: string | null; totals: Totals[] }> {
    const [rows, totals] = await Promise.all([
      list.page.run({ ...filters, ...keysetStart(query, timeKey, ABOVE_EVERY_TIME) }),
      list.totals.run(filters),
    ]);
    const page = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
    return { items: page.items.map(toRow), nextCursor: page.nextCursor, totals: totals.map(toTotals) };
  }

  /** A CSV answer: the header, then the filtered rows read EXPORT_BATCH at a time as the client takes them. */
  private export<SqlRow extends { id: string; created_at: string }>(
    list: MoneyList<SqlRow, unknown>,
    filters: MoneyFilterValues,
    header: readonly string[],
    cells: (row: SqlRow) => (string | number)[],
  ): Readable {
    async function* lines() {
      yield csvLine(header);
      let [cursorKey, cursorId] = ABOVE_EVERY_TIME;
      for (;;) {
        const rows = await list.page.run({ ...filters, cursorKey, cursorId, limit: EXPORT_BATCH });
        for (const row of rows) yield csvLine(cells(row));
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        [cursorKey, cursorId] = [last.created_at, last.id];
      }
    }
    return Readable.from(lines());
  }
}

const PERSON_COLUMNS = ['member_id', 'member_handle', 'member_email', 'creator_id', 'creator_handle', 'creator_email'];
const CHARGE_COLUMNS = [
  'created_at',
  'id',
  'kind',
  'status',
  'amount_minor',
  'currency',
  ...PERSON_COLUMNS,
  'provider',
  'provider_ref',
  'failure_code',
  'refund_of',
  'refund_id',
  'refund_status',
  'settled_at',
];
const LEDGER_COLUMNS = ['created_at', 'id', 'charge_id', 'charge_kind', 'payout_id', 'kind', 'amount_minor', 'currency', ...PERSON_COLUMNS];
const SUBSCRIPTION_COLUMNS = [
  'created_at',
  'id',
  'status',
  'plan',
  'price_minor',
  'currency',
  ...PERSON_COLUMNS,
  'auto_renew',
  'valid_until',
];

function personCells(row: PeopleSqlRow | LedgerSqlRow): string[] {
  return [
    row.member_id ?? '',
    row.member_handle ?? '',
    row.member_email ?? '',
    row.creator_id,
    row.creator_handle ?? '',
    row.creator_email ?? '',
  ];
}

function people(row: PeopleSqlRow) {
  return {
    member: { id: row.member_id, handle: row.member_handle, email: row.member_email },
    creator: { id: row.creator_id, handle: row.creator_handle, email: row.creator_email },
  };
}

function toChargeRow(row: ChargeSqlRow): AdminChargeRow {
  return {
    id: row.id,
    kind: row.kind as AdminChargeRow['kind'],
    status: row.status as AdminChargeRow['status'],
    amountMinor: row.amount_minor,
    currency: row.currency as Currency,
    ...people(row),
    provider: row.provider,
    providerRef: row.provider_ref,
    failureCode: row.failure_code,
    refundOf: row.refund_of,
    refundId: row.refund_id,
    refundStatus: row.refund_status as AdminChargeRow['refundStatus'],
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

function toLedgerRow(row: LedgerSqlRow): AdminLedgerRow {
  return {
    id: row.id,
    chargeId: row.charge_id,
    chargeKind: row.charge_kind as AdminLedgerRow['chargeKind'],
    payoutId: row.payout_id,
    kind: row.kind as AdminLedgerRow['kind'],
    amountMinor: row.amount_minor,
    currency: row.currency as Currency,
    // A payout's entry has no member.
    member: row.member_id ? { id: row.member_id, handle: row.member_handle, email: row.member_email } : null,
    creator: { id: row.creator_id, handle: row.creator_handle, email: row.creator_email },
    createdAt: row.created_at,
  };
}

function toSubscriptionRow(row: SubscriptionSqlRow, now: Date): AdminSubscriptionRow {
  return {
    id: row.id,
    status: subscriptionStatus(
      {
        autoRenew: row.auto_renew,
        validUntil: new Date(row.valid_until),
        renewalFailedAt: row.renewal_failed_at ? new Date(row.renewal_failed_at) : null,
        lapsedAt: row.lapsed_at ? new Date(row.lapsed_at) : null,
      },
      now,
    ),
    planName: row.plan_name,
    priceMinor: row.price_minor,
    currency: row.currency as Currency,
    ...people(row),
    autoRenew: row.auto_renew,
    validUntil: row.valid_until,
    createdAt: row.created_at,
  };
}
