import { type SQL, sql } from 'drizzle-orm';
import { plans, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';

/**
 * The facts core's `chatState` decides on, computed in SQL for a viewer and a partner (any
 * expressions: placeholders or columns). PostgreSQL runs each once per chat row through the
 * indexes on subscriptions (user, creator, valid_until) and blocks' primary key.
 */

/**
 * One of the two holds a valid subscription to a plan of the other that includes chat, and the
 * partner's account is active (spec section 6: chat partners). Access follows `valid_until`
 * alone, as for posts; the plan's current perks count.
 */
export function chatPerkSql(viewer: SQL, partner: SQL, now: SQL): SQL<boolean> {
  // Aliased names, not drizzle's columns: inside a select list drizzle leaves columns unqualified.
  return sql<boolean>`(exists (select 1 from ${users} as partner_account
      where partner_account.id = ${partner} and partner_account.disabled_at is null)
    and exists (select 1 from ${subscriptions} as s join ${plans} as p on p.id = s.plan_id
      where ${grantsAccessSql(sql`s.valid_until`, now)}
        and coalesce((p.perks ->> 'chat')::boolean, false)
        and ((s.user_id = ${viewer} and s.creator_id = ${partner}) or (s.user_id = ${partner} and s.creator_id = ${viewer}))))`;
}

/** The user sells an active plan that includes chat: subscribing to it opens a chat with them. */
export function offersChatSql(creator: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${plans} as offered
    where offered.creator_id = ${creator} and offered.active and coalesce((offered.perks ->> 'chat')::boolean, false))`;
}
