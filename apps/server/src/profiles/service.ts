import { type ProfilePage, ROLE } from '@aurum/core';
import { and, eq, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { follows, media, plans, postMedia, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { type ProfileImage, profileImageUrl } from '../media/media-urls.js';
import { cheapestFirst, type PlanRow, toPlan } from '../plans/service.js';

export interface ProfilesServiceDeps {
  db: Database;
}

/** A plan as the profile page's statement brings it, timestamps as text. */
type PlanJson = Omit<PlanRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

interface PageRow {
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
  plans: PlanJson[];
}

const bound = { user: sql.placeholder('user'), viewer: sql.placeholder('viewer') };

/**
 * The whole page in one statement: the profile of an active account, the follower count and
 * offered plans (cheapest first) of a creator, and whether the viewer follows or blocked them.
 */
function pageStatement(): SQL {
  const isCreator = hasRoleSql(users.labels, ROLE.creators);
  const planJson = sql`json_build_object('id', ${plans.id}, 'creatorId', ${plans.creatorId}, 'name', ${plans.name},
    'description', ${plans.description}, 'priceMinor', ${plans.priceMinor}, 'currency', ${plans.currency},
    'billingPeriodDays', ${plans.billingPeriodDays}, 'perks', ${plans.perks}, 'active', ${plans.active},
    'createdAt', ${plans.createdAt}, 'updatedAt', ${plans.updatedAt})`;
  return sql`select ${profiles.userId} as user_id, ${profiles.handle}, ${profiles.publicName} as public_name,
      ${profiles.avatarColor} as avatar_color, ${profiles.isVerified} as is_verified, ${profiles.lastOnline} as last_online,
      ${profiles.bio}, ${profiles.avatarMediaId} as avatar_media_id, ${profiles.coverMediaId} as cover_media_id,
      ${isCreator} as is_creator,
      case when ${isCreator} then ${profiles.followerCount} end as followers,
      exists (select 1 from ${follows} where ${follows.userId} = ${bound.viewer} and ${follows.creatorId} = ${users.id}) as following,
      ${blockedByViewer(bound.viewer, users.id)} as blocked,
      case when ${isCreator} then (select coalesce(json_agg(${planJson} order by ${sql.join(cheapestFirst, sql`, `)}), '[]')
        from ${plans} where ${plans.creatorId} = ${users.id} and ${plans.active}) else '[]' end as plans
    from ${profiles} join ${users} on ${users.id} = ${profiles.userId} and ${users.disabledAt} is null
    where ${profiles.userId} = ${bound.user}`;
}

/** The creator profile page: public profile, bio, avatar and cover, active plans. */
export class ProfilesService {
  private pageQuery: PreparedStatement<PageRow> | undefined;

  constructor(private readonly deps: ProfilesServiceDeps) {}

  /** Unknown and disabled users are not found. `following` and `blocked` say whether the viewer follows or blocked the user. */
  async page(userId: string, viewerId: string): Promise<ProfilePage> {
    this.pageQuery ??= prepareStatement<PageRow>(this.deps.db, 'profile_page', pageStatement());
    const [row] = await this.pageQuery.run({ user: userId, viewer: viewerId });
    if (!row) throw errors.notFound('User');
    return {
      userId: row.user_id,
      handle: row.handle,
      publicName: row.public_name,
      avatarColor: row.avatar_color,
      isCreator: row.is_creator,
      isVerified: row.is_verified,
      lastOnline: row.last_online === null ? null : new Date(row.last_online).toISOString(),
      followers: row.followers,
      bio: row.bio,
      avatarUrl: profileImageUrl(userId, 'avatar', row.avatar_media_id),
      coverUrl: profileImageUrl(userId, 'cover', row.cover_media_id),
      plans: row.plans.map((plan) => toPlan({ ...plan, createdAt: new Date(plan.createdAt), updatedAt: new Date(plan.updatedAt) })),
      following: row.following,
      blocked: row.blocked,
    };
  }

  /**
   * The media id behind an active user's avatar or cover, or null. Only the user's own processed
   * image counts, and never one that is also in a post: otherwise pointing a profile at a
   * paid post's picture would hand it to everyone.
   */
  async imageMediaId(userId: string, image: ProfileImage): Promise<string | null> {
    const column = image === 'avatar' ? profiles.avatarMediaId : profiles.coverMediaId;
    const [row] = await this.deps.db
      .select({ mediaId: media.id })
      .from(profiles)
      .innerJoin(users, and(eq(users.id, profiles.userId), isNull(users.disabledAt)))
      .innerJoin(media, and(eq(media.id, column), eq(media.ownerId, profiles.userId)))
      .where(
        and(
          eq(profiles.userId, userId),
          eq(media.kind, 'image'),
          eq(media.status, 'ready'),
          notExists(this.deps.db.select({ one: sql`1` }).from(postMedia).where(eq(postMedia.mediaId, media.id))),
        ),
      );
    return row?.mediaId ?? null;
  }
}
