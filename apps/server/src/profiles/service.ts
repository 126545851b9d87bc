import type { ProfilePage } from '@aurum/core';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { media, postMedia, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { type ProfileImage, profileImageUrl } from '../media/media-urls.js';
import { toPlan } from '../plans/service.js';
import type { ProfilesStatements } from './statements.js';

export interface ProfilesServiceDeps {
  db: Database;
  statements: ProfilesStatements;
}

/** The creator profile page: public profile, bio, avatar and cover, active plans. */
export class ProfilesService {
  constructor(private readonly deps: ProfilesServiceDeps) {}

  /** Unknown and disabled users are not found. `following` and `blocked` say whether the viewer follows or blocked the user. */
  async page(userId: string, viewerId: string): Promise<ProfilePage> {
    const [row] = await this.deps.statements.page.run({ user: userId, viewer: viewerId });
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
      takesTips: row.takes_tips,
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
