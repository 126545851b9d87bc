import { currencySchema } from './plans.js';
import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * A creator's fan lists: built-in lists that keep themselves, and the creator's own lists of
 * fans, with a private note per fan. A list is named by a reference string, the same in an
 * address and in what a mass message is sent to: `subscribers`, `never_subscribed`,
 * `top_spenders`, `tippers`, `ended:<days>`, `plan:<planId>` or `list:<listId>`.
 */

export const FAN_LIST_NAME_MAX = 40;
/** The creator's own lists, at most. */
export const FAN_LISTS_MAX = 100;
export const FAN_NOTE_MAX = 500;
/** The top spenders list holds this many fans: those who paid the creator most. */
export const TOP_SPENDERS_SIZE = 100;
export const ENDED_DAYS_DEFAULT = 30;
export const ENDED_DAYS_MAX = 365;
export const FAN_LIST_PAGE_SIZE = 25;
export const FAN_LIST_PAGE_MAX = 100;

/** Built-in lists that take no argument, in the order a creator sees them. */
export const PLAIN_FAN_LISTS = ['subscribers', 'never_subscribed', 'top_spenders', 'tippers'] as const;
export type PlainFanList = (typeof PLAIN_FAN_LISTS)[number];

export type FanListRef =
  | { kind: PlainFanList }
  /** Members whose last subscription to the creator ended within the last `days` days and who hold none now. */
  | { kind: 'ended'; days: number }
  /** Members with a valid subscription to this plan. */
  | { kind: 'plan'; planId: string }
  /** One of the creator's own lists. */
  | { kind: 'custom'; listId: string };

export function formatFanListRef(ref: FanListRef): string {
  switch (ref.kind) {
    case 'ended':
      return `ended:${ref.days}`;
    case 'plan':
      return `plan:${ref.planId}`;
    case 'custom':
      return `list:${ref.listId}`;
    default:
      return ref.kind;
  }
}

const daysSchema = z.coerce
  .number()
  .int('A number of days is a whole number')
  .min(1, 'At least 1 day')
  .max(ENDED_DAYS_MAX, `At most ${ENDED_DAYS_MAX} days`);

/** Parses a list reference; an unknown or malformed one is a validation error naming what is wrong. */
export const fanListRefSchema = z.string().transform((value, context): FanListRef => {
  const [kind, argument, ...rest] = value.split(':');
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (rest.length > 0) return fail('Unknown list');
  if ((PLAIN_FAN_LISTS as readonly string[]).includes(kind ?? '') && argument === undefined) return { kind: kind as PlainFanList };
  if (kind === 'ended') {
    const days = daysSchema.safeParse(argument);
    return days.success ? { kind, days: days.data } : fail(days.error.issues[0]?.message ?? 'Unknown list');
  }
  const id = entityIdSchema.safeParse(argument);
  if (kind === 'plan' && id.success) return { kind, planId: id.data };
  if (kind === 'list' && id.success) return { kind: 'custom', listId: id.data };
  return fail('Unknown list');
});

export const fanListNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the list')
  .max(FAN_LIST_NAME_MAX, `A list's name has at most ${FAN_LIST_NAME_MAX} characters`);
export const fanListInputSchema = z.object({ name: fanListNameSchema });
export type FanListInput = z.infer<typeof fanListInputSchema>;

const isoTime = z.iso.datetime({ offset: true });

/**
 * One list as the creator's lists page shows it. Built-in lists carry no name (the app names
 * them); a plan's list is named by the plan, a custom list by the creator.
 */
export const fanListSummarySchema = z.object({
  ref: z.string(),
  kind: z.enum([...PLAIN_FAN_LISTS, 'ended', 'plan', 'custom']),
  name: z.string().nullable(),
  count: z.number().int(),
  /** The ended list's window; null for others. */
  days: z.number().int().nullable(),
  /** A custom list's id, for renaming, deleting and adding fans; null for others. */
  listId: entityIdSchema.nullable(),
});
export type FanListSummary = z.infer<typeof fanListSummarySchema>;

export const fanListsQuerySchema = z.object({ days: daysSchema.default(ENDED_DAYS_DEFAULT) });
export const fanListsSchema = z.object({ lists: z.array(fanListSummarySchema) });
export type FanLists = z.infer<typeof fanListsSchema>;

export const fanListMembersQuerySchema = z.object({
  /** Part of a handle or public name, any case. */
  q: z.string().trim().max(100, 'A search has at most 100 characters').optional(),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(FAN_LIST_PAGE_MAX).default(FAN_LIST_PAGE_SIZE),
});
export type FanListMembersQuery = z.input<typeof fanListMembersQuerySchema>;

/** A fan on a list: their profile summary, when they joined the list's reason, and the creator's note. */
export const fanListMemberSchema = creatorSummarySchema.extend({
  /**
   * What the list is ordered by: when they subscribed (subscribers, a plan), followed (never
   * subscribed), were added (a custom list), last tipped (tippers), or their subscription ended
   * (ended). For top spenders, their first payment.
   */
  since: isoTime,
  /** Top spenders: what they paid the creator, refunds taken off (in the currency they paid most in). */
  spent: z.object({ amountMinor: z.number().int(), currency: currencySchema }).nullable(),
  note: z.string().nullable(),
});
export type FanListMember = z.infer<typeof fanListMemberSchema>;

export const fanListMembersPageSchema = z.object({
  list: fanListSummarySchema,
  items: z.array(fanListMemberSchema),
  nextCursor: z.string().nullable(),
});
export type FanListMembersPage = z.infer<typeof fanListMembersPageSchema>;

/** What a creator keeps about one fan: the note, and which of their own lists hold the fan. */
export const fanDetailsSchema = z.object({
  userId: entityIdSchema,
  note: z.string().nullable(),
  listIds: z.array(entityIdSchema),
});
export type FanDetails = z.infer<typeof fanDetailsSchema>;

/** An empty note removes it. */
export const fanNoteInputSchema = z.object({
  text: z.string().trim().max(FAN_NOTE_MAX, `A note has at most ${FAN_NOTE_MAX} characters`),
});
export type FanNoteInput = z.infer<typeof fanNoteInputSchema>;
