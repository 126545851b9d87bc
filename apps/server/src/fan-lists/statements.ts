import { type FanListRef, PLAIN_FAN_LISTS, TOP_SPENDERS_SIZE } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { charges, fanListMembers, fanLists, fanNotes, follows, plans, profiles, subscriptions, tips, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';

/**
 * Who is on each fan list, written once per kind (`membersSql`) and read three ways: a page of
 * the list, the counts of every list, and (for mass messages) the set itself. A kind's rows are
 * (user_id, since, sort_key, spent_minor, spent_currency): the list is ordered by sort_key (a
 * time in epoch milliseconds, or the amount spent) and the user's id, newest or largest first.
 * Only active accounts are on a list; the creator never is.
 */

export type FanListKind = FanListRef['kind'];

/** The values a kind's set reads: SQL expressions (placeholders, or columns where counted per row). */
interface SetValues {
  creator: SQL;
  now: SQL;
  days: SQL;
  plan: SQL;
  list: SQL;
}

const epochMs = (time: string) => sql.raw(`(extract(epoch from ${time}) * 1000)::bigint`);
const noSpend = sql`null::integer as spent_minor, null::text as spent_currency`;

/** The members of one kind of list, before the active-account filter. */
function rawMembersSql(kind: FanListKind, v: SetValues): SQL {
  const now = sql`${v.now}::timestamptz`;
  switch (kind) {
    case 'subscribers':
    case 'plan':
      // Since the oldest subscription that grants access now.
      return sql`select s.user_id, min(s.created_at) as since, ${epochMs('min(s.created_at)')} as sort_key, ${noSpend}
        from ${subscriptions} as s
        where s.creator_id = ${v.creator} and ${grantsAccessSql(sql`s.valid_until`, now)}
          ${kind === 'plan' ? sql`and s.plan_id = ${v.plan}` : sql``}
        group by s.user_id`;
    case 'never_subscribed':
      // A follower with no subscription ever, a free trial included.
      return sql`select f.user_id, f.created_at as since, ${epochMs('f.created_at')} as sort_key, ${noSpend}
        from ${follows} as f
        where f.creator_id = ${v.creator}
          and not exists (select 1 from ${subscriptions} as s where s.user_id = f.user_id and s.creator_id = f.creator_id)`;
    case 'ended':
      // The last subscription ended within the window, and none grants access now.
      return sql`select s.user_id, max(s.valid_until) as since, ${epochMs('max(s.valid_until)')} as sort_key, ${noSpend}
        from ${subscriptions} as s
        where s.creator_id = ${v.creator}
        group by s.user_id
        having not ${grantsAccessSql(sql`max(s.valid_until)`, now)}
          and max(s.valid_until) > ${now} - make_interval(days => ${v.days}::integer)`;
    case 'top_spenders':
      // Paid minus refunded, per currency; a member counts in the currency they paid most in.
      return sql`select user_id, since, total as sort_key, total::integer as spent_minor, currency as spent_currency
        from (
          select distinct on (c.user_id) c.user_id, c.currency, min(c.created_at) as since,
            sum(case when c.kind = 'refund' then -c.amount_minor else c.amount_minor end) as total
          from ${charges} as c
          where c.creator_id = ${v.creator} and c.status = 'succeeded'
          group by c.user_id, c.currency
          order by c.user_id, total desc
        ) as spend
        where total > 0`;
    case 'tippers':
      // Since their last tip that still counts.
      return sql`select t.user_id, max(t.paid_at) as since, ${epochMs('max(t.paid_at)')} as sort_key, ${noSpend}
        from ${tips} as t
        where t.creator_id = ${v.creator} and t.paid_at is not null and t.refunded_at is null
        group by t.user_id`;
    case 'custom':
      return sql`select m.user_id, m.added_at as since, ${epochMs('m.added_at')} as sort_key, ${noSpend}
        from ${fanListMembers} as m
          join ${fanLists} as owned on owned.id = m.list_id and owned.creator_id = ${v.creator}
        where m.list_id = ${v.list}`;
  }
}

/** The members of one kind of list: active accounts other than the creator (top spenders: the first of them). */
export function membersSql(kind: FanListKind, v: SetValues): SQL {
  return sql`select members.* from (${rawMembersSql(kind, v)}) as members
    join ${users} as member_account on member_account.id = members.user_id and member_account.disabled_at is null
    where members.user_id <> ${v.creator}
    ${kind === 'top_spenders' ? sql`order by members.sort_key desc, members.user_id desc limit ${TOP_SPENDERS_SIZE}` : sql``}`;
}

/**
 * Someone a creator may put on their own lists (and, later, write to as a list): they follow the
 * creator, have subscribed to them, or have paid them.
 */
export function isFanSql(creator: SQL, member: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${follows} as ff where ff.creator_id = ${creator} and ff.user_id = ${member})
    or exists (select 1 from ${subscriptions} as fs where fs.creator_id = ${creator} and fs.user_id = ${member})
    or exists (select 1 from ${charges} as fc where fc.creator_id = ${creator} and fc.user_id = ${member} and fc.status = 'succeeded'))`;
}

const bound = {
  creator: sql.placeholder('creator'),
  now: sql.placeholder('now'),
  days: sql.placeholder('days'),
  plan: sql.placeholder('plan'),
  list: sql.placeholder('list'),
  pattern: sql.placeholder('pattern'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const boundSet: SetValues = {
  creator: sql`${bound.creator}::text`,
  now: sql`${bound.now}::timestamptz`,
  days: sql`${bound.days}::integer`,
  plan: sql`${bound.plan}::text`,
  list: sql`${bound.list}::text`,
};
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export interface FanListMemberSqlRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  since: string;
  sort_key: number;
  spent_minor: number | null;
  spent_currency: string | null;
  note: string | null;
}

/** A page of one kind of list, searched by handle or public name, with the creator's note on each member. */
function pageSql(kind: FanListKind): SQL {
  return sql`select m.user_id, p.handle, p.public_name, p.avatar_color, p.avatar_media_id, ${iso('m.since')} as since,
      m.sort_key::float8 as sort_key, m.spent_minor, m.spent_currency, n.body as note
    from (${membersSql(kind, boundSet)}) as m
      join ${profiles} as p on p.user_id = m.user_id
      left join ${fanNotes} as n on n.creator_id = ${bound.creator}::text and n.user_id = m.user_id
    where (${bound.pattern}::text is null or p.handle ilike ${bound.pattern}::text or p.public_name ilike ${bound.pattern}::text)
      and (${bound.cursorKey}::bigint is null or (m.sort_key, m.user_id) < (${bound.cursorKey}::bigint, ${bound.cursorId}::text))
    order by m.sort_key desc, m.user_id desc
    limit ${bound.limit}`;
}

export interface FanListCountSqlRow {
  kind: FanListKind;
  id: string | null;
  name: string | null;
  count: number;
}

const countOf = (kind: FanListKind, v: Partial<SetValues> = {}) =>
  sql`(select count(*)::integer from (${membersSql(kind, { ...boundSet, ...v })}) as counted)`;

/** Every list of a creator with its count: the built-in ones, one per active plan, then the creator's own by age. */
const countsSql = sql`select kind, id, name, count from (
    ${sql.join(
      PLAIN_FAN_LISTS.map(
        (kind, order) =>
          sql`select ${kind}::text as kind, null::text as id, null::text as name, ${countOf(kind)} as count, ${sql.raw(String(order))} as list_order, null::timestamptz as made_at`,
      ),
      sql` union all `,
    )}
    union all select 'ended', null, null, ${countOf('ended')}, 10, null
    union all select 'plan', pl.id, pl.name, ${countOf('plan', { plan: sql`pl.id` })}, 20, pl.created_at
      from ${plans} as pl where pl.creator_id = ${bound.creator}::text and pl.active
    union all select 'custom', l.id, l.name, ${countOf('custom', { list: sql`l.id` })}, 30, l.created_at
      from ${fanLists} as l where l.creator_id = ${bound.creator}::text
  ) as lists
  order by list_order, made_at, id`;

export interface OneFanListSqlRow {
  /** The plan's or the custom list's name, null when the creator has no such plan or list; '' for the built-in lists. */
  name: string | null;
  count: number;
}

/** One list's name (which also says the creator owns its plan or list) and count, for the head of its page. */
function oneSql(kind: FanListKind): SQL {
  const name =
    kind === 'plan'
      ? sql`(select pl.name from ${plans} as pl where pl.id = ${bound.plan}::text and pl.creator_id = ${bound.creator}::text)`
      : kind === 'custom'
        ? sql`(select l.name from ${fanLists} as l where l.id = ${bound.list}::text and l.creator_id = ${bound.creator}::text)`
        : sql`''`;
  return sql`select ${name} as name, ${countOf(kind)} as count`;
}

const FAN_LIST_KINDS: readonly FanListKind[] = [...PLAIN_FAN_LISTS, 'ended', 'plan', 'custom'];
const perKind = <Row>(db: Database, name: string, build: (kind: FanListKind) => SQL) =>
  Object.fromEntries(FAN_LIST_KINDS.map((kind) => [kind, prepareStatement<Row>(db, `${name}_${kind}`, build(kind))])) as Record<
    FanListKind,
    PreparedStatement<Row>
  >;

/** The prepared statements of the fan lists, built once per database: a page and a head per kind, and every list's count. */
export class FanListStatements {
  readonly page: Record<FanListKind, PreparedStatement<FanListMemberSqlRow>>;
  readonly one: Record<FanListKind, PreparedStatement<OneFanListSqlRow>>;
  readonly counts: PreparedStatement<FanListCountSqlRow>;

  constructor(db: Database) {
    this.page = perKind(db, 'fan_list_page', pageSql);
    this.one = perKind(db, 'fan_list_one', oneSql);
    this.counts = prepareStatement(db, 'fan_list_counts', countsSql);
  }
}
