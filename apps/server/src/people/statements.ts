import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { follows, plans, profiles, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';

/**
 * The people lists, one prepared statement each (`db/prepared.ts`), paged by keyset. A list is
 * the follows of one side, plus the valid subscriptions of people who do not follow: each
 * branch walks its own index newest first and stops at the page's size, and the two are merged
 * by (since, key). The key is the follow's or the subscription's id, so a row keeps its place
 * between pages. Filters are nullable placeholders, so every combination is the same statement.
 */

const bound = {
  viewer: sql.placeholder('viewer'),
  relation: sql.placeholder('relation'),
  plan: sql.placeholder('plan'),
  pattern: sql.placeholder('pattern'),
  now: sql.placeholder('now'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const now = sql`${bound.now}::timestamptz`;
const relation = sql`${bound.relation}::text`;
const after = (time: string, id: string) =>
  sql`(${bound.cursorKey}::timestamptz is null or (${sql.raw(time)}, ${sql.raw(id)}) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))`;

export interface PersonSqlRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  since: string;
  key_id: string;
  following: boolean;
  subscription_id: string | null;
  plan_id: string | null;
  plan_name: string | null;
  subscribed_at: string | null;
  valid_until: string | null;
  auto_renew: boolean | null;
}

/**
 * One side's people: `me` is the viewer's column in follows and subscriptions, `them` the
 * other side's. `followRelation` and `subscribeRelation` are the relation filter's values that
 * keep each branch ('all' keeps both).
 */
function peopleStatement(
  side: { me: 'user_id' | 'creator_id'; them: 'user_id' | 'creator_id' },
  relations: [string, string],
  fans: boolean,
) {
  const me = sql.raw(side.me);
  const them = sql.raw(side.them);
  const [followRelation, subscribeRelation] = relations;
  // A fan's profile must match the search and the plan filter; one's creators have neither.
  const personFilter = (alias: string) =>
    fans
      ? sql`and (${bound.pattern}::text is null or p.handle ilike ${bound.pattern}::text or p.public_name ilike ${bound.pattern}::text)
          and (${bound.plan}::text is null or exists (select 1 from ${subscriptions} as ps where ps.${me} = ${bound.viewer}
            and ps.${them} = ${sql.raw(alias)}.${them} and ps.plan_id = ${bound.plan}::text and ${grantsAccessSql(sql`ps.valid_until`, now)}))`
      : sql``;
  return sql`with followed as (
      select f.${them} as person_id, f.created_at as since, f.id as key_id, true as following
      from ${follows} as f
        join ${users} as u on u.id = f.${them} and u.disabled_at is null
        join ${profiles} as p on p.user_id = f.${them}
      where f.${me} = ${bound.viewer} and ${relation} in ('all', ${sql.raw(`'${followRelation}'`)})
        ${personFilter('f')}
        and ${after('f.created_at', 'f.id')}
      order by f.created_at desc, f.id desc
      limit ${bound.limit}
    ), subscribed as (
      select s.${them} as person_id, s.created_at as since, s.id as key_id,
        exists (select 1 from ${follows} as f where f.${me} = ${bound.viewer} and f.${them} = s.${them}) as following
      from ${subscriptions} as s
        join ${users} as u on u.id = s.${them} and u.disabled_at is null
        join ${profiles} as p on p.user_id = s.${them}
      where s.${me} = ${bound.viewer} and ${grantsAccessSql(sql`s.valid_until`, now)} and s.${them} <> ${bound.viewer}
        and ${relation} in ('all', ${sql.raw(`'${subscribeRelation}'`)})
        -- With both relations, people who follow are already listed by their follow.
        and (${relation} <> 'all' or not exists (select 1 from ${follows} as f where f.${me} = ${bound.viewer} and f.${them} = s.${them}))
        ${personFilter('s')}
        and ${after('s.created_at', 's.id')}
      order by s.created_at desc, s.id desc
      limit ${bound.limit}
    ), page as (
      select * from followed union all select * from subscribed
      order by since desc, key_id desc
      limit ${bound.limit}
    )
    select page.person_id as user_id, p.handle, p.public_name, p.avatar_color, p.avatar_media_id,
      ${iso(sql`page.since`)} as since, page.key_id, page.following,
      sub.id as subscription_id, sub.plan_id, sub.plan_name, ${iso(sql`sub.created_at`)} as subscribed_at,
      ${iso(sql`sub.valid_until`)} as valid_until, sub.auto_renew
    from page
      join ${profiles} as p on p.user_id = page.person_id
      left join lateral (
        select s.id, s.plan_id, pl.name as plan_name, s.created_at, s.valid_until, s.auto_renew
        from ${subscriptions} as s join ${plans} as pl on pl.id = s.plan_id
        where s.${me} = ${bound.viewer} and s.${them} = page.person_id and ${grantsAccessSql(sql`s.valid_until`, now)}
        order by s.valid_until desc limit 1
      ) as sub on true
    order by page.since desc, page.key_id desc`;
}

/** The prepared statements of the people lists, built once per database. */
export class PeopleStatements {
  /** The creators the viewer follows or subscribes to. */
  readonly myCreators: PreparedStatement<PersonSqlRow>;
  /** A creator's followers and subscribers. */
  readonly fans: PreparedStatement<PersonSqlRow>;

  constructor(db: Database) {
    this.myCreators = prepareStatement(
      db,
      'people_my_creators',
      peopleStatement({ me: 'user_id', them: 'creator_id' }, ['following', 'subscribed'], false),
      { mayLag: true },
    );
    this.fans = prepareStatement(
      db,
      'people_fans',
      peopleStatement({ me: 'creator_id', them: 'user_id' }, ['followers', 'subscribers'], true),
      { mayLag: true },
    );
  }
}
