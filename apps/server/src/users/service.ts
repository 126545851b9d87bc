import {
  type CurrentUser,
  hasRole,
  isLanguage,
  type Preferences,
  type PublicProfile,
  REGISTRATION_BACKDATE_MS,
  ROLE,
  randomAvatarColor,
  rolesFromLabels,
  TERMS_VERSION,
} from '@aurum/core';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { follows, profiles, subscriptions, userData, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { errors } from '../http/errors.js';
import type { TextCheck } from '../http/text-check.js';
import type { Viewer } from '../http/viewer.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { SessionStore } from '../sessions/sessions.js';

export interface UsersServiceDeps {
  db: Database;
  sessions: SessionStore;
  now: () => Date;
  /** The restricted words check on profile fields. */
  checkText?: TextCheck;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type ProfileRow = typeof profiles.$inferSelect;

function toPublicProfile(profile: ProfileRow, labels: string[]): PublicProfile {
  const isCreator = hasRole(labels, ROLE.creators);
  return {
    userId: profile.userId,
    handle: profile.handle,
    publicName: profile.publicName,
    avatarColor: profile.avatarColor,
    isCreator,
    isVerified: profile.isVerified,
    lastOnline: iso(profile.lastOnline),
    followers: isCreator ? profile.followerCount : null,
  };
}

export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  async getCurrentUser(userId: string): Promise<CurrentUser> {
    const [row] = await this.deps.db
      .select({ user: users, profile: profiles, data: userData })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .innerJoin(userData, eq(userData.userId, users.id))
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .limit(1);
    if (!row) throw errors.unauthenticated();
    const { user, profile, data } = row;
    // The creators this user follows (disabled ones left out), most recent first.
    const creator = alias(users, 'followed_creator');
    const follow = await this.deps.db
      .select({ id: follows.id, creatorId: follows.creatorId, userId: follows.userId })
      .from(follows)
      .innerJoin(creator, and(eq(creator.id, follows.creatorId), isNull(creator.disabledAt)))
      .where(eq(follows.userId, userId))
      .orderBy(desc(follows.createdAt), desc(follows.id));
    // The subscriptions that grant access now, soonest to end first.
    const subscriptionItems = await this.deps.db
      .select({
        id: subscriptions.id,
        creatorId: subscriptions.creatorId,
        planId: subscriptions.planId,
        validUntil: subscriptions.validUntil,
        autoRenew: subscriptions.autoRenew,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), grantsAccessSql(subscriptions.validUntil, this.deps.now())))
      .orderBy(asc(subscriptions.validUntil));
    return {
      ...toPublicProfile(profile, user.labels),
      avatarUrl: profileImageUrl(profile.userId, 'avatar', profile.avatarMediaId),
      id: user.id,
      profileId: profile.userId,
      dataId: data.userId,
      email: user.email,
      name: user.name,
      emailVerification: user.emailVerified,
      labels: user.labels,
      roles: rolesFromLabels(user.labels),
      registrationCompletedAt: iso(data.registrationCompletedAt),
      identityVerifiedAt: iso(data.identityVerifiedAt),
      termsAcceptedAt: iso(data.termsAcceptedAt),
      termsVersion: data.termsVersion,
      chatEmailNotices: data.chatEmailNotices,
      pushNewPosts: data.pushNewPosts,
      pushChatMessages: data.pushChatMessages,
      sessionRecording: data.sessionRecording,
      language: isLanguage(data.language) ? data.language : null,
      follow,
      subscriptions: subscriptionItems.map((item) => ({ ...item, validUntil: item.validUntil.toISOString() })),
    };
  }

  async setPreferences(userId: string, preferences: Preferences): Promise<CurrentUser> {
    const { chatEmailNotices, pushNewPosts, pushChatMessages, sessionRecording, language } = preferences;
    await this.deps.db
      .update(userData)
      .set({
        ...(chatEmailNotices === undefined ? {} : { chatEmailNotices }),
        ...(pushNewPosts === undefined ? {} : { pushNewPosts }),
        ...(pushChatMessages === undefined ? {} : { pushChatMessages }),
        ...(sessionRecording === undefined ? {} : { sessionRecording }),
        ...(language === undefined ? {} : { language }),
      })
      .where(eq(userData.userId, userId));
    return this.getCurrentUser(userId);
  }

  /** A user's public profile; disabled accounts are not found. */
  async getPublicProfile(userId: string): Promise<PublicProfile> {
    const [row] = await this.deps.db
      .select({ profile: profiles, labels: users.labels })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(profiles.userId, userId), isNull(users.disabledAt)))
      .limit(1);
    if (!row) throw errors.notFound('User');
    return toPublicProfile(row.profile, row.labels);
  }

  async acceptTerms(userId: string, version: string): Promise<CurrentUser> {
    if (version !== TERMS_VERSION) {
      throw errors.termsVersionOutdated();
    }
    await this.deps.db.update(userData).set({ termsAcceptedAt: this.deps.now(), termsVersion: version }).where(eq(userData.userId, userId));
    return this.getCurrentUser(userId);
  }

  async isHandleAvailable(handle: string, forUserId?: string): Promise<boolean> {
    const conditions = [eq(profiles.handle, handle)];
    if (forUserId) conditions.push(ne(profiles.userId, forUserId));
    const rows = await this.deps.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(and(...conditions))
      .limit(1);
    return rows.length === 0;
  }

  /**
   * Completes registration: sets handle, public name and avatar colour, then marks
   * registration complete one minute in the past (spec). Terms must be accepted first.
   */
  async setupProfile(
    userId: string,
    input: { handle: string; publicName: string; avatarColor?: string | undefined },
  ): Promise<CurrentUser> {
    const { db, now } = this.deps;
    const current = await this.getCurrentUser(userId);
    if (!current.termsAcceptedAt || current.termsVersion !== TERMS_VERSION) {
      throw errors.termsNotAccepted();
    }
    await this.deps.checkText?.({ handle: input.handle, publicName: input.publicName });
    if (!(await this.isHandleAvailable(input.handle, userId))) {
      throw errors.handleTaken({ message: `The handle @${input.handle} is taken. Try another.` });
    }
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(profiles)
          .set({
            handle: input.handle,
            publicName: input.publicName,
            avatarColor: input.avatarColor ?? current.avatarColor ?? randomAvatarColor(),
          })
          .where(eq(profiles.userId, userId));
        await tx.update(users).set({ name: input.publicName }).where(eq(users.id, userId));
        if (!current.registrationCompletedAt) {
          await tx
            .update(userData)
            .set({ registrationCompletedAt: new Date(now().getTime() - REGISTRATION_BACKDATE_MS) })
            .where(eq(userData.userId, userId));
        }
      });
    } catch (error) {
      // Two people racing for one handle: the unique index decides.
      if (isUniqueViolation(error)) throw errors.handleTaken({ message: `The handle @${input.handle} is taken. Try another.` });
      throw error;
    }
    return this.getCurrentUser(userId);
  }

  /** Refreshes last_online and the session's last activity, at one time; the browser calls it every 5 minutes while signed in. */
  async touchOnline(viewer: Pick<Viewer, 'userId' | 'sessionId'>): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.update(profiles).set({ lastOnline: now }).where(eq(profiles.userId, viewer.userId));
    await this.deps.sessions.touch(viewer.sessionId, now);
  }

  /** Disables the account and ends all of its sessions; it can never sign in again. */
  async disableAccount(userId: string): Promise<void> {
    const at = this.deps.now();
    await this.deps.db.update(users).set({ disabledAt: at, deletedAt: at }).where(eq(users.id, userId));
    await this.deps.sessions.deleteAllForUser(userId);
  }
}
