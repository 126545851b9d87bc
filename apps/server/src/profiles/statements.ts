import { ROLE } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { follows, plans, profiles, users } from '../db/schema.js';
import { tipsEnabledSql } from '../db/tips-enabled.js';
import { cheapestFirst, type PlanRow } from '../plans/service.js';

/** A plan as the profile page's statement brings it, timestamps as text. */
type PlanJson = Omit<PlanRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export interface ProfilePageRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  is_verified: boolean;
  last_online: string | null;
  bio: string | null;
  avatar_media_id: string | null;
  cover_media_id: string | null;
  is_creator: boolean;
  followers: number | null;
  following: boolean;
  blocked: boolean;
  takes_tips: boolean;
  plans: PlanJson[];
}

const bound = { user: sql.placeholder('user'), viewer: sql.placeholder('viewer') };

/**
 * The whole page in one statement: the profile of an active account, the follower count and
 * offered plans (cheapest first) of a creator, whether they take tips, and whether the viewer follows or blocked them.
 */
function pageStatement(): SQL {
  const isCreator = hasRoleSql(users.labels, ROLE.creators);
  const planJson = sql`json_build_object('id', ${plans.id}, 'creatorId', ${plans.creatorId}, 'name', ${plans.name},
    'description', ${plans.description}, 'priceMinor', ${plans.priceMinor}, 'currency', ${plans.currency},
    'billingPeriodDays', ${plans.billingPeriodDays}, 'perks', ${plans.perks}, 'bundles', ${plans.bundles}, 'active', ${plans.active},
    'createdAt', ${plans.createdAt}, 'updatedAt', ${plans.updatedAt})`;
  return sql`select ${profiles.userId} as user_id, ${profiles.handle}, ${profiles.publicName} as public_name,
      ${profiles.avatarColor} as avatar_color, ${profiles.isVerified} as is_verified, ${profiles.lastOnline} as last_online,
      ${profiles.bio}, ${profiles.avatarMediaId} as avatar_media_id, ${profiles.coverMediaId} as cover_media_id,
      ${isCreator} as is_creator,
      case when ${isCreator} then ${profiles.followerCount} end as followers,
      exists (select 1 from ${follows} where ${follows.userId} = ${bound.viewer} and ${follows.creatorId} = ${users.id}) as following,
      ${blockedByViewer(bound.viewer, users.id)} as blocked,
      ${isCreator} and ${tipsEnabledSql(users.id)} as takes_tips,
      case when ${isCreator} then (select coalesce(json_agg(${planJson} order by ${sql.join(cheapestFirst, sql`, `)}), '[]')
        from ${plans} where ${plans.creatorId} = ${users.id} and ${plans.active}) else '[]' end as plans
    from ${profiles} join ${users} on ${users.id} = ${profiles.userId} and ${users.disabledAt} is null
    where ${profiles.userId} = ${bound.user}`;
}

/** The prepared statements of profiles, built once per database. */
export class ProfilesStatements {
  readonly page: PreparedStatement<ProfilePageRow>;

  constructor(db: Database) {
    this.page = prepareStatement(db, 'profile_page', pageStatement(), { mayLag: true });
  }
}
