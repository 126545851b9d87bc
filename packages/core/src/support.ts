import { entityIdSchema, pageCursorSchema, postMediaSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Support tickets: a member or creator writes to the people who run Aurum (subject, message, an
 * optional screenshot), admins answer from their queue, either side closes and reopens.
 *
 * - open: waiting for support (a new ticket, or the author wrote last);
 * - answered: support wrote last, waiting for the author;
 * - closed: nobody waits; reopening makes it open again.
 */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_STATUS_LABELS: Readonly<Record<SupportStatus, string>> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_PAGE_SIZE = 25;
export const SUPPORT_PAGE_MAX = 100;
/** Messages of a thread per page, oldest first. */
export const SUPPORT_THREAD_PAGE_SIZE = 50;

/** What moves a ticket: a message from its author or from support, closing, reopening. */
export type SupportEvent = 'author_message' | 'support_message' | 'close' | 'reopen';

/**
 * The status after an event, or null when the event is refused: nobody writes in a closed
 * ticket (it is reopened first). Closing a closed ticket or reopening one that is not closed
 * changes nothing.
 */
export function supportStatusAfter(current: SupportStatus, event: SupportEvent): SupportStatus | null {
  switch (event) {
    case 'author_message':
      return current === 'closed' ? null : 'open';
    case 'support_message':
      return current === 'closed' ? null : 'answered';
    case 'close':
      return 'closed';
    case 'reopen':
      return current === 'closed' ? 'open' : current;
  }
}

const isoTime = z.iso.datetime({ offset: true });
const messageText = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(SUPPORT_MESSAGE_MAX, `A message has at most ${SUPPORT_MESSAGE_MAX} characters`);

export const createSupportTicketSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Give the ticket a subject')
    .max(SUPPORT_SUBJECT_MAX, `A subject has at most ${SUPPORT_SUBJECT_MAX} characters`)
    .regex(/^[^\r\n]*$/, 'A subject is one line'),
  message: messageText,
  /** An image the author uploaded (tus), shown only to them and to admins. */
  screenshotMediaId: entityIdSchema.optional(),
});
export type CreateSupportTicketInput = z.input<typeof createSupportTicketSchema>;

export const supportReplySchema = z.object({ message: messageText, screenshotMediaId: entityIdSchema.optional() });
export type SupportReplyInput = z.input<typeof supportReplySchema>;

/** Why an admin closes or reopens a ticket; kept in the audit row. */
export const supportStatusChangeSchema = z.object({ reason: z.string().trim().max(500).optional() });

export const supportTicketParamsSchema = z.object({ ticketId: entityIdSchema });

export const supportPageQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(SUPPORT_PAGE_SIZE),
});

/** The admin queue: open tickets (oldest waiting first) by default; the others newest first. */
export const SUPPORT_QUEUE_FILTERS = [...SUPPORT_STATUSES, 'all'] as const;
export type SupportQueueFilter = (typeof SUPPORT_QUEUE_FILTERS)[number];
export const supportQueueQuerySchema = supportPageQuerySchema.extend({ status: z.enum(SUPPORT_QUEUE_FILTERS).default('open') });
export type SupportQueueQuery = z.input<typeof supportQueueQuerySchema>;

export const supportThreadQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_PAGE_MAX).default(SUPPORT_THREAD_PAGE_SIZE),
});

/** A ticket as its author sees it. */
export const supportTicketSchema = z.object({
  id: entityIdSchema,
  subject: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  messageCount: z.number().int(),
  createdAt: isoTime,
  lastMessageAt: isoTime,
  /** Since when the author has been waiting for support; null unless open. */
  waitingSince: isoTime.nullable(),
  closedAt: isoTime.nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** Who wrote a ticket, as admins see them. */
export const supportAuthorSchema = z.object({
  userId: entityIdSchema,
  email: z.string(),
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
});
export type SupportAuthor = z.infer<typeof supportAuthorSchema>;

export const adminSupportTicketSchema = supportTicketSchema.extend({ author: supportAuthorSchema });
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;

/**
 * One message of a thread. The author sees support's messages as "Support"; admins also see
 * which admin wrote (`writer`).
 */
export const supportMessageSchema = z.object({
  id: entityIdSchema,
  fromSupport: z.boolean(),
  body: z.string(),
  screenshot: postMediaSchema.nullable(),
  createdAt: isoTime,
  writer: z.object({ userId: entityIdSchema, handle: z.string().nullable(), publicName: z.string().nullable() }).optional(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportMessagesPageSchema = z.object({ items: z.array(supportMessageSchema), nextCursor: z.string().nullable() });
export type SupportMessagesPage = z.infer<typeof supportMessagesPageSchema>;

export const supportTicketsPageSchema = z.object({ items: z.array(supportTicketSchema), nextCursor: z.string().nullable() });
export type SupportTicketsPage = z.infer<typeof supportTicketsPageSchema>;

export const adminSupportTicketsPageSchema = z.object({ items: z.array(adminSupportTicketSchema), nextCursor: z.string().nullable() });
export type AdminSupportTicketsPage = z.infer<typeof adminSupportTicketsPageSchema>;

/** A ticket with the first page of its thread, oldest message first. */
export const supportThreadSchema = z.object({ ticket: supportTicketSchema, messages: supportMessagesPageSchema });
export type SupportThread = z.infer<typeof supportThreadSchema>;

export const adminSupportThreadSchema = z.object({ ticket: adminSupportTicketSchema, messages: supportMessagesPageSchema });
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;
