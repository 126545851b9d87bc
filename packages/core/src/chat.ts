import { contentPriceSchema } from './content-price.js';
import type { DerivativeKind } from './media.js';
import { currencySchema } from './plans.js';
import { BLURRED_DERIVATIVES, creatorSummarySchema, entityIdSchema, pageCursorSchema, postMediaSchema } from './posts.js';
import { idempotencyKeySchema } from './subscriptions.js';
import { z } from './zod-config.js';

/** The longest message text, in characters after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHATS_PAGE_SIZE = 20;
export const CHAT_HISTORY_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 50;
/** The most media items one message carries. */
export const MESSAGE_MEDIA_MAX = 10;

/** The tip a message carries: a member's tip given in the chat shows there as their message. */
export const messageTipSchema = z.object({ amountMinor: z.number().int().positive(), currency: currencySchema });
export type MessageTip = z.infer<typeof messageTipSchema>;

/**
 * What a viewer gets of a message's media: `full` (every derivative), `blurred` (only the
 * blurred ones: a paid message its recipient has not paid for) or `none` (not a participant).
 */
export type MessageMediaAccess = 'full' | 'blurred' | 'none';

export interface MessageMediaFacts {
  /** The viewer is one of the chat's two participants. */
  viewerIsParticipant: boolean;
  /** The viewer sent the message. */
  viewerIsSender: boolean;
  /** The message's price in minor units, or null when it is free. */
  priceMinor: number | null;
  /** The viewer paid for this message (an unlock of theirs exists). */
  paid: boolean;
}

/** The one rule for message media (pay-per-view): the server applies it in SQL and in the media route. */
export function messageMediaAccess(facts: MessageMediaFacts): MessageMediaAccess {
  if (!facts.viewerIsParticipant) return 'none';
  if (facts.viewerIsSender || facts.priceMinor === null || facts.paid) return 'full';
  return 'blurred';
}

/** Whether a viewer with this access may fetch this derivative of a message's media. */
export function mayFetchMessageDerivative(access: MessageMediaAccess, kind: DerivativeKind): boolean {
  if (access === 'none') return false;
  return access === 'full' || (BLURRED_DERIVATIVES as readonly DerivativeKind[]).includes(kind);
}

/**
 * What a participant may do in a chat: `open` (read and send), `read_only` (the subscription
 * that allowed it lapsed, or the other side's account is gone: history stays readable) or
 * `blocked` (either side blocked the other: nobody sends).
 */
export type ChatState = 'open' | 'read_only' | 'blocked';

export interface ChatFacts {
  /** Either side blocked the other. */
  blocked: boolean;
  /**
   * One of the two holds a valid subscription to a plan of the other whose perks include chat
   * (spec section 6: chat partners), and the other's account is active.
   */
  chatPerk: boolean;
}

/** The one rule for sending in a chat and for starting one (spec section 6, chat partners). */
export function chatState(facts: ChatFacts): ChatState {
  if (facts.blocked) return 'blocked';
  return facts.chatPerk ? 'open' : 'read_only';
}

export const chatParamsSchema = z.object({ chatId: entityIdSchema });

export const startChatSchema = z.object({ partnerId: entityIdSchema });

/**
 * What a message says and carries, one-to-one or to many (a mass message): text, and for creators
 * media from their own uploads and a price. The id is chosen by the sender's device, so a retried
 * send is stored once.
 */
export const messageContentFields = {
  id: entityIdSchema,
  text: z.string().trim().max(CHAT_MESSAGE_MAX_LENGTH, `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`).default(''),
  mediaIds: z
    .array(entityIdSchema)
    .max(MESSAGE_MEDIA_MAX, `A message carries at most ${MESSAGE_MEDIA_MAX} media items.`)
    .refine((ids) => new Set(ids).size === ids.length, 'The same media item is attached twice.')
    .default([]),
  /** Pay-per-view: the recipient pays this to see the media; only a message with media has one. */
  price: contentPriceSchema.nullable().default(null),
};

/** A message needs text or media, and only one with media has a price. */
export function refineMessageContent<T extends z.ZodType<{ text: string; mediaIds: string[]; price: unknown }>>(schema: T) {
  return schema
    .refine((message) => message.text.length > 0 || message.mediaIds.length > 0, { message: 'Write a message first.', path: ['text'] })
    .refine((message) => message.price === null || message.mediaIds.length > 0, {
      message: 'Only a message with media can have a price.',
      path: ['price'],
    });
}

/** A message as the sender writes it: text or media, one of the two at least. */
export const sendMessageSchema = refineMessageContent(z.object(messageContentFields));

/** Paying for a message's media, with a saved method; the key is made once per attempt, so a retry never charges twice. */
export const unlockMessageSchema = z.object({
  paymentMethodId: entityIdSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const messageParamsSchema = z.object({ chatId: entityIdSchema, messageId: entityIdSchema });

export const markReadSchema = z.object({ messageId: entityIdSchema });

const pageQuery = (defaultSize: number) =>
  z.object({
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(defaultSize),
  });
export const chatsPageQuerySchema = pageQuery(CHATS_PAGE_SIZE);
export const messagesPageQuerySchema = pageQuery(CHAT_HISTORY_PAGE_SIZE);
export const chatPartnersQuerySchema = pageQuery(CHATS_PAGE_SIZE).extend({ q: z.string().trim().max(100).optional() });

export const chatMessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  text: z.string(),
  /** The same shape as a post's media; the URLs serve the chat's two participants only. */
  media: z.array(postMediaSchema),
  /** What the recipient pays to see the media, or null when it is free. */
  price: contentPriceSchema.nullable(),
  /** The viewer sees the media in full (their own message, a free one, or one they paid for); else only blurred. */
  unlocked: z.boolean(),
  /** A priced message the recipient paid for (the sender sees which of theirs were bought). */
  paid: z.boolean(),
  /** The tip this message is, with its text as the tip's message; null for a plain message. */
  tip: messageTipSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The last message of a chat, as the chat list shows it. */
export const chatMessagePreviewSchema = chatMessageSchema
  .omit({ media: true, unlocked: true, paid: true })
  .extend({ mediaCount: z.number().int().min(0) });
export type ChatMessagePreview = z.infer<typeof chatMessagePreviewSchema>;

export const chatSummarySchema = z.object({
  id: z.string(),
  partner: creatorSummarySchema,
  state: z.enum(['open', 'read_only', 'blocked']),
  /** The partner sells a plan with chat: subscribing to it is the viewer's way to open a read-only chat. */
  partnerOffersChat: z.boolean(),
  lastMessage: chatMessagePreviewSchema.nullable(),
  /** Messages from the partner after the viewer's last read one. */
  unread: z.number().int().min(0),
  /** The last message of the viewer's that the partner has read (read receipts). */
  partnerLastReadMessageId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatsPageSchema = z.object({ items: z.array(chatSummarySchema), nextCursor: z.string().nullable() });
export type ChatsPage = z.infer<typeof chatsPageSchema>;

/** Newest first; the web shows them oldest at the top. */
export const messagesPageSchema = z.object({ items: z.array(chatMessageSchema), nextCursor: z.string().nullable() });
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** Someone the viewer may chat with, and the chat they already have, if any. */
export const chatPartnerSchema = creatorSummarySchema.extend({ chatId: z.string().nullable() });
export type ChatPartner = z.infer<typeof chatPartnerSchema>;
export const chatPartnersPageSchema = z.object({ items: z.array(chatPartnerSchema), nextCursor: z.string().nullable() });
export type ChatPartnersPage = z.infer<typeof chatPartnersPageSchema>;

export const unreadChatsSchema = z.object({ total: z.number().int().min(0) });

/**
 * Events on a chat's realtime channel (`chat:<id>`), which both participants hear. They carry
 * ids only, never a message: a message looks different to each side (a paid one is blurred for
 * the recipient until they pay), so each reads it as they may see it from the API
 * (`GET /api/chats/:chatId/messages/:messageId`).
 */
export const CHAT_EVENTS = {
  /** A message was stored; data: `ChatMessageEvent`. The sender's own device already has it from the send's answer. */
  messageCreated: 'message.created',
  /** A participant read up to a message; data: { userId, messageId }. */
  read: 'chat.read',
  /** A participant is typing; never stored. data: { userId }. */
  typing: 'chat.typing',
  /** The recipient paid for a message's media; data: { messageId, userId }. Each side reads the message again. */
  messageUnlocked: 'message.unlocked',
} as const;

/** What `message.created` says: which message came, and from whom. */
export interface ChatMessageEvent {
  chatId: string;
  messageId: string;
  senderId: string;
}
