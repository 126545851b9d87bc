import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { charges, ledgerEntries, payouts, profiles, users } from '../db/schema.js';

/** The payout reads, one prepared statement each (`db/prepared.ts`). */

const bound = {
  creator: sql.placeholder('creator'),
  payout: sql.placeholder('payout'),
  status: sql.placeholder('status'),
  currency: sql.placeholder('currency'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A history row, named as the table's columns are in code. */
export interface PayoutSqlRow {
  id: string;
  amountMinor: number;
  currency: string;
  status: string;
  trigger: string;
  provider: string;
  destination: unknown;
  failureCode: string | null;
  failureMessage: string | null;
  createdAt: string;
  settledAt: string | null;
}

/** A creator's payouts, newest first, after the cursor's (time, id): walks `payouts_creator_idx`. */
const history = sql`select id, amount_minor as "amountMinor", currency, status, trigger, provider, destination,
    failure_code as "failureCode", failure_message as "failureMessage",
    ${iso(sql`created_at`)} as "createdAt", ${iso(sql`settled_at`)} as "settledAt"
  from ${payouts}
  where creator_id = ${bound.creator}
    and (${bound.cursorKey}::timestamptz is null or (created_at, id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by created_at desc, id desc
  limit ${bound.limit}`;

/** What a creator's payouts still on their way add up to, per currency. */
const inFlight = sql`select currency, sum(amount_minor)::bigint as amount_minor
  from ${payouts}
  where creator_id = ${bound.creator} and status in ('pending', 'in_flight')
  group by currency`;

/** The admin list's row: a payout with its creator. */
export interface AdminPayoutSqlRow extends PayoutSqlRow {
  providerRef: string | null;
  creatorId: string;
  creatorHandle: string | null;
  creatorEmail: string | null;
  retriedBy: string | null;
}

/** The admin list's filters, each optional (a null placeholder leaves it out), so every combination is one statement. */
const adminFilter = sql`(${bound.status}::text is null or p.status = ${bound.status}::text)
    and (${bound.creator}::text is null or p.creator_id = ${bound.creator}::text)
    and (${bound.currency}::text is null or p.currency = ${bound.currency}::text)`;

/** Every creator's payouts, newest first, filtered by state, creator and currency. */
const adminPage = sql`select p.id, p.amount_minor as "amountMinor", p.currency, p.status, p.trigger, p.provider, p.destination,
    p.failure_code as "failureCode", p.failure_message as "failureMessage", p.provider_ref as "providerRef",
    ${iso(sql`p.created_at`)} as "createdAt", ${iso(sql`p.settled_at`)} as "settledAt",
    p.creator_id as "creatorId", pr.handle as "creatorHandle", u.email as "creatorEmail", retry.id as "retriedBy"
  from ${payouts} as p
    join ${users} as u on u.id = p.creator_id
    left join ${profiles} as pr on pr.user_id = p.creator_id
    left join ${payouts} as retry on p.status = 'failed' and retry.idempotency_key = 'retry:' || p.id
  where ${adminFilter}
    and (${bound.cursorKey}::timestamptz is null or (p.created_at, p.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by p.created_at desc, p.id desc
  limit ${bound.limit}`;

/** What the filtered payouts add up to, per currency and state. */
const adminTotals = sql`select p.currency, p.status, count(*)::int as count, sum(p.amount_minor)::bigint as amount_minor
  from ${payouts} as p
  where ${adminFilter}
  group by p.currency, p.status
  order by p.currency, p.status`;

/** A line of a payout's statement: one of the creator's ledger entries with what its charge was. */
export interface StatementSqlRow {
  entryKind: string;
  netMinor: number | string;
  currency: string;
  postedAt: string;
  availableAt: string;
  chargeId: string | null;
  chargeKind: string | null;
  memberHandle: string | null;
  grossMinor: number | string | null;
  feeMinor: number | string | null;
}

/**
 * A creator's entry names its step by what follows `creator_earning` (nothing for the payment,
 * `_reversal` for a refund, `_chargeback`, `_dispute_fee`...); the member's and the platform's
 * entries of the same step on the same charge carry its gross and fee.
 */
const step = sql`substr(e.kind, length('creator_earning') + 1)`;
const grossKind = sql`case ${step} when '' then 'payment' when '_reversal' then 'refund'
    when '_dispute_fee' then null when '_dispute_fee_returned' then null else ltrim(${step}, '_') end`;

/**
 * What a payout covers: the creator's entries in its currency made available after their
 * previous payout's debit and before its own (earnings, refunds, chargebacks, returned payouts), with each
 * charge's gross and platform fee. A payout takes the whole available balance, so the lines
 * add up to it; both bounds walk `ledger_entries_released_idx`.
 */
const statement = sql`with target as (
    select e.released_at, e.id, p.creator_id, p.currency
    from ${payouts} as p join ${ledgerEntries} as e on e.payout_id = p.id and e.kind = 'payout'
    where p.id = ${bound.payout} and p.creator_id = ${bound.creator}
  ), previous as (
    select e.released_at, e.id from ${ledgerEntries} as e, target as t
    where e.user_id = t.creator_id and e.currency = t.currency and e.released_at is not null and e.kind = 'payout'
      and (e.released_at, e.id) < (t.released_at, t.id)
    order by e.released_at desc, e.id desc
    limit 1
  )
  select e.kind as "entryKind", e.amount_minor as "netMinor", e.currency,
    ${iso(sql`e.created_at`)} as "postedAt", ${iso(sql`e.released_at`)} as "availableAt",
    c.id as "chargeId", c.kind as "chargeKind", pr.handle as "memberHandle",
    (select sum(x.amount_minor) from ${ledgerEntries} as x where x.charge_id = c.id and x.kind = ${grossKind}) as "grossMinor",
    (select sum(x.amount_minor) from ${ledgerEntries} as x where x.charge_id = c.id and x.kind = 'platform_fee' || ${step}) as "feeMinor"
  from target as t
    join ${ledgerEntries} as e on e.user_id = t.creator_id and e.currency = t.currency and e.released_at is not null
      and (e.released_at, e.id) < (t.released_at, t.id)
    left join previous as before on true
    left join ${charges} as c on c.id = e.charge_id
    left join ${profiles} as pr on pr.user_id = c.user_id
  where e.kind <> 'payout' and (before.id is null or (e.released_at, e.id) > (before.released_at, before.id))
  order by e.released_at, e.id`;

/** Manual bank transfers an admin has still to pay: walks `payouts_status_idx`. */
const bankTransfersDue = sql`select count(*)::int as count from ${payouts} where status = 'in_flight' and provider = 'manual'`;

export class PayoutsStatements {
  readonly history: PreparedStatement<PayoutSqlRow>;
  readonly inFlight: PreparedStatement<{ currency: string; amount_minor: string | number }>;
  readonly adminPage: PreparedStatement<AdminPayoutSqlRow>;
  readonly adminTotals: PreparedStatement<{ currency: string; status: string; count: number; amount_minor: string | number }>;
  readonly statement: PreparedStatement<StatementSqlRow>;
  readonly bankTransfersDue: PreparedStatement<{ count: number }>;

  constructor(db: Database) {
    this.history = prepareStatement(db, 'payouts_history', history);
    this.inFlight = prepareStatement(db, 'payouts_in_flight', inFlight);
    this.adminPage = prepareStatement(db, 'admin_payouts_page', adminPage);
    this.adminTotals = prepareStatement(db, 'admin_payouts_totals', adminTotals);
    this.statement = prepareStatement(db, 'payout_statement', statement);
    this.bankTransfersDue = prepareStatement(db, 'payouts_bank_transfers_due', bankTransfersDue);
  }
}
