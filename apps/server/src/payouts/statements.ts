import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { payouts } from '../db/schema.js';

/** The payout reads, one prepared statement each (`db/prepared.ts`). */

const bound = {
  creator: sql.placeholder('creator'),
  cursorTime: sql.placeholder('cursorTime'),
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
    and (${bound.cursorTime}::timestamptz is null or (created_at, id) < (${bound.cursorTime}::timestamptz, ${bound.cursorId}::text))
  order by created_at desc, id desc
  limit ${bound.limit}`;

/** What a creator's payouts still on their way add up to, per currency. */
const inFlight = sql`select currency, sum(amount_minor)::bigint as amount_minor
  from ${payouts}
  where creator_id = ${bound.creator} and status in ('pending', 'in_flight')
  group by currency`;

export class PayoutsStatements {
  readonly history: PreparedStatement<PayoutSqlRow>;
  readonly inFlight: PreparedStatement<{ currency: string; amount_minor: string | number }>;

  constructor(db: Database) {
    this.history = prepareStatement(db, 'payouts_history', history);
    this.inFlight = prepareStatement(db, 'payouts_in_flight', inFlight);
  }
}
