import { VERIFICATION_STATUSES } from './creators.js';
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_KINDS } from './moderation.js';
import { currencySchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { ROLE } from './roles.js';
import { SUBSCRIPTION_STATUSES } from './subscriptions.js';
import { VERIFICATION_KINDS } from './verification-requests.js';
import { z } from './zod-config.js';

/**
 * The admin area (issue 13): the users list and detail, the actions admins take on an account,
 * the audit log every such action writes, and what needs an admin's attention.
 */

const isoDate = z.iso.datetime({ offset: true });

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 100;
export const AUDIT_REASON_MAX = 500;

/** The labels an admin may grant or revoke. */
export const ADMIN_GRANTABLE_LABELS = [ROLE.creators, ROLE.admins] as const;
export type AdminGrantableLabel = (typeof ADMIN_GRANTABLE_LABELS)[number];

/** "yes"/"no" filters in a query string. */
const yesNo = z.enum(['yes', 'no']).optional();

export const adminUsersQuerySchema = z.object({
  /** Part of an e-mail address, handle or name (account or public), any case. */
  q: z.string().trim().max(ADMIN_SEARCH_MAX, `A search has at most ${ADMIN_SEARCH_MAX} characters`).optional(),
  label: z.enum(ADMIN_GRANTABLE_LABELS).optional(),
  disabled: yesNo,
  verified: yesNo,
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
  avatarColor: z.string(),
  labels: z.array(z.string()),
  disabledAt: isoDate.nullable(),
  identityVerifiedAt: isoDate.nullable(),
  /** A suspended creator's posts are hidden and their subscriptions do not renew. */
  suspendedAt: isoDate.nullable(),
  /** The member deleted the account themselves. */
  deletedAt: isoDate.nullable(),
  anonymisedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({ items: z.array(adminUserRowSchema), nextCursor: z.string().nullable() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    bio: z.string().nullable(),
    lastOnline: isoDate.nullable(),
    registrationCompletedAt: isoDate.nullable(),
    followerCount: z.number().int(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: isoDate,
      lastSeenAt: isoDate,
      expiresAt: isoDate,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Their subscriptions as a member, newest first (the latest 50). */
  subscriptions: z.array(
    z.object({
      id: z.string(),
      creatorId: z.string(),
      creatorHandle: z.string().nullable(),
      planName: z.string(),
      priceMinor: z.number().int(),
      currency: currencySchema,
      status: z.enum(SUBSCRIPTION_STATUSES),
      validUntil: isoDate,
      createdAt: isoDate,
    }),
  ),
  /** Their charges as a payer, newest first (the latest 50). */
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      amountMinor: z.number().int(),
      currency: currencySchema,
      creatorHandle: z.string().nullable(),
      failureMessage: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
  /** Their identity checks, newest first. */
  verifications: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(VERIFICATION_KINDS),
      provider: z.string(),
      status: z.enum(VERIFICATION_STATUSES),
      decidedBy: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
  /** Reports others filed about them or their content, newest first (the latest 50). */
  reports: z.array(
    z.object({
      id: z.string(),
      targetKind: z.enum(REPORT_TARGET_KINDS),
      targetId: z.string(),
      reason: z.enum(REPORT_REASONS),
      text: z.string(),
      status: z.enum(REPORT_STATUSES),
      outcome: z.enum(MODERATION_ACTIONS).nullable(),
      reporterHandle: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Why an admin acts; kept in the audit row. */
export const adminActionSchema = z.object({ reason: z.string().trim().max(AUDIT_REASON_MAX).optional() });
export type AdminActionInput = z.input<typeof adminActionSchema>;

export const adminLabelChangeSchema = adminActionSchema.extend({
  label: z.enum(ADMIN_GRANTABLE_LABELS),
  granted: z.boolean(),
});
export type AdminLabelChangeInput = z.input<typeof adminLabelChangeSchema>;

/** What an action did: the account after it. */
export const adminActionResultSchema = z.object({
  user: adminUserRowSchema,
  /** Sessions ended by the action. */
  sessionsEnded: z.number().int().min(0),
});
export type AdminActionResult = z.infer<typeof adminActionResultSchema>;

/** Every action an admin takes writes one audit row with one of these. */
export const AUDIT_ACTIONS = [
  'user.label_granted',
  'user.label_revoked',
  'user.disabled',
  'user.enabled',
  'user.sessions_revoked',
  'user.age_verified',
  'report.dismissed',
  'content.removed',
  'creator.suspended',
  'user.banned',
  'creator.unsuspended',
  'restricted_words.updated',
  'verification.approved',
  'verification.declined',
  'user.anonymised',
  'support.replied',
  'support.closed',
  'support.reopened',
  'payment.refunded',
  'payout.retried',
  'payout.marked_paid',
  'payout.marked_failed',
  'payout.bank_details_exported',
  'dispute.test_opened',
  'dispute.test_closed',
  'creator.hold_changed',
  'creator.payouts_held',
  'creator.payouts_released',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actorId: entityIdSchema.optional(),
  targetId: entityIdSchema.optional(),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  targetEmail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * What needs an admin's attention on /admin, one count per queue. Each domain that has a queue
 * adds its kind here and its count on the server.
 */
export const ATTENTION_KINDS = [
  'pending_verifications',
  'open_reports',
  'open_support_tickets',
  'failed_payments_day',
  'disputes_needing_evidence',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const adminOverviewSchema = z.object({
  attention: z.array(z.object({ kind: z.enum(ATTENTION_KINDS), count: z.number().int().min(0) })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
