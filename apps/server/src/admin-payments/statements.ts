import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { charges, ledgerEntries, payouts, plans, profiles, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';

/**
 * The admin money lists: charges (payments and refunds), ledger entries and subscriptions,
 * newest first by (creation, id), each walking its `..._created_idx`. Every filter is optional
 * (a null placeholder leaves it out), so a list is one prepared statement whatever the filters,
 * and its totals per currency over the whole filtered set another one.
 */

const bound = {
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  creatorId: sql.placeholder('creatorId'),
  memberId: sql.placeholder('memberId'),
  status: sql.placeholder('status'),
  kind: sql.placeholder('kind'),
  now: sql.placeholder('now'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/** The placeholders a list's filters fill; null leaves a filter out. */
export type MoneyFilterValues = {
  from: string | null;
  to: string | null;
  creatorId: string | null;
  memberId: string | null;
  status: string | null;
  kind: string | null;
  now: string;
};

const iso = (column: SQL | unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Dates are UTC days, both ends included. */
const inDays = (at: SQL) => sql`(${bound.from}::date is null or ${at} >= (${bound.from}::date)::timestamp at time zone 'UTC')
    and (${bound.to}::date is null or ${at} < (${bound.to}::date + 1)::timestamp at time zone 'UTC')`;
const optional = (value: unknown, column: SQL) => sql`(${value}::text is null or ${column} = ${value}::text)`;
const afterCursor = (at: SQL, id: SQL) => sql`(${at}, ${id}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text)`;

/** The member and creator of a row, by the charge or subscription that names them. */
const people = (userId: SQL, creatorId: SQL) => sql`
    join ${users} as mu on mu.id = ${userId} left join ${profiles} as mp on mp.user_id = ${userId}
    join ${users} as cu on cu.id = ${creatorId} left join ${profiles} as cp on cp.user_id = ${creatorId}`;
const peopleColumns = sql`mu.id as member_id, mu.email as member_email, mp.handle as member_handle,
    cu.id as creator_id, cu.email as creator_email, cp.handle as creator_handle`;

export interface PeopleSqlRow {
  member_id: string;
  member_email: string | null;
  member_handle: string | null;
  creator_id: string;
  creator_email: string | null;
  creator_handle: string | null;
}

export interface ChargeSqlRow extends PeopleSqlRow {
  id: string;
  kind: string;
  status: string;
  amount_minor: number;
  currency: string;
  provider: string;
  provider_ref: string | null;
  failure_code: string | null;
  refund_of: string | null;
  refund_id: string | null;
  refund_status: string | null;
  created_at: string;
  settled_at: string | null;
}

const chargeFilter = sql`${inDays(sql`c.created_at`)}
    and ${optional(bound.creatorId, sql`c.creator_id`)} and ${optional(bound.memberId, sql`c.user_id`)}
    and ${optional(bound.status, sql`c.status`)} and ${optional(bound.kind, sql`c.kind`)}`;

/** Charges with, for a payment, its refund that has not failed (at most one: `charges_refund_of_unique`). */
const chargeSelect = sql`select c.id, c.kind, c.status, c.amount_minor, c.currency, c.provider, c.provider_ref, c.failure_code,
    c.refund_of, r.id as refund_id, r.status as refund_status, ${iso(sql`c.created_at`)} as created_at,
    ${iso(sql`c.settled_at`)} as settled_at, ${peopleColumns}
  from ${charges} as c ${people(sql`c.user_id`, sql`c.creator_id`)}
    left join ${charges} as r on r.refund_of = c.id and r.status <> 'failed'`;

const chargesPage = sql`${chargeSelect}
  where ${chargeFilter} and ${afterCursor(sql`c.created_at`, sql`c.id`)}
  order by c.created_at desc, c.id desc
  limit ${bound.limit}`;

export interface ChargeTotalsSqlRow {
  currency: string;
  count: number;
  paid_minor: string | number;
  refunded_minor: string | number;
}

const chargesTotals = sql`select c.currency, count(*)::int as count,
    coalesce(sum(c.amount_minor) filter (where c.status = 'succeeded' and c.kind <> 'refund'), 0)::bigint as paid_minor,
    coalesce(sum(c.amount_minor) filter (where c.status = 'succeeded' and c.kind = 'refund'), 0)::bigint as refunded_minor
  from ${charges} as c
  where ${chargeFilter}
  group by c.currency order by c.currency`;

export interface LedgerSqlRow extends Omit<PeopleSqlRow, 'member_id'> {
  member_id: string | null;
  id: string;
  charge_id: string | null;
  charge_kind: string | null;
  payout_id: string | null;
  kind: string;
  amount_minor: number;
  currency: string;
  created_at: string;
}

/**
 * An entry belongs to a charge (its member and creator) or to a payout (its creator, no member).
 * Entries are filtered by their own time and kind, and by those people.
 */
const ledgerSource = sql`${ledgerEntries} as le left join ${charges} as c on c.id = le.charge_id
    left join ${payouts} as po on po.id = le.payout_id`;
const ledgerCreator = sql`coalesce(c.creator_id, po.creator_id)`;
const ledgerFilter = sql`${inDays(sql`le.created_at`)}
    and ${optional(bound.creatorId, ledgerCreator)} and ${optional(bound.memberId, sql`c.user_id`)}
    and ${optional(bound.kind, sql`le.kind`)}`;

const ledgerColumns = sql`le.id, le.charge_id, c.kind as charge_kind, le.payout_id, le.kind, le.amount_minor, le.currency,
    ${iso(sql`le.created_at`)} as created_at, ${peopleColumns}`;
const ledgerFrom = sql`${ledgerSource}
    left join ${users} as mu on mu.id = c.user_id left join ${profiles} as mp on mp.user_id = c.user_id
    join ${users} as cu on cu.id = ${ledgerCreator} left join ${profiles} as cp on cp.user_id = ${ledgerCreator}`;

const ledgerPage = sql`select ${ledgerColumns}
  from ${ledgerFrom}
  where ${ledgerFilter} and ${afterCursor(sql`le.created_at`, sql`le.id`)}
  order by le.created_at desc, le.id desc
  limit ${bound.limit}`;

export interface LedgerTotalsSqlRow {
  currency: string;
  count: number;
  gross_minor: string | number;
  fee_minor: string | number;
  net_minor: string | number;
}

const ledgerTotals = sql`select le.currency, count(*)::int as count,
    coalesce(sum(le.amount_minor) filter (where le.kind in ('payment', 'refund')), 0)::bigint as gross_minor,
    coalesce(sum(le.amount_minor) filter (where starts_with(le.kind, 'platform_fee')), 0)::bigint as fee_minor,
    coalesce(sum(le.amount_minor) filter (where starts_with(le.kind, 'creator_earning')), 0)::bigint as net_minor
  from ${ledgerSource}
  where ${ledgerFilter}
  group by le.currency order by le.currency`;

/** Core's `subscriptionStatus` in SQL, for the status filter. */
const subscriptionStatusSql = sql`case when s.lapsed_at is not null then 'expired'
    when not s.auto_renew then case when ${grantsAccessSql(sql`s.valid_until`, sql`${bound.now}::timestamptz`)} then 'canceled' else 'expired' end
    when s.renewal_failed_at is not null then 'past_due'
    when ${grantsAccessSql(sql`s.valid_until`, sql`${bound.now}::timestamptz`)} then 'active' else 'past_due' end`;

const subscriptionFilter = sql`${inDays(sql`s.created_at`)}
    and ${optional(bound.creatorId, sql`s.creator_id`)} and ${optional(bound.memberId, sql`s.user_id`)}
    and ${optional(bound.status, subscriptionStatusSql)}`;

export interface SubscriptionSqlRow extends PeopleSqlRow {
  id: string;
  plan_name: string;
  price_minor: number;
  currency: string;
  auto_renew: boolean;
  renewal_failed_at: string | null;
  lapsed_at: string | null;
  valid_until: string;
  created_at: string;
}

const subscriptionsPage = sql`select s.id, p.name as plan_name, p.price_minor, p.currency, s.auto_renew,
    ${iso(sql`s.renewal_failed_at`)} as renewal_failed_at, ${iso(sql`s.lapsed_at`)} as lapsed_at,
    ${iso(sql`s.valid_until`)} as valid_until, ${iso(sql`s.created_at`)} as created_at, ${peopleColumns}
  from ${subscriptions} as s join ${plans} as p on p.id = s.plan_id ${people(sql`s.user_id`, sql`s.creator_id`)}
  where ${subscriptionFilter} and ${afterCursor(sql`s.created_at`, sql`s.id`)}
  order by s.created_at desc, s.id desc
  limit ${bound.limit}`;

export interface SubscriptionTotalsSqlRow {
  currency: string;
  count: number;
  price_minor: string | number;
}

const subscriptionsTotals = sql`select p.currency, count(*)::int as count, coalesce(sum(p.price_minor), 0)::bigint as price_minor
  from ${subscriptions} as s join ${plans} as p on p.id = s.plan_id
  where ${subscriptionFilter}
  group by p.currency order by p.currency`;

/** One charge as the list shows it. */
const oneCharge = sql`${chargeSelect} where c.id = ${sql.placeholder('chargeId')}`;

/** One charge's ledger entries, for its detail. */
const chargeLedger = sql`select ${ledgerColumns}
  from ${ledgerFrom}
  where le.charge_id = ${sql.placeholder('chargeId')}
  order by le.created_at, le.id`;

/** A list: its page statement and its totals statement. */
export interface MoneyList<Row, Totals> {
  page: PreparedStatement<Row>;
  totals: PreparedStatement<Totals>;
}

/** The prepared statements of the admin money lists, built once per database. */
export class AdminPaymentsStatements {
  readonly charges: MoneyList<ChargeSqlRow, ChargeTotalsSqlRow>;
  readonly ledger: MoneyList<LedgerSqlRow, LedgerTotalsSqlRow>;
  readonly subscriptions: MoneyList<SubscriptionSqlRow, SubscriptionTotalsSqlRow>;
  readonly oneCharge: PreparedStatement<ChargeSqlRow>;
  readonly chargeLedger: PreparedStatement<LedgerSqlRow>;

  constructor(db: Database) {
    this.charges = {
      page: prepareStatement(db, 'admin_charges_page', chargesPage),
      totals: prepareStatement(db, 'admin_charges_totals', chargesTotals),
    };
    this.ledger = {
      page: prepareStatement(db, 'admin_ledger_page', ledgerPage),
      totals: prepareStatement(db, 'admin_ledger_totals', ledgerTotals),
    };
    this.subscriptions = {
      page: prepareStatement(db, 'admin_subscriptions_page', subscriptionsPage),
      totals: prepareStatement(db, 'admin_subscriptions_totals', subscriptionsTotals),
    };
    this.oneCharge = prepareStatement(db, 'admin_charge_one', oneCharge);
    this.chargeLedger = prepareStatement(db, 'admin_charge_ledger', chargeLedger);
  }
}
