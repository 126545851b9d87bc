import { ONBOARDING_STEPS } from './onboarding.js';
import { entityIdSchema } from './posts.js';
import { z } from './zod-config.js';

/** Becoming a creator: the sign-up steps, their inputs and the state the API reports. */

export const MIN_CREATOR_AGE = 18;
export const CREATOR_BIO_MAX_LENGTH = 1000;

export const GENDERS = ['female', 'male', 'non_binary', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Reads a YYYY-MM-DD date; null unless it names a real calendar day (no 31 April, no 29 February 2023). */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Age in whole years on the UTC calendar day of `today`. A birthday counts from its own
 * day, so someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: CalendarDate, today: Date): number {
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()];
  const hadBirthdayThisYear = month > birthDate.month || (month === birthDate.month && day >= birthDate.day);
  return year - birthDate.year - (hadBirthdayThisYear ? 0 : 1);
}

export const birthDateSchema = z
  .string()
  .trim()
  .refine((value) => parseCalendarDate(value) !== null, { message: 'Enter a date as YYYY-MM-DD', abort: true })
  .refine((value) => (parseCalendarDate(value)?.year ?? 0) >= 1900, 'Enter a year from 1900 on');

export const ageGenderSchema = z.object({
  birthDate: birthDateSchema,
  gender: z.enum(GENDERS, { message: `Choose one of: ${GENDERS.join(', ')}` }),
});
export type AgeGenderInput = z.input<typeof ageGenderSchema>;

export const mediaIdSchema = z.string().trim().min(1).max(64);

/** Bio is required; an image id replaces the image, null removes it, and leaving it out keeps it. */
export const imagesBioSchema = z.object({
  bio: z.string().trim().min(1, 'Write a short bio').max(CREATOR_BIO_MAX_LENGTH, `A bio has at most ${CREATOR_BIO_MAX_LENGTH} characters`),
  avatarMediaId: mediaIdSchema.nullable().optional(),
  coverMediaId: mediaIdSchema.nullable().optional(),
});
export type ImagesBioInput = z.input<typeof imagesBioSchema>;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Where the provider sends the user back to: a path on this site, never another site. */
export const startVerificationSchema = z.object({
  returnPath: z
    .string()
    .max(300)
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'Must be a path on this site, starting with /')
    .optional(),
});
export type StartVerificationInput = z.input<typeof startVerificationSchema>;

const isoDate = z.iso.datetime({ offset: true });

/** A started verification: send the user to `url`. */
export const verificationSessionSchema = z.object({
  requestId: z.string(),
  provider: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  url: z.string(),
});
export type VerificationSession = z.infer<typeof verificationSessionSchema>;

export const verificationSummarySchema = z.object({
  requestId: z.string(),
  provider: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type VerificationSummary = z.infer<typeof verificationSummarySchema>;

/** An admin confirms a user's age by hand (spec section 6): `POST /api/admin/users/{userId}/age-verification`. */
export const adminUserParamsSchema = z.object({ userId: entityIdSchema });

export const manualVerificationResultSchema = z.object({
  userId: z.string(),
  /** The request recorded for this confirmation; null when the user was already verified. */
  requestId: z.string().nullable(),
  identityVerifiedAt: isoDate,
  isCreator: z.boolean(),
});
export type ManualVerificationResult = z.infer<typeof manualVerificationResultSchema>;

/** `pending` only for identity: a verification session is waiting on the provider. */
export const ONBOARDING_STEP_STATUSES = ['todo', 'pending', 'done'] as const;
export type OnboardingStepStatus = (typeof ONBOARDING_STEP_STATUSES)[number];

export const onboardingStateSchema = z.object({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  isCreator: z.boolean(),
  steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), status: z.enum(ONBOARDING_STEP_STATUSES), path: z.string() })),
  /** The first step still to do, or null when every step is done. */
  nextStep: z.enum(ONBOARDING_STEPS).nullable(),
  startedAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  ageGender: z.object({ birthDate: z.string(), gender: z.enum(GENDERS) }).nullable(),
  imagesBio: z.object({ bio: z.string().nullable(), avatarMediaId: z.string().nullable(), coverMediaId: z.string().nullable() }),
  identityVerifiedAt: isoDate.nullable(),
  /** The latest verification request, with its provider's verdict. */
  verification: verificationSummarySchema.nullable(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;
