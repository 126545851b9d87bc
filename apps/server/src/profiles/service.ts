import type { ProfilePage } from '@aurum/core';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { follows, media, postMedia, profiles, users } from '../db/schema.js';
import type { PlansService } from '../plans/service.js';
import { type ProfileImage, profileImageUrl } from '../posts/media-urls.js';
import type { UsersService } from '../users/service.js';

export interface ProfilesServiceDeps {
  db: Database;
  users: UsersService;
  plans: PlansService;
}

/** The creator profile page: public profile, bio, avatar and cover, active plans. */
export class ProfilesService {
  constructor(private readonly deps: ProfilesServiceDeps) {}

  /** Unknown and disabled users are not found. `following` and `blocked` say whether the viewer follows or blocked the user. */
  async page(userId: string, viewerId: string): Promise<ProfilePage> {
    const profile = await this.deps.users.getPublicProfile(userId);
    const [row] = await this.deps.db
      .select({
        bio: profiles.bio,
        avatarMediaId: profiles.avatarMediaId,
        coverMediaId: profiles.coverMediaId,
        following: sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${viewerId} and ${follows.creatorId} = ${userId})`,
        blocked: blockedByViewer(viewerId, profiles.userId),
      })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return {
      ...profile,
      bio: row?.bio ?? null,
      avatarUrl: profileImageUrl(userId, 'avatar', row?.avatarMediaId ?? null),
      coverUrl: profileImageUrl(userId, 'cover', row?.coverMediaId ?? null),
      plans: profile.isCreator ? await this.deps.plans.listActive(userId) : [],
      following: row?.following ?? false,
      blocked: row?.blocked ?? false,
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
