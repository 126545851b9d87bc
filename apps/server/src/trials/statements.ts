import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { plans, subscriptions, trialLinks } from '../db/schema.js';

/** The members who claimed a link: the subscriptions it started. */
export const claimsOfSql = (link: SQL) =>
  sql<number>`(select count(*)::int from ${subscriptions} as claimed where claimed.trial_link_id = ${link})`;
/** Those who went on to pay: a claimed subscription a payment renewed (it is then paid, not in its trial). */
const conversionsOfSql = (link: SQL) =>
  sql<number>`(select count(*)::int from ${subscriptions} as claimed where claimed.trial_link_id = ${link} and claimed.paid_at is not null)`;

export interface TrialLinkRow {
  id: string;
  code: string;
  plan_id: string;
  plan_name: string;
  price_minor: number;
  currency: string;
  days: number;
  max_claims: number | null;
  expires_at: string | null;
  disabled_at: string | null;
  claims: number;
  conversions: number;
  created_at: string;
}

const bound = {
  creator: sql.placeholder('creator'),
  link: sql.placeholder('link'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A creator's links newest first (or the one named by `link`), each with its plan, claims and conversions. */
const links = sql`select l.id, l.code, l.plan_id, p.name as plan_name, p.price_minor, p.currency, l.days, l.max_claims,
    ${iso(sql`l.expires_at`)} as expires_at, ${iso(sql`l.disabled_at`)} as disabled_at,
    ${claimsOfSql(sql`l.id`)} as claims, ${conversionsOfSql(sql`l.id`)} as conversions, ${iso(sql`l.created_at`)} as created_at
  from ${trialLinks} as l join ${plans} as p on p.id = l.plan_id
  where l.creator_id = ${bound.creator} and (${bound.link}::text is null or l.id = ${bound.link}::text)
    and (${bound.cursorKey}::timestamptz is null or (l.created_at, l.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by l.created_at desc, l.id desc
  limit ${bound.limit}`;

/** The prepared statements of trial links, built once per database. */
export class TrialsStatements {
  readonly links: PreparedStatement<TrialLinkRow>;

  constructor(db: Database) {
    this.links = prepareStatement(db, 'trial_links', links);
  }
}
