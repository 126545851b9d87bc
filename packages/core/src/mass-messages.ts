import { messageContentFields, refineMessageContent } from './chat.js';
import { contentPriceSchema } from './content-price.js';
import { fanListRefSchema } from './fan-lists.js';
import { currencySchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Mass messages: one message from a creator to the fans on some lists (minus others), written
 * into each recipient's own chat with the creator as a message of its own (a paid one locked
 * until that recipient buys it, exactly as in a one-to-one chat). Recipients are the lists'
 * fans with an active account, neither side blocking the other; a member whose plan does not
 * include chat still receives it, in a chat they can read but not answer.
 */

/** Lists a mass message is sent to, and lists it leaves out, at most this many each. */
export const MASS_MESSAGE_LISTS_MAX = 10;
/** How far ahead a mass message can be scheduled. */
export const MASS_MESSAGE_SCHEDULE_MAX_DAYS = 90;
export const MASS_MESSAGE_PAGE_SIZE = 20;
export const MASS_MESSAGE_PAGE_MAX = 50;

export const MASS_MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'unsent'] as const;
export type MassMessageStatus = (typeof MASS_MESSAGE_STATUSES)[number];

/** The id of the copy a recipient gets: one per mass message and recipient, so delivering it again finds it written. */
export const massMessageCopyId = (massMessageId: string, recipientId: string) => `m-${massMessageId}-${recipientId}`;

const listRefs = (what: string, min: number) =>
  z
    .array(z.string())
    .min(min, 'Choose at least one list to send to')
    .max(MASS_MESSAGE_LISTS_MAX, `At most ${MASS_MESSAGE_LISTS_MAX} lists ${what}`)
    .refine((refs) => new Set(refs).size === refs.length, 'The same list is chosen twice')
    .refine((refs) => refs.every((ref) => fanListRefSchema.safeParse(ref).success), 'Unknown list');

export const massMessageInputSchema = refineMessageContent(
  z.object({
    ...messageContentFields,
    include: listRefs('to send to', 1),
    exclude: listRefs('to leave out', 0).default([]),
    /** When to send; now when absent. */
    sendAt: z.iso.datetime({ offset: true }).nullable().default(null),
  }),
);
export type MassMessageInput = z.input<typeof massMessageInputSchema>;

/** Who a mass message would reach now: the lists to send to, less those to leave out. */
export const massMessageAudienceQuerySchema = z.object({
  include: z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), listRefs('to send to', 1)),
  exclude: z
    .preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), listRefs('to leave out', 0))
    .default([]),
});
export const massMessageAudienceSchema = z.object({ recipients: z.number().int() });
export type MassMessageAudience = z.infer<typeof massMessageAudienceSchema>;

const isoTime = z.iso.datetime({ offset: true });

export const massMessageSchema = z.object({
  id: entityIdSchema,
  text: z.string(),
  mediaCount: z.number().int(),
  price: contentPriceSchema.nullable(),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  status: z.enum(MASS_MESSAGE_STATUSES),
  sendAt: isoTime,
  createdAt: isoTime,
  /** When the last copy was delivered. */
  sentAt: isoTime.nullable(),
  unsentAt: isoTime.nullable(),
  /** Set when sending begins: the fans it goes to. */
  recipients: z.number().int().nullable(),
  delivered: z.number().int(),
});
export type MassMessage = z.infer<typeof massMessageSchema>;

/** What came of one mass message: how many read it, bought it, and what it earned (the creator's share, refunds taken off). */
export const massMessageDetailsSchema = massMessageSchema.extend({
  read: z.number().int(),
  bought: z.number().int(),
  /** Null for a free message. */
  earned: z.object({ amountMinor: z.number().int(), currency: currencySchema }).nullable(),
});
export type MassMessageDetails = z.infer<typeof massMessageDetailsSchema>;

export const massMessagesQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MASS_MESSAGE_PAGE_MAX).default(MASS_MESSAGE_PAGE_SIZE),
});
export const massMessagesPageSchema = z.object({ items: z.array(massMessageSchema), nextCursor: z.string().nullable() });
export type MassMessagesPage = z.infer<typeof massMessagesPageSchema>;
