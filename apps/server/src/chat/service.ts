import {
  CHAT_EVENTS,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatMessagePreview,
  type ChatPartnersPage,
  type ChatSummary,
  type ChatsPage,
  type ContentPrice,
  chatState,
  entityIdSchema,
  generateId,
  type MessageMediaAccess,
  type MessagesPage,
  type MessageTip,
  mayFetchMessageDerivative,
  messageMediaAccess,
  ROLE,
  USER_CHAT_EVENT,
  userChannel,
} from '@aurum/core';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { hasRoleSql } from '../access/access.js';
import { blockedEitherWaySql } from '../blocks/service.js';
import type { Database, Executor } from '../db/database.js';
import { messageMediaLinks } from '../db/message-media.js';
import { chatParticipants, chats, media, messageMedia, messages, messageUnlocks, users } from '../db/schema.js';
import { containsPattern } from '../db/search-pattern.js';
import { errors } from '../http/errors.js';
import { type KeyShape, keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { TextCheck } from '../http/text-check.js';
import { mediaItemForViewer } from '../media/media-items.js';
import { messageMediaUrl, profileImageUrl } from '../media/media-urls.js';
import type { ChargeRow, ChargesService } from '../payments/charges.js';
import type { PaymentsService } from '../payments/service.js';
import { LocalRate } from '../rate-limit/local-rate.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { TipInChat } from '../tips/service.js';
import { chatPerkSql } from './chat-sql.js';
import {
  type ChatStatements,
  type MessageRow,
  messageColumns,
  messageRevealedSql,
  type PreviewRow,
  type SummaryRow,
} from './statements.js';

export interface ChatServiceDeps {
  db: Database;
  now: () => Date;
  statements: ChatStatements;
  realtime: Pick<RealtimeHub, 'publish' | 'authorize'>;
  /** Told of a new message inside the sending transaction (push notifications are enqueued), and once it has committed. */
  onMessage?: {
    inTransaction(message: { id: string; chatId: string; senderId: string; recipientId: string }, tx: Executor): Promise<void>;
    afterCommit(): void;
  };
  logger: Logger;
  /** Paid messages are charged through the charges module, with the member's saved methods. */
  charges: ChargesService;
  payments: PaymentsService;
  /** The restricted words check on a message's text. */
  checkText?: TextCheck;
}

const chatChannel = (chatId: string) => `chat:${chatId}` as const;
const iso = (value: string | Date) => new Date(value).toISOString();
/** The partners list's key: the handle ('' for none) and the user's id. */
const partnerKey: KeyShape<string> = z.tuple([z.string(), entityIdSchema]);

/**
 * Chats between a member and a creator whose plan includes chat (spec section 6). Who may send
 * is core's `chatState`, from facts computed in SQL (`chat-sql.ts`); lists are one prepared
 * statement each (`statements.ts`). Changes are announced on the chat's realtime channel and,
 * for unread counts, on the partner's own channel.
 */
/** A typing announcement goes out at most this often per member and chat (the app sends one every 3 s while typing). */
const TYPING_MIN_INTERVAL_MS = 2000;

export class ChatService {
  private readonly typingAnnounced = new LocalRate({ limit: 1, windowMs: TYPING_MIN_INTERVAL_MS });

  constructor(private readonly deps: ChatServiceDeps) {
    deps.realtime.authorize('chat', (viewer, chatId) => this.isParticipant(viewer.userId, chatId));
  }

  /** The viewer's chats, the one that moved last first. */
  async list(viewerId: string, page: PageRequest): Promise<ChatsPage> {
    const rows = await this.deps.statements.page.run({
      viewer: viewerId,
      now: this.deps.now().toISOString(),
      ...keysetStart(page, timeKey),
    });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [iso(row.activity_at), row.chat_id]);
    return { items: items.map(toSummary), nextCursor };
  }

  /** One chat of the viewer's; anyone else's is not found. */
  async get(viewerId: string, chatId: string): Promise<ChatSummary> {
    const [row] = await this.deps.statements.one.run({ viewer: viewerId, now: this.deps.now().toISOString(), chat: chatId });
    if (!row) throw errors.notFound('Chat');
    return toSummary(row);
  }

  /** Opens the chat with a partner the viewer may chat with, or returns the one they have. */
  async start(viewerId: string, partnerId: string): Promise<ChatSummary> {
    if (partnerId === viewerId) throw errors.cannotChatWithSelf();
    const facts = await this.pairFacts(this.deps.db, viewerId, partnerId);
    if (!facts) throw errors.notFound('User');
    const state = chatState(facts);
    if (state === 'blocked') throw errors.chatBlocked();
    if (state === 'read_only') throw errors.chatNotAllowed();
    const [low, high] = [viewerId, partnerId].sort() as [string, string];
    const chatId = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.now();
      await tx
        .insert(chats)
        .values({ id: generateId(now.getTime()), userLow: low, userHigh: high, createdAt: now })
        .onConflictDoNothing({ target: [chats.userLow, chats.userHigh] });
      const [chat] = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userLow, low), eq(chats.userHigh, high)));
      const id = (chat as { id: string }).id;
      await tx
        .insert(chatParticipants)
        .values([
          { chatId: id, userId: low, partnerId: high, activityAt: now },
          { chatId: id, userId: high, partnerId: low, activityAt: now },
        ])
        .onConflictDoNothing();
      return id;
    });
    return this.get(viewerId, chatId);
  }

  /** A page of a chat's messages, newest first. */
  async history(viewerId: string, chatId: string, page: PageRequest): Promise<MessagesPage> {
    const rows = await this.deps.statements.history.run({ viewer: viewerId, chat: chatId, ...keysetStart(page, timeKey) });
    if (rows.length === 0 && !(await this.isParticipant(viewerId, chatId))) throw errors.notFound('Chat');
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [iso(row.created_at), row.id]);
    return { items: items.map((row) => toMessage(row, chatId, viewerId)), nextCursor };
  }

  /**
   * Stores a message while the chat is open, with media from a creator's own uploads. The id
   * comes from the sender's device, so sending it again (a retry after a lost answer) returns
   * the stored message instead of a second one.
   */
  async send(
    viewerId: string,
    chatId: string,
    input: { id: string; text: string; mediaIds: string[]; price?: ContentPrice | null },
  ): Promise<ChatMessage> {
    await this.deps.checkText?.({ text: input.text });
    const price = input.mediaIds.length > 0 ? (input.price ?? null) : null;
    const { stored, partnerId, created } = await this.deps.db.transaction(async (tx) => {
      const side = await this.writingSide(tx, viewerId, chatId);
      if (input.mediaIds.length > 0) await this.checkAttachable(tx, viewerId, side.isCreator, input.mediaIds);
      const inserted = await this.storeNew(
        tx,
        {
          id: input.id,
          chatId,
          senderId: viewerId,
          body: input.text,
          priceMinor: price?.amountMinor ?? null,
          currency: price?.currency ?? null,
          createdAt: this.deps.now(),
        },
        side.partnerId,
        input.mediaIds,
      );
      if (!inserted) {
        const existing = await this.storedMessage(tx, input.id, viewerId);
        if (!existing || existing.sender_id !== viewerId || existing.chatId !== chatId) throw errors.messageIdTaken();
        return { stored: existing, partnerId: side.partnerId, created: false };
      }
      const stored = (await this.storedMessage(tx, input.id, viewerId)) as StoredMessage;
      return { stored, partnerId: side.partnerId, created: true };
    });
    if (created) this.announceNew(chatId, stored.id, viewerId, partnerId);
    return toMessage(stored, chatId, viewerId);
  }

  /**
   * Stores a new message (once: false when its id is already taken) with its media, moves the
   * chat up both lists, tells `onMessage` (push) and counts the sender's own message as read.
   */
  private async storeNew(
    tx: Executor,
    message: typeof messages.$inferInsert & { createdAt: Date },
    recipientId: string,
    mediaIds: readonly string[] = [],
  ): Promise<boolean> {
    const { id, chatId, senderId, createdAt: at } = message;
    const [inserted] = await tx
      .insert(messages)
      .values(message)
      .onConflictDoNothing({ target: messages.id })
      .returning({ id: messages.id });
    if (!inserted) return false;
    if (mediaIds.length > 0)
      await tx.insert(messageMedia).values(mediaIds.map((mediaId, position) => ({ messageId: id, position, mediaId })));
    await tx.update(chatParticipants).set({ activityAt: at }).where(eq(chatParticipants.chatId, chatId));
    await this.deps.onMessage?.inTransaction({ id, chatId, senderId, recipientId }, tx);
    await tx
      .update(chatParticipants)
      .set({ lastReadAt: at, lastReadMessageId: id })
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, senderId)));
    return true;
  }

  /** After a new message committed: its push goes out, and both sides hear of it. */
  private announceNew(chatId: string, messageId: string, senderId: string, recipientId: string): void {
    this.deps.onMessage?.afterCommit();
    // Both sides hear the channel and see a paid message differently: the event names it, each reads it (`message`).
    const event: ChatMessageEvent = { chatId, messageId, senderId };
    this.deps.realtime.publish(chatChannel(chatId), CHAT_EVENTS.messageCreated, event);
    this.deps.realtime.publish(userChannel(recipientId), USER_CHAT_EVENT, { chatId });
  }

  /**
   * Where a tip may be given in a chat (tips ask through the composition root): the tipper's own
   * chat with the creator, open for the tipper to write in, since the tip shows there as their message.
   */
  async assertTipPlace(executor: Executor, tipperId: string, chatId: string, creatorId: string): Promise<void> {
    const side = await this.writingSide(executor, tipperId, chatId);
    if (side.partnerId !== creatorId) throw errors.notFound('Chat');
  }

  /** A paid tip given in a chat becomes the tipper's message there (id and text the tip's), once; in the settling transaction. */
  async recordTip(tx: Executor, tip: TipInChat): Promise<void> {
    const chatId = await this.chatOfPair(tx, tip.tipperId, tip.creatorId);
    if (!chatId) return;
    const message = { id: tip.id, chatId, senderId: tip.tipperId, body: tip.message ?? '', tipId: tip.id, createdAt: tip.paidAt };
    await this.storeNew(tx, message, tip.creatorId);
  }

  /** After a chat tip's payment committed: announced like a sent message. */
  announceTip(tip: TipInChat): void {
    void this.chatOfPair(this.deps.db, tip.tipperId, tip.creatorId)
      .then((chatId) => chatId && this.announceNew(chatId, tip.id, tip.tipperId, tip.creatorId))
      .catch((error: unknown) => this.deps.logger.warn({ err: error, tipId: tip.id }, 'could not announce a tip in a chat'));
  }

  /** The one chat of two users, if they have one. */
  private async chatOfPair(executor: Executor, userId: string, otherId: string): Promise<string | null> {
    const [low, high] = [userId, otherId].sort() as [string, string];
    const [chat] = await executor
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userLow, low), eq(chats.userHigh, high)));
    return chat?.id ?? null;
  }

  /**
   * Pays for a paid message's media with a saved method, through the charges module: a pending
   * `paid_message` charge is begun in the transaction that checked the request, then settled
   * while the member waits; the unlock is the charge's effect (`charge-effects.ts`). The key is
   * the browser's per attempt, so a retry returns the first outcome and never charges twice.
   */
  async unlock(
    viewerId: string,
    chatId: string,
    messageId: string,
    input: { paymentMethodId: string; idempotencyKey: string },
  ): Promise<ChatMessage> {
    const { db, payments, charges: chargesModule } = this.deps;
    payments.assertAvailable();
    const key = `paid_message:${viewerId}:${input.idempotencyKey}`;
    let charge = await chargesModule.byKey(db, key);
    if (charge && (charge.kind !== 'paid_message' || charge.messageId !== messageId)) throw errors.unlockKeyReused();
    if (!charge) {
      const message = await this.messageForUnlock(db, viewerId, chatId, messageId);
      const method = await payments.ownMethod(viewerId, input.paymentMethodId);
      await payments.customerRef(viewerId);
      // One unlock at a time per member, so two quick taps cannot pay for the same message twice.
      charge = await chargesModule.beginOnce(viewerId, key, async (tx) => {
        const facts = await this.messageForUnlock(tx, viewerId, chatId, messageId);
        if (facts.unlocked) throw errors.messageAlreadyUnlocked();
        await chargesModule.assertNoneInFlight(
          tx,
          viewerId,
          'paid_message',
          { messageId },
          'A payment for this message is still being processed. Try again in a minute.',
        );
        return chargesModule.begin(tx, {
          kind: 'paid_message',
          idempotencyKey: key,
          userId: viewerId,
          creatorId: message.senderId,
          paymentMethodId: method.id,
          amountMinor: message.priceMinor,
          currency: message.currency,
          messageId,
        });
      });
    }
    await chargesModule.settleNow(charge.id);
    const stored = await this.storedMessage(db, messageId, viewerId);
    if (!stored) throw errors.notFound('Message');
    return toMessage(stored, chatId, viewerId);
  }

  /** What a paid charge for a message buys: the member's unlock, once; written in the charge's settling transaction. */
  async recordUnlock(tx: Executor, charge: ChargeRow, paidAt: Date): Promise<void> {
    if (!charge.messageId) throw new Error(`paid_message charge ${charge.id} names no message`);
    await tx
      .insert(messageUnlocks)
      .values({ messageId: charge.messageId, userId: charge.userId, chargeId: charge.id, createdAt: paidAt })
      .onConflictDoNothing();
  }

  /** A refunded paid message: its media locks again for the member (they may pay for it anew). */
  async revokeUnlock(tx: Executor, charge: ChargeRow): Promise<void> {
    await tx.delete(messageUnlocks).where(eq(messageUnlocks.chargeId, charge.id));
  }

  /** After a paid message's charge committed: both sides of the chat read the message again. */
  announceUnlock(charge: ChargeRow): void {
    const { messageId, userId } = charge;
    if (!messageId) return;
    void this.deps.db
      .select({ chatId: messages.chatId })
      .from(messages)
      .where(eq(messages.id, messageId))
      .then(([row]) => {
        if (!row) return;
        this.deps.realtime.publish(chatChannel(row.chatId), CHAT_EVENTS.messageUnlocked, { messageId, userId });
      })
      .catch((error: unknown) => this.deps.logger.warn({ err: error, messageId }, 'could not announce a message unlock'));
  }

  /** A message the viewer may pay for: in their chat, from the partner, with a price; 404/409 otherwise. */
  private async messageForUnlock(executor: Executor, viewerId: string, chatId: string, messageId: string) {
    const [row] = await executor
      .select({
        senderId: messages.senderId,
        priceMinor: messages.priceMinor,
        currency: messages.currency,
        blocked: blockedEitherWaySql(sql`${viewerId}`, sql`${messages.senderId}`),
        unlocked: sql<boolean>`exists (select 1 from ${messageUnlocks} as mu where mu.message_id = ${messages.id} and mu.user_id = ${viewerId})`,
      })
      .from(messages)
      .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, viewerId)))
      .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)));
    if (!row) throw errors.notFound('Message');
    if (row.senderId === viewerId || row.priceMinor === null || row.currency === null) throw errors.messageNotForSale();
    if (row.unlocked) throw errors.messageAlreadyUnlocked();
    if (row.blocked) throw errors.chatBlocked();
    return { senderId: row.senderId, priceMinor: row.priceMinor, currency: row.currency, unlocked: row.unlocked };
  }

  /** One message of a chat as the viewer sees it (what a participant reads when the chat's channel names it); 404 for anyone else. */
  async message(viewerId: string, chatId: string, messageId: string): Promise<ChatMessage> {
    const result = (await this.deps.db.execute(
      sql`select ${messageColumns(sql`m`, sql`${viewerId}::text`)}
        from ${messages} as m
        where m.id = ${messageId} and m.chat_id = ${chatId} and m.removed_at is null
          and exists (select 1 from ${chatParticipants} as cp where cp.chat_id = m.chat_id and cp.user_id = ${viewerId})`,
    )) as unknown as { rows: MessageRow[] };
    const row = result.rows[0];
    if (!row) throw errors.notFound('Message');
    return toMessage(row, chatId, viewerId);
  }

  /** The media id behind a message's item, for one of the chat's two participants; null for anyone else. */
  async servableMedia(
    viewerId: string,
    chatId: string,
    messageId: string,
    position: number,
  ): Promise<{ mediaId: string; status: string; access: MessageMediaAccess } | null> {
    const [row] = await this.deps.db
      .select({
        mediaId: media.id,
        status: media.status,
        senderId: messages.senderId,
        priceMinor: messages.priceMinor,
        // The same rule as the history's statement, in SQL: the message's media shows in full to this viewer.
        revealed: messageRevealedSql(sql.raw('"messages"'), sql`${viewerId}::text`),
        paid: sql<boolean>`exists (select 1 from ${messageUnlocks} as mu where mu.message_id = ${messages.id} and mu.user_id = ${viewerId})`,
      })
      .from(messages)
      .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, viewerId)))
      .innerJoin(
        media,
        eq(
          media.id,
          sql`(select link.media_id from ${messageMediaLinks(sql.raw('"messages"'))} as link where link.position = ${position})`,
        ),
      )
      .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId), isNull(messages.removedAt)));
    if (!row) return null;
    const access = messageMediaAccess({
      viewerIsParticipant: true,
      viewerIsSender: row.senderId === viewerId,
      priceMinor: row.priceMinor,
      paid: row.paid,
    });
    // Both must agree to reveal: the SQL's answer and core's.
    return { mediaId: row.mediaId, status: row.status, access: access === 'full' && !row.revealed ? 'blurred' : access };
  }

  /** Moves the viewer's read position forward to a message of the chat (never back). */
  async markRead(viewerId: string, chatId: string, messageId: string): Promise<void> {
    const [target] = await this.deps.db
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, viewerId)))
      .where(and(eq(messages.id, messageId), eq(messages.chatId, chatId)));
    if (!target) {
      if (!(await this.isParticipant(viewerId, chatId))) throw errors.notFound('Chat');
      throw errors.notFound('Message');
    }
    const moved = await this.deps.db
      .update(chatParticipants)
      .set({ lastReadAt: target.createdAt, lastReadMessageId: target.id })
      .where(
        and(
          eq(chatParticipants.chatId, chatId),
          eq(chatParticipants.userId, viewerId),
          sql`(${chatParticipants.lastReadAt} is null or (${target.createdAt.toISOString()}::timestamptz, ${target.id}::text) > (${chatParticipants.lastReadAt}, ${chatParticipants.lastReadMessageId}))`,
        ),
      )
      .returning({ userId: chatParticipants.userId });
    if (moved.length === 0) return;
    this.deps.realtime.publish(chatChannel(chatId), CHAT_EVENTS.read, { userId: viewerId, messageId });
    this.deps.realtime.publish(userChannel(viewerId), USER_CHAT_EVENT, { chatId });
  }

  /**
   * Tells the partner the viewer is typing (nothing is stored), only where the viewer may write:
   * a block either way refuses it like a message. Announced at most once per TYPING_MIN_INTERVAL_MS
   * per viewer and chat on this instance; more often (the app sends every 3 s) is let go quietly.
   */
  async typing(viewerId: string, chatId: string): Promise<void> {
    await this.writingSide(this.deps.db, viewerId, chatId);
    if (!this.typingAnnounced.allow(`${viewerId} ${chatId}`, this.deps.now().getTime())) return;
    this.deps.realtime.publish(chatChannel(chatId), CHAT_EVENTS.typing, { userId: viewerId });
  }

  /** Everyone the viewer may chat with now, by handle, searched by handle or public name. */
  async partners(viewerId: string, request: PageRequest & { q?: string | undefined }): Promise<ChatPartnersPage> {
    const rows = await this.deps.statements.partners.run({
      viewer: viewerId,
      now: this.deps.now().toISOString(),
      pattern: containsPattern(request.q),
      ...keysetStart(request, partnerKey),
    });
    const { items, nextCursor } = keysetPage(rows, request.limit, (row) => [row.handle ?? '', row.user_id]);
    return {
      items: items.map((row) => ({
        userId: row.user_id,
        handle: row.handle,
        publicName: row.public_name,
        avatarColor: row.avatar_color,
        avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
        chatId: row.chat_id,
      })),
      nextCursor,
    };
  }

  /** Unread messages over all the viewer's chats: the Chat item's badge. */
  async unreadTotal(viewerId: string): Promise<{ total: number }> {
    const [row] = await this.deps.statements.unread.run({ viewer: viewerId });
    return { total: row?.total ?? 0 };
  }

  /**
   * The viewer's side of a chat they may write in now (core's `chatState` is open): their partner
   * and whether they are a creator. 404 outside the chat; chat_blocked or chat_read_only otherwise.
   */
  private async writingSide(executor: Executor, viewerId: string, chatId: string): Promise<{ partnerId: string; isCreator: boolean }> {
    const [side] = await executor
      .select({
        partnerId: chatParticipants.partnerId,
        chatPerk: chatPerkSql(sql`${viewerId}`, sql`${chatParticipants.partnerId}`, sql`${this.deps.now().toISOString()}::timestamptz`),
        blocked: blockedEitherWaySql(sql`${viewerId}`, sql`${chatParticipants.partnerId}`),
        isCreator: sql<boolean>`exists (select 1 from ${users} as sender where sender.id = ${viewerId} and ${hasRoleSql(sql`sender.labels`, ROLE.creators)})`,
      })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, viewerId)));
    if (!side) throw errors.notFound('Chat');
    const state = chatState(side);
    if (state === 'blocked') throw errors.chatBlocked();
    if (state === 'read_only') throw errors.chatReadOnly();
    return side;
  }

  private async isParticipant(userId: string, chatId: string): Promise<boolean> {
    const rows = await this.deps.db
      .select({ chatId: chatParticipants.chatId })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, userId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The facts for a pair without a chat yet, or null when the partner is unknown. */
  private async pairFacts(executor: Executor, viewerId: string, partnerId: string) {
    const [row] = await executor
      .select({
        chatPerk: chatPerkSql(sql`${viewerId}`, sql`${partnerId}`, sql`${this.deps.now().toISOString()}::timestamptz`),
        blocked: blockedEitherWaySql(sql`${viewerId}`, sql`${partnerId}`),
      })
      .from(users)
      .where(eq(users.id, partnerId));
    return row ?? null;
  }

  /** Only creators attach media, and only their own uploads that did not fail. */
  private async checkAttachable(executor: Executor, viewerId: string, isCreator: boolean, mediaIds: string[]): Promise<void> {
    if (!isCreator) throw errors.creatorRequired({ message: 'Only creators can attach media to messages.' });
    const owned = await executor
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, mediaIds), eq(media.ownerId, viewerId), ne(media.status, 'failed')))
      // Held until the message is stored, so the purge of unused media cannot delete them meanwhile.
      .for('share');
    if (owned.length !== mediaIds.length) throw errors.notFound('Media');
  }

  /** A stored message with its media, or null; inside the caller's transaction, so it sees what the transaction wrote. */
  private async storedMessage(executor: Executor, id: string, viewerId: string): Promise<StoredMessage | null> {
    // Raw SQL: inside the query builder's select list drizzle would leave the fragment's columns unqualified.
    const result = (await executor.execute(
      sql`select m.chat_id as "chatId", ${messageColumns(sql`m`, sql`${viewerId}::text`)}
        from ${messages} as m where m.id = ${id}`,
    )) as unknown as { rows: StoredMessage[] };
    return result.rows[0] ?? null;
  }
}

type StoredMessage = MessageRow & { chatId: string };

/** A message as one participant sees it: a paid one they did not pay for shows only blurred media. */
function toMessage(row: MessageRow, chatId: string, viewerId: string): ChatMessage {
  const access = messageMediaAccess({
    viewerIsParticipant: true,
    viewerIsSender: row.sender_id === viewerId,
    priceMinor: row.price_minor,
    paid: row.viewer_paid,
  });
  return {
    id: row.id,
    chatId,
    senderId: row.sender_id,
    text: row.body,
    media: row.media.map((item) =>
      mediaItemForViewer(item, (kind) =>
        mayFetchMessageDerivative(access, kind) ? messageMediaUrl(chatId, row.id, item.position, kind, item.mediaId) : null,
      ),
    ),
    price: priceOf(row),
    unlocked: access === 'full',
    paid: row.paid,
    tip: tipOf(row),
    createdAt: iso(row.created_at),
  };
}

function toPreview(row: PreviewRow, chatId: string): ChatMessagePreview {
  return {
    id: row.id,
    chatId,
    senderId: row.sender_id,
    text: row.body,
    mediaCount: row.media_count,
    price: priceOf(row),
    tip: tipOf(row),
    createdAt: iso(row.created_at),
  };
}

function tipOf(row: Pick<MessageRow, 'tip'>): MessageTip | null {
  return row.tip && { amountMinor: row.tip.amountMinor, currency: row.tip.currency as MessageTip['currency'] };
}

function priceOf(row: Pick<MessageRow, 'price_minor' | 'currency'>): ContentPrice | null {
  return row.price_minor !== null && row.currency !== null
    ? { amountMinor: row.price_minor, currency: row.currency as ContentPrice['currency'] }
    : null;
}

function toSummary(row: SummaryRow): ChatSummary {
  return {
    id: row.chat_id,
    partner: {
      userId: row.partner_id,
      handle: row.handle,
      publicName: row.public_name,
      avatarColor: row.avatar_color,
      avatarUrl: profileImageUrl(row.partner_id, 'avatar', row.avatar_media_id),
    },
    state: chatState({ chatPerk: row.chat_perk, blocked: row.blocked }),
    partnerOffersChat: row.partner_offers_chat,
    lastMessage: row.last_message ? toPreview(row.last_message, row.chat_id) : null,
    unread: row.unread,
    partnerLastReadMessageId: row.partner_last_read_message_id,
    createdAt: iso(row.created_at),
  };
}
