import { creatorSummarySchema, entityIdSchema, pageCursorSchema, postMediaSchema } from './posts.js';
import { z } from './zod-config.js';

/** The longest message text, in characters after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHATS_PAGE_SIZE = 20;
export const CHAT_HISTORY_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 50;
/** The most media items one message carries. */
export const MESSAGE_MEDIA_MAX = 10;

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
 * A message as the sender writes it: text, and for creators media from their own uploads; one
 * of the two at least. The id is chosen by the sender, so a retried send is stored once.
 */
export const sendMessageSchema = z
  .object({
    id: entityIdSchema,
    text: z.string().trim().max(CHAT_MESSAGE_MAX_LENGTH, `Messages are at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`).default(''),
    mediaIds: z
      .array(entityIdSchema)
      .max(MESSAGE_MEDIA_MAX, `A message carries at most ${MESSAGE_MEDIA_MAX} media items.`)
      .refine((ids) => new Set(ids).size === ids.length, 'The same media item is attached twice.')
      .default([]),
  })
  .refine((message) => message.text.length > 0 || message.mediaIds.length > 0, { message: 'Write a message first.', path: ['text'] });

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
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The last message of a chat, as the chat list shows it. */
export const chatMessagePreviewSchema = chatMessageSchema.omit({ media: true }).extend({ mediaCount: z.number().int().min(0) });
export type ChatMessagePreview = z.infer<typeof chatMessagePreviewSchema>;

export const chatSummarySchema = z.object({
  id: z.string(),
  partner: creatorSummarySchema,
  state: z.enum(['open', 'read_only', 'blocked']),
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

/** Events on a chat's realtime channel (`chat:<id>`). */
export const CHAT_EVENTS = {
  /** A message was stored; data: the message. */
  messageCreated: 'message.created',
  /** A participant read up to a message; data: { userId, messageId }. */
  read: 'chat.read',
  /** A participant is typing; never stored. data: { userId }. */
  typing: 'chat.typing',
} as const;
