import {
  type AgeGenderInput,
  ageOn,
  ERROR_CATALOG,
  type Gender,
  hasRole,
  type ImagesBioInput,
  MIN_CREATOR_AGE,
  ONBOARDING_STEP_PATHS,
  type OnboardingState,
  parseCalendarDate,
  ROLE,
  type VerificationSession,
} from '@aurum/core';
import { and, eq, inArray } from 'drizzle-orm';
import { requireCompletedRegistration } from '../access/access.js';
import type { Database } from '../db/database.js';
import { creatorOnboarding, media, payoutMethods, profiles, userData, users } from '../db/schema.js';
import { lockUser } from '../db/user-lock.js';
import { errors } from '../http/errors.js';
import type { TextCheck } from '../http/text-check.js';
import type { VerificationService } from '../verification/service.js';
import { recordOnboardingProgress } from './completion.js';
import { onboardingProgress } from './steps.js';

export interface CreatorsServiceDeps {
  db: Database;
  now: () => Date;
  /** Told after a change that may have granted the creators label is committed, so cached sessions read it afresh. */
  accountChanged: (userId: string) => void;
  verification: VerificationService;
  publicUrl: string;
  /** The restricted words check on the bio. */
  checkText?: TextCheck;
}

/** Media the pipeline gave up on cannot be a profile image. */
const UNUSABLE_MEDIA_STATUSES = new Set(['failed']);

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Creator sign-up, saved step by step: start, age and gender, images and bio, identity
 * verification, payout details. Each write re-checks that the user finished registration;
 * the last step to complete (in whatever order) makes the user a creator.
 */
export class CreatorsService {
  constructor(private readonly deps: CreatorsServiceDeps) {}

  async getOnboarding(userId: string): Promise<OnboardingState> {
    const [row] = await this.deps.db
      .select({
        labels: users.labels,
        bio: profiles.bio,
        avatarMediaId: profiles.avatarMediaId,
        coverMediaId: profiles.coverMediaId,
        identityVerifiedAt: userData.identityVerifiedAt,
        onboarding: creatorOnboarding,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .innerJoin(userData, eq(userData.userId, users.id))
      .leftJoin(creatorOnboarding, eq(creatorOnboarding.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw errors.unauthenticated();
    const verification = await this.deps.verification.latestForUser(userId);
    const isCreator = hasRole(row.labels, ROLE.creators);
    const onboarding = row.onboarding;
    return {
      ...onboardingProgress(onboarding, { isCreator, latestVerification: verification?.status ?? null }),
      isCreator,
      startedAt: iso(onboarding?.startedAt),
      completedAt: iso(onboarding?.completedAt),
      ageGender:
        onboarding?.birthDate && onboarding.gender ? { birthDate: onboarding.birthDate, gender: onboarding.gender as Gender } : null,
      imagesBio: { bio: row.bio, avatarMediaId: row.avatarMediaId, coverMediaId: row.coverMediaId },
      identityVerifiedAt: iso(row.identityVerifiedAt),
      verification,
    };
  }

  /** Begins sign-up; starting again changes nothing. Identity or payout done earlier count at once. */
  async start(userId: string): Promise<OnboardingState> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const startedAt = now();
      const [data] = await tx.select({ identityVerifiedAt: userData.identityVerifiedAt }).from(userData).where(eq(userData.userId, userId));
      const [activePayout] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.active, true)))
        .limit(1);
      await tx
        .insert(creatorOnboarding)
        .values({
          userId,
          startedAt,
          identityDoneAt: data?.identityVerifiedAt ?? null,
          payoutDoneAt: activePayout ? startedAt : null,
        })
        .onConflictDoNothing();
    });
    return this.getOnboarding(userId);
  }

  async saveAgeGender(userId: string, input: Required<AgeGenderInput>): Promise<OnboardingState> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    const birthDate = parseCalendarDate(input.birthDate);
    const at = now();
    // The schema already refused malformed dates; an age under 18 includes dates in the future.
    if (!birthDate || ageOn(birthDate, at) < MIN_CREATOR_AGE) {
      throw errors.creatorUnderAge({
        message: `You must be ${MIN_CREATOR_AGE} or older to become a creator.`,
        details: [{ path: 'birthDate', message: `You must be ${MIN_CREATOR_AGE} or older` }],
      });
    }
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const row = await recordOnboardingProgress(tx, userId, { birthDate: input.birthDate, gender: input.gender, ageGenderDoneAt: at }, at);
      if (!row) throw errors.onboardingNotStarted();
    });
    this.deps.accountChanged(userId);
    return this.getOnboarding(userId);
  }

  /** Saves the bio and, when given, the avatar and cover: images the user uploaded. */
  async saveImagesBio(userId: string, input: ImagesBioInput): Promise<OnboardingState> {
    const { db, now } = this.deps;
    await requireCompletedRegistration(db, userId);
    await this.deps.checkText?.({ bio: input.bio });
    await this.requireOwnImages(userId, { avatarMediaId: input.avatarMediaId, coverMediaId: input.coverMediaId });
    const at = now();
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const row = await recordOnboardingProgress(tx, userId, { imagesBioDoneAt: at }, at);
      if (!row) throw errors.onboardingNotStarted();
      await tx
        .update(profiles)
        .set({
          bio: input.bio,
          ...(input.avatarMediaId !== undefined ? { avatarMediaId: input.avatarMediaId } : {}),
          ...(input.coverMediaId !== undefined ? { coverMediaId: input.coverMediaId } : {}),
        })
        .where(eq(profiles.userId, userId));
    });
    this.deps.accountChanged(userId);
    return this.getOnboarding(userId);
  }

  /** Sends the user to the verification provider; age and gender come first so no minor reaches it. */
  async startVerification(userId: string, input: { returnPath?: string | undefined }): Promise<VerificationSession> {
    const { db, publicUrl, verification } = this.deps;
    await requireCompletedRegistration(db, userId);
    const [row] = await db
      .select({ onboarding: creatorOnboarding, identityVerifiedAt: userData.identityVerifiedAt })
      .from(userData)
      .leftJoin(creatorOnboarding, eq(creatorOnboarding.userId, userData.userId))
      .where(eq(userData.userId, userId));
    if (!row?.onboarding) throw errors.onboardingNotStarted();
    if (row.identityVerifiedAt) throw errors.identityAlreadyVerified();
    if (!row.onboarding.ageGenderDoneAt) {
      throw errors.onboardingStepRequired();
    }
    const returnUrl = publicUrl + (input.returnPath ?? ONBOARDING_STEP_PATHS.verify_identity);
    return verification.startSession(userId, { sessionType: 'age', returnUrl });
  }

  /** Profile images must be the user's own uploads, and images. Others' media is "not found". */
  private async requireOwnImages(userId: string, ids: Record<'avatarMediaId' | 'coverMediaId', string | null | undefined>): Promise<void> {
    const wanted = Object.values(ids).filter((id): id is string => typeof id === 'string');
    if (wanted.length === 0) return;
    const rows = await this.deps.db
      .select({ id: media.id, kind: media.kind, status: media.status })
      .from(media)
      .where(and(inArray(media.id, wanted), eq(media.ownerId, userId)));
    for (const [field, id] of Object.entries(ids)) {
      if (typeof id !== 'string') continue;
      const item = rows.find((row) => row.id === id);
      const refuse = (name: 'mediaNotFound' | 'mediaNotImage' | 'mediaUnusable') =>
        errors[name]({ details: [{ path: field, message: ERROR_CATALOG[name].message }] });
      if (!item) throw refuse('mediaNotFound');
      if (item.kind !== 'image') throw refuse('mediaNotImage');
      if (UNUSABLE_MEDIA_STATUSES.has(item.status)) throw refuse('mediaUnusable');
    }
  }
}
