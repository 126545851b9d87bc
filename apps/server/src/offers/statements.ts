import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { planOffers, plans, subscriptions } from '../db/schema.js';

/** The members who subscribed with an offer: the subscriptions that name it. */
export const redemptionsOfSql = (offer: SQL) =>
  sql<number>`(select count(*)::int from ${subscriptions} as redeemed where redeemed.offer_id = ${offer})`;

export interface OfferRow {
  id: string;
  code: string;
  plan_id: string;
  plan_name: string;
  price_minor: number;
  currency: string;
  audience: string;
  kind: string;
  value: number;
  payments: number;
  starts_at: string;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  disabled_at: string | null;
  created_at: string;
}

const bound = {
  creator: sql.placeholder('creator'),
  offer: sql.placeholder('offer'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A creator's offers newest first (or the one named by `offer`), each with its plan and redemptions. */
const offers = sql`select o.id, o.code, o.plan_id, p.name as plan_name, p.price_minor, p.currency, o.audience, o.kind, o.value,
    o.payments, ${iso(sql`o.starts_at`)} as starts_at, ${iso(sql`o.ends_at`)} as ends_at, o.max_redemptions,
    ${redemptionsOfSql(sql`o.id`)} as redemptions, ${iso(sql`o.disabled_at`)} as disabled_at, ${iso(sql`o.created_at`)} as created_at
  from ${planOffers} as o join ${plans} as p on p.id = o.plan_id
  where o.creator_id = ${bound.creator} and (${bound.offer}::text is null or o.id = ${bound.offer}::text)
    and (${bound.cursorKey}::timestamptz is null or (o.created_at, o.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by o.created_at desc, o.id desc
  limit ${bound.limit}`;

/** The prepared statements of offers, built once per database. */
export class OffersStatements {
  readonly offers: PreparedStatement<OfferRow>;

  constructor(db: Database) {
    this.offers = prepareStatement(db, 'plan_offers', offers);
  }
}
