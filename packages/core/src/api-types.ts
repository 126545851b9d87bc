import { languageSchema } from './languages.js';
import { ROLES } from './roles.js';
import { z } from './zod-config.js';

/**
 * Shapes the API returns, as zod schemas: the server validates its responses with them
 * and publishes them in the OpenAPI document; the browser uses the inferred types.
 * Dates travel as ISO strings.
 */

const isoDate = z.iso.datetime({ offset: true });

export const publicProfileSchema = z.object({
  userId: z.string(),
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
  avatarColor: z.string(),
  isCreator: z.boolean(),
  isVerified: z.boolean(),
  lastOnline: isoDate.nullable(),
  /** Follower count; only computed for creators. */
  followers: z.number().int().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const followItemSchema = z.object({ id: z.string(), creatorId: z.string(), userId: z.string() });
export type FollowItem = z.infer<typeof followItemSchema>;

export const subscriptionItemSchema = z.object({
  id: z.string(),
  creatorId: z.string(),
  planId: z.string(),
  validUntil: isoDate,
  autoRenew: z.boolean(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

/** The merged current user of spec section 3: account, data and profile fields, roles and lists. */
export const currentUserSchema = publicProfileSchema.extend({
  /** The user's own picture (same origin), or null for the coloured initial. */
  avatarUrl: z.string().nullable(),
  id: z.string(),
  profileId: z.string(),
  dataId: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerification: z.boolean(),
  labels: z.array(z.string()),
  roles: z.array(z.enum(ROLES)),
  registrationCompletedAt: isoDate.nullable(),
  identityVerifiedAt: isoDate.nullable(),
  termsAcceptedAt: isoDate.nullable(),
  termsVersion: z.string().nullable(),
  /** E-mail about unread chat messages (personal details). */
  chatEmailNotices: z.boolean(),
  /** Push notifications about new posts of creators one subscribes to (personal details). */
  pushNewPosts: z.boolean(),
  /** Push notifications about new chat messages (personal details). */
  pushChatMessages: z.boolean(),
  /** Whether this user's sessions may be recorded, inputs masked (personal details; off until turned on). */
  sessionRecording: z.boolean(),
  /** The language the member chose (personal details); null: their browser's. */
  language: languageSchema.nullable(),
  follow: z.array(followItemSchema),
  subscriptions: z.array(subscriptionItemSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The settings of personal details that are not profile fields. */
export const preferencesSchema = z
  .object({
    chatEmailNotices: z.boolean(),
    pushNewPosts: z.boolean(),
    pushChatMessages: z.boolean(),
    sessionRecording: z.boolean(),
    language: languageSchema.nullable(),
  })
  .partial()
  .refine((preferences) => Object.values(preferences).some((value) => value !== undefined), 'Name at least one setting to change.');
export type Preferences = z.infer<typeof preferencesSchema>;

/** Every error the API sends: a stable machine-readable type, a human message and the HTTP status. */
export const apiErrorSchema = z.object({
  type: z.string(),
  message: z.string(),
  statusCode: z.number().int(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A place the member is signed in: what the device told about itself when it signed in, and where from. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The session of the device asking. */
  current: z.boolean(),
  signedInAt: isoDate,
  /** When the session was last used, to the day (it is written at most daily). */
  lastActiveAt: isoDate,
  ip: z.string().nullable(),
  /** Such as "Chrome 130"; null when the device did not say. */
  browser: z.string().nullable(),
  /** Such as "Android 14". */
  os: z.string().nullable(),
  deviceType: z.enum(['phone', 'tablet', 'desktop', 'other']),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const signInChallengeSchema = z.object({ challengeId: z.string(), email: z.string() });
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
/** Liveness: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok') });
/** Readiness: the database answers and the server is not shutting down. */
export const readinessSchema = z.object({ status: z.literal('ready'), database: z.object({ driver: z.enum(['pglite', 'postgres']) }) });
