import { VERIFICATION_STATUSES } from './creators.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Verification requests as admins review them (`/admin/verification-requests`): sessions with the
 * identity provider and manual checks, which a member asks for and an admin approves or declines.
 */

const isoDate = z.iso.datetime({ offset: true });

/** `provider`: a session with the configured identity provider; `manual`: checked by an admin by hand. */
export const VERIFICATION_KINDS = ['provider', 'manual'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export const VERIFICATION_REQUESTS_PAGE_SIZE = 25;
export const VERIFICATION_NOTE_MAX = 1000;
export const VERIFICATION_DECISION_REASON_MAX = 500;

/** A member asks an admin to check their age by hand: `POST /api/me/verification-requests`. */
export const manualVerificationRequestSchema = z.object({
  note: z.string().trim().max(VERIFICATION_NOTE_MAX).default(''),
});
export type ManualVerificationRequestInput = z.input<typeof manualVerificationRequestSchema>;

export const verificationRequestsQuerySchema = z.object({
  status: z.enum(VERIFICATION_STATUSES).optional(),
  kind: z.enum(VERIFICATION_KINDS).optional(),
  /** One member's requests: their history. */
  userId: entityIdSchema.optional(),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(VERIFICATION_REQUESTS_PAGE_SIZE),
});
export type VerificationRequestsQuery = z.input<typeof verificationRequestsQuerySchema>;

export const verificationRequestRowSchema = z.object({
  id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  provider: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    handle: z.string().nullable(),
    publicName: z.string().nullable(),
    avatarColor: z.string(),
  }),
  decidedBy: z.string().nullable(),
  decidedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type VerificationRequestRow = z.infer<typeof verificationRequestRowSchema>;

export const verificationRequestsPageSchema = z.object({
  items: z.array(verificationRequestRowSchema),
  nextCursor: z.string().nullable(),
});
export type VerificationRequestsPage = z.infer<typeof verificationRequestsPageSchema>;

/** One change of a request, as it happened: the app, the provider's webhook or an admin. */
export const verificationEventSchema = z.object({
  id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  source: z.string(),
  /** What the source said: the provider's event id and reason, the member's note, the admin's reason. */
  payload: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type VerificationEvent = z.infer<typeof verificationEventSchema>;

export const verificationRequestDetailSchema = z.object({
  request: verificationRequestRowSchema.extend({ decidedByEmail: z.string().nullable(), identityVerifiedAt: isoDate.nullable() }),
  events: z.array(verificationEventSchema),
  /** Whether an admin may approve or decline it now: a pending manual request. */
  decidable: z.boolean(),
});
export type VerificationRequestDetail = z.infer<typeof verificationRequestDetailSchema>;

export const verificationRequestParamsSchema = z.object({ requestId: entityIdSchema });

export const VERIFICATION_DECISIONS = ['approve', 'decline'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** An admin's decision on a manual request; the reason is kept in the audit row and shown to the member. */
export const verificationDecisionSchema = z.object({
  decision: z.enum(VERIFICATION_DECISIONS),
  reason: z.string().trim().min(1, 'Give a reason').max(VERIFICATION_DECISION_REASON_MAX),
});
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;

/** A member's own request as they see it. */
export const myVerificationRequestSchema = z.object({
  requestId: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().nullable(),
  createdAt: isoDate,
});
export type MyVerificationRequest = z.infer<typeof myVerificationRequestSchema>;
