import { entityIdSchema, pageCursorSchema, postMediaSchema } from './posts.js';
import { z } from './zod-config.js';

/** What a member can report. */
export const REPORT_TARGET_KINDS = ['post', 'user', 'message'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** The fixed reasons a report names, in the order the dialog offers them. */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'violence', 'sexual_content', 'illegal', 'impersonation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  sexual_content: 'Sexual content without consent or involving minors',
  illegal: 'Something illegal',
  impersonation: 'Impersonation',
  other: 'Something else',
};

/** The longest free text a report carries. */
export const REPORT_TEXT_MAX = 1000;

export const createReportSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: entityIdSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(REPORT_TEXT_MAX).default(''),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

/** What an admin can do with reported content. */
export const MODERATION_ACTIONS = ['dismiss', 'remove_content', 'suspend_creator', 'ban_user'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Readonly<Record<ModerationAction, string>> = {
  dismiss: 'Dismiss',
  remove_content: 'Remove the content',
  suspend_creator: 'Suspend the creator',
  ban_user: 'Ban the user',
};

/** Which actions apply to a kind of target: users have no content of their own to remove. */
export function actionsFor(kind: ReportTargetKind, targetIsCreator: boolean): ModerationAction[] {
  return MODERATION_ACTIONS.filter((action) => {
    if (action === 'remove_content') return kind !== 'user';
    if (action === 'suspend_creator') return targetIsCreator;
    return true;
  });
}

/** What became of a report, as its reporter is told. */
export const REPORT_OUTCOME_TEXT: Readonly<Record<ModerationAction, string>> = {
  dismiss: 'We looked into it and found no breach of our rules.',
  remove_content: 'We removed the content you reported.',
  suspend_creator: 'We suspended the creator you reported.',
  ban_user: 'We banned the account you reported.',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

const isoTime = z.iso.datetime({ offset: true });

/** A report as its reporter sees it. */
export const reportSchema = z.object({
  id: entityIdSchema,
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: entityIdSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  outcome: z.enum(MODERATION_ACTIONS).nullable(),
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const REPORTS_PAGE_SIZE = 30;
export const REPORTS_PAGE_MAX = 100;

export const reportsPageQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(REPORTS_PAGE_MAX).default(REPORTS_PAGE_SIZE),
});

export const reportsPageSchema = z.object({ items: z.array(reportSchema), nextCursor: z.string().nullable() });
export type ReportsPage = z.infer<typeof reportsPageSchema>;

/** Who wrote or owns the reported content. */
export const reportedAuthorSchema = z.object({
  userId: entityIdSchema,
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
  isCreator: z.boolean(),
  suspended: z.boolean(),
  banned: z.boolean(),
});

/** One reported target in the admin queue: open reports grouped by target. */
export const reportedTargetSchema = z.object({
  contentId: entityIdSchema,
  targetKind: z.enum(REPORT_TARGET_KINDS),
  openReports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  lastReportedAt: isoTime,
  excerpt: z.string(),
  author: reportedAuthorSchema,
});
export type ReportedTarget = z.infer<typeof reportedTargetSchema>;

export const reportedTargetsPageSchema = z.object({ items: z.array(reportedTargetSchema), nextCursor: z.string().nullable() });
export type ReportedTargetsPage = z.infer<typeof reportedTargetsPageSchema>;

/** The reported content in full, as an admin sees it, with every report on it. */
export const reportedContentSchema = z.object({
  contentId: entityIdSchema,
  targetKind: z.enum(REPORT_TARGET_KINDS),
  text: z.string(),
  createdAt: isoTime.nullable(),
  removedAt: isoTime.nullable(),
  /** Every derivative, whatever the post's access: admins see the originals. */
  media: z.array(postMediaSchema),
  author: reportedAuthorSchema,
  actions: z.array(z.enum(MODERATION_ACTIONS)),
  reports: z.array(
    reportSchema.extend({
      reporter: z.object({ userId: entityIdSchema, handle: z.string().nullable(), publicName: z.string().nullable() }),
    }),
  ),
});
export type ReportedContent = z.infer<typeof reportedContentSchema>;

export const MODERATION_REASON_MAX = 500;

export const moderationActionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  /** Why: shown to the creator whose content is removed or who is suspended. */
  reason: z.string().trim().min(1).max(MODERATION_REASON_MAX),
});
export type ModerationActionInput = z.infer<typeof moderationActionSchema>;

export const moderationResultSchema = z.object({ action: z.enum(MODERATION_ACTIONS), resolvedReports: z.number().int() });

export const contentIdParamsSchema = z.object({ contentId: entityIdSchema });

/** What a moderation decision told a user in the app. */
export const MODERATION_NOTICE_KINDS = [
  'report_outcome',
  'content_removed',
  'account_suspended',
  'creator_suspended',
  'suspension_lifted',
  'verification_approved',
  'verification_declined',
  'payout_failed',
  'payout_method_changed',
  'dispute_opened',
  'dispute_decided',
  'tip_received',
  'post_sold',
  'trial_ending',
] as const;
export type ModerationNoticeKind = (typeof MODERATION_NOTICE_KINDS)[number];

export const moderationNoticeSchema = z.object({
  id: entityIdSchema,
  kind: z.enum(MODERATION_NOTICE_KINDS),
  message: z.string(),
  reason: z.string().nullable(),
  /** The post the notice is about (a removal): its page tells its creator why it was removed. */
  postId: z.string().nullable(),
  createdAt: isoTime,
  readAt: isoTime.nullable(),
});
export type ModerationNotice = z.infer<typeof moderationNoticeSchema>;

export const moderationNoticesPageSchema = z.object({
  items: z.array(moderationNoticeSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ModerationNoticesPage = z.infer<typeof moderationNoticesPageSchema>;

/** Restricted words: at most this many, each at most this long. */
export const RESTRICTED_WORDS_MAX = 500;
export const RESTRICTED_WORD_MAX_LENGTH = 64;

export const restrictedWordsSchema = z.object({
  words: z.array(z.string().trim().toLowerCase().min(1).max(RESTRICTED_WORD_MAX_LENGTH)).max(RESTRICTED_WORDS_MAX),
});
export type RestrictedWords = z.infer<typeof restrictedWordsSchema>;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The restricted words a text contains, as whole words (any case, letters and digits of any
 * script), each once in list order. "ass" is not found in "class".
 */
export function findRestrictedWords(text: string, words: readonly string[]): string[] {
  if (!text || words.length === 0) return [];
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const word of words) {
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word.toLowerCase())}(?=$|[^\\p{L}\\p{N}])`, 'u');
    if (pattern.test(lower)) found.add(word);
  }
  return [...found];
}

/** The audit log's name for each moderation decision. */
export const MODERATION_AUDIT_ACTIONS = {
  dismiss: 'report.dismissed',
  remove_content: 'content.removed',
  suspend_creator: 'creator.suspended',
  ban_user: 'user.banned',
} as const satisfies Record<ModerationAction, string>;
