import { setImmediate } from 'node:timers/promises';
import {
  CHAT_EVENTS,
  type ChatMessageEvent,
  type ContentPrice,
  DAY_MS,
  type FanListRef,
  fanListRefSchema,
  MASS_MESSAGE_SCHEDULE_MAX_DAYS,
  type MassMessage,
  type MassMessageDetails,
  type MassMessageStatus,
  type MassMessagesPage,
  type massMessageInputSchema,
  USER_CHAT_EVENT,
  userChannel,
} from '@aurum/core';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import {
  chatParticipants,
  fanLists,
  massMessageBatches,
  massMessageMedia,
  massMessages,
  media,
  messages,
  messageUnlocks,
  plans,
  users,
} from '../db/schema.js';
import { analyzeOutgrown } from '../db/statistics.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { TextCheck } from '../http/text-check.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RealtimeEvent, RealtimeHub } from '../realtime/hub.js';
import { audienceSql, type DeliveredCopy, deliverBatch, writeRecipients } from './delivery.js';
import type { MassMessageRow, MassMessageStatements } from './statements.js';

export const DELIVER_JOB = 'mass-message.deliver';
/** Copies announced between two turns of the event loop. */
const ANNOUNCED_PER_TURN = 50;
/** The tables a mass message's copies go into. */
const GROWN_TABLES = ['chats', 'chat_participants', 'messages'];

export interface MassMessagesServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  statements: MassMessageStatements;
  realtime: Pick<RealtimeHub, 'publish' | 'publishMany'>;
  /** The restricted words check on the message's text. */
  checkText?: TextCheck;
  /** Told of each delivered batch inside its transaction (push notifications are enqueued), and once it committed. */
  onBatch?: {
    inTransaction(batch: { massMessageId: string; batch: number; recipientIds: string[] }, tx: Executor): Promise<void>;
    afterCommit(): void;
  };
}

/**
 * A creator's mass messages: written with their lists and media, then delivered by a durable job
 * (`mass-message.deliver`, in the `bulk` lane, so it never takes the slots of mail and payments):
 * recipients are resolved once when sending begins, then copies are written a batch at a time
 * (`delivery.ts`), each batch announced live to its recipients once it committed. A crash loses
 * at most the batch in flight, which the job's next run writes again.
 */
export class MassMessagesService {
  constructor(private readonly deps: MassMessagesServiceDeps) {
    deps.jobs.register(DELIVER_JOB, {
      payload: z.object({ massMessageId: z.string() }),
      run: (payload, job) => this.deliver(payload.massMessageId, job.signal),
      lane: 'bulk',
      maxAttempts: 10,
    });
  }

  /**
   * Writes a mass message to send now or at `sendAt`, with media from the creator's own uploads,
   * to lists of the creator's own. The id comes from the creator's device: sending it again
   * returns the stored message.
   */
  async create(creatorId: string, input: z.output<typeof massMessageInputSchema>): Promise<MassMessage> {
    await this.deps.checkText?.({ text: input.text });
    const now = this.deps.now();
    const sendAt = input.sendAt ? new Date(input.sendAt) : now;
    if (sendAt.getTime() > now.getTime() + MASS_MESSAGE_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw errors.validationFailed({
        message: `A mass message can be scheduled at most ${MASS_MESSAGE_SCHEDULE_MAX_DAYS} days ahead.`,
        details: [{ path: 'sendAt', message: `At most ${MASS_MESSAGE_SCHEDULE_MAX_DAYS} days ahead` }],
      });
    }
    const existing = await this.stored(input.id);
    if (existing) {
      if (existing.creator_id !== creatorId) throw errors.messageIdTaken();
      return toMassMessage(existing);
    }
    await this.assertOwnLists(creatorId, [...input.include, ...input.exclude]);
    const price: ContentPrice | null = input.mediaIds.length > 0 ? input.price : null;
    await this.deps.db.transaction(async (tx) => {
      if (input.mediaIds.length > 0) await this.assertOwnMedia(tx, creatorId, input.mediaIds);
      const [inserted] = await tx
        .insert(massMessages)
        .values({
          id: input.id,
          creatorId,
          body: input.text,
          priceMinor: price?.amountMinor ?? null,
          currency: price?.currency ?? null,
          include: input.include,
          exclude: input.exclude,
          status: 'scheduled',
          // Never before now: copies sit after what the creator already wrote.
          sendAt: sendAt < now ? now : sendAt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: massMessages.id });
      if (!inserted) return;
      if (input.mediaIds.length > 0) {
        await tx
          .insert(massMessageMedia)
          .values(input.mediaIds.map((mediaId, position) => ({ massMessageId: input.id, position, mediaId })));
      }
      await this.deps.jobs.enqueue(DELIVER_JOB, { massMessageId: input.id }, { id: `${DELIVER_JOB}:${input.id}`, runAt: sendAt }, tx);
    });
    this.deps.jobs.wake();
    const stored = await this.stored(input.id);
    if (!stored || stored.creator_id !== creatorId) throw errors.messageIdTaken();
    return toMassMessage(stored);
  }

  /** How many fans a mass message to these lists would reach now. */
  async audience(creatorId: string, include: readonly string[], exclude: readonly string[]): Promise<{ recipients: number }> {
    await this.assertOwnLists(creatorId, [...include, ...exclude]);
    const result = (await this.deps.db.execute(
      sql`select count(*)::integer as count from (${audienceSql(creatorId, include, exclude, this.deps.now())}) as reached`,
    )) as unknown as { rows: { count: number }[] };
    return { recipients: result.rows[0]?.count ?? 0 };
  }

  /** The creator's mass messages, newest first. */
  async list(creatorId: string, page: PageRequest): Promise<MassMessagesPage> {
    const rows = await this.deps.statements.page.run({ creator: creatorId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toMassMessage), nextCursor };
  }

  /** One of the creator's mass messages with what came of it: read, bought, earned. */
  async details(creatorId: string, id: string): Promise<MassMessageDetails> {
    const [row] = await this.deps.statements.details.run({ creator: creatorId, id });
    if (!row) throw errors.notFound('Mass message');
    return {
      ...toMassMessage(row),
      read: row.read,
      bought: row.bought,
      earned: row.currency ? { amountMinor: row.earned_minor, currency: row.currency as ContentPrice['currency'] } : null,
    };
  }

  /**
   * Takes a mass message back: nothing more is delivered, and the copies nobody has read or bought
   * leave their chats (a copy read or bought stays: what a member saw or paid for is theirs).
   */
  async unsend(creatorId: string, id: string): Promise<MassMessageDetails> {
    const now = this.deps.now();
    const removed = await this.deps.db.transaction(async (tx) => {
      // The row's lock orders this with a delivery batch: none starts after it.
      const [row] = await tx
        .select({ status: massMessages.status })
        .from(massMessages)
        .where(and(eq(massMessages.id, id), eq(massMessages.creatorId, creatorId)))
        .for('update');
      if (!row) throw errors.notFound('Mass message');
      if (row.status === 'unsent') return [];
      await tx.update(massMessages).set({ status: 'unsent', unsentAt: now }).where(eq(massMessages.id, id));
      // The recipients not reached yet are reached no more.
      await tx.delete(massMessageBatches).where(eq(massMessageBatches.massMessageId, id));
      const result = (await tx.execute(sql`update ${messages} as m set removed_at = ${now.toISOString()}::timestamptz
        from ${chatParticipants} as cp
        where m.mass_message_id = ${id} and m.removed_at is null
          and cp.chat_id = m.chat_id and cp.user_id <> m.sender_id
          and not exists (select 1 from ${messageUnlocks} as mu where mu.message_id = m.id)
          and (cp.last_read_at is null or (cp.last_read_at, cp.last_read_message_id) < (m.created_at, m.id))
        returning m.chat_id as "chatId", m.id as "messageId", cp.user_id as "recipientId"`)) as unknown as {
        rows: Omit<DeliveredCopy, 'opened'>[];
      };
      return result.rows;
    });
    // Their chat lists and unread counts change: each recipient's devices read them again.
    for (const copy of removed) this.deps.realtime.publish(userChannel(copy.recipientId), USER_CHAT_EVENT, { chatId: copy.chatId });
    return this.details(creatorId, id);
  }

  /** The delivery job: resolves the recipients when sending begins, then writes batches until none is left. */
  private async deliver(massMessageId: string, signal: AbortSignal): Promise<void> {
    const begun = await this.begin(massMessageId);
    if (begun?.status !== 'sending') return;
    // A batch is announced while the next one is written, in order: the database works while the server announces.
    let announced = Promise.resolve();
    try {
      for (let batch = 0; ; batch++) {
        // Stopping between batches: the queue runs the job again, from the next batch.
        if (signal.aborted) throw new Error('mass message delivery interrupted');
        const delivered = await this.deliverNext(massMessageId);
        if (delivered === null) {
          // Nobody to reach (or taken back, which the status check leaves as it is).
          await this.markSent(this.deps.db, massMessageId);
          break;
        }
        announced = announced.then(() => this.announce(delivered.copies, delivered.creatorId, massMessageId));
        if (delivered.last) break;
        // A send that more than doubles the chat tables (a new platform's first big one) gets its statistics right once.
        if (batch === 0) await analyzeOutgrown(this.deps.db, GROWN_TABLES, begun.recipients);
      }
    } finally {
      await announced;
    }
  }

  private async markSent(executor: Executor, massMessageId: string): Promise<void> {
    await executor
      .update(massMessages)
      .set({ status: 'sent', sentAt: this.deps.now() })
      .where(and(eq(massMessages.id, massMessageId), eq(massMessages.status, 'sending')));
  }

  /** A scheduled message's recipients are written and it becomes `sending`, in one transaction; its status and recipients after. */
  private async begin(massMessageId: string): Promise<{ status: MassMessageStatus; recipients: number } | null> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(massMessages).where(eq(massMessages.id, massMessageId)).for('update');
      if (!row) return null;
      if (row.status !== 'scheduled') return { status: row.status as MassMessageStatus, recipients: row.recipientCount ?? 0 };
      // A creator whose account was disabled since sends nothing more.
      const [creator] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, row.creatorId));
      if (creator?.disabledAt) {
        await tx.update(massMessages).set({ status: 'unsent', unsentAt: this.deps.now() }).where(eq(massMessages.id, massMessageId));
        return { status: 'unsent', recipients: 0 };
      }
      const count = await writeRecipients(tx, row.id, audienceSql(row.creatorId, row.include, row.exclude, this.deps.now()));
      await tx.update(massMessages).set({ status: 'sending', recipientCount: count }).where(eq(massMessages.id, massMessageId));
      return { status: 'sending', recipients: count };
    });
  }

  /**
   * One batch in one transaction, while the message is still sending (the last one also marks it
   * sent); null when no batch is left or it was taken back.
   */
  private async deliverNext(massMessageId: string): Promise<{ creatorId: string; copies: DeliveredCopy[]; last: boolean } | null> {
    const delivered = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          creatorId: massMessages.creatorId,
          sendAt: massMessages.sendAt,
          batch: massMessages.batches,
          status: massMessages.status,
        })
        .from(massMessages)
        .where(eq(massMessages.id, massMessageId))
        .for('update');
      if (row?.status !== 'sending') return null;
      const written = await deliverBatch(tx, { id: massMessageId, ...row }, this.deps.now());
      if (written === null) return null;
      const { copies, last } = written;
      if (copies.length > 0) {
        const recipientIds = copies.map((copy) => copy.recipientId);
        await this.deps.onBatch?.inTransaction({ massMessageId, batch: row.batch, recipientIds }, tx);
      }
      if (last) await this.markSent(tx, massMessageId);
      return { creatorId: row.creatorId, copies, last };
    });
    if (delivered !== null) this.deps.onBatch?.afterCommit();
    return delivered;
  }

  /**
   * After a batch committed: each recipient's devices hear of their copy, as of any new message,
   * and whoever has the chat open sees it (nobody has one the copy just opened). A slice at a time,
   * letting the server answer requests between slices.
   */
  private async announce(copies: readonly DeliveredCopy[], senderId: string, massMessageId: string): Promise<void> {
    try {
      for (let start = 0; start < copies.length; start += ANNOUNCED_PER_TURN) {
        if (start > 0) await setImmediate();
        this.deps.realtime.publishMany(
          copies.slice(start, start + ANNOUNCED_PER_TURN).flatMap((copy): RealtimeEvent[] => {
            const toRecipient = { channel: userChannel(copy.recipientId), event: USER_CHAT_EVENT, data: { chatId: copy.chatId } };
            if (copy.opened) return [toRecipient];
            const created: ChatMessageEvent = { chatId: copy.chatId, messageId: copy.messageId, senderId };
            return [{ channel: `chat:${copy.chatId}`, event: CHAT_EVENTS.messageCreated, data: created }, toRecipient];
          }),
        );
      }
    } catch (error) {
      this.deps.logger.warn({ err: error, massMessageId }, 'could not announce a batch of a mass message');
    }
  }

  /** Every list named must be a built-in one or the creator's own plan or list; 404 otherwise. */
  private async assertOwnLists(creatorId: string, refs: readonly string[]): Promise<void> {
    const parsed: FanListRef[] = refs.map((ref) => fanListRefSchema.parse(ref));
    const planIds = parsed.flatMap((ref) => (ref.kind === 'plan' ? [ref.planId] : []));
    const listIds = parsed.flatMap((ref) => (ref.kind === 'custom' ? [ref.listId] : []));
    const [ownPlans, ownLists] = await Promise.all([
      planIds.length === 0
        ? []
        : this.deps.db
            .select({ id: plans.id })
            .from(plans)
            .where(and(inArray(plans.id, planIds), eq(plans.creatorId, creatorId))),
      listIds.length === 0
        ? []
        : this.deps.db
            .select({ id: fanLists.id })
            .from(fanLists)
            .where(and(inArray(fanLists.id, listIds), eq(fanLists.creatorId, creatorId))),
    ]);
    if (ownPlans.length !== planIds.length || ownLists.length !== listIds.length) throw errors.notFound('List');
  }

  /** The creator's own uploads that did not fail, held until the message is stored so the purge of unused media cannot take them. */
  private async assertOwnMedia(tx: Executor, creatorId: string, mediaIds: string[]): Promise<void> {
    const owned = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, mediaIds), eq(media.ownerId, creatorId), ne(media.status, 'failed')))
      .for('share');
    if (owned.length !== mediaIds.length) throw errors.notFound('Media');
  }

  private async stored(id: string): Promise<MassMessageRow | null> {
    const [row] = await this.deps.statements.one.run({ id });
    return row ?? null;
  }
}

function toMassMessage(row: MassMessageRow): MassMessage {
  return {
    id: row.id,
    text: row.body,
    mediaCount: row.media_count,
    price:
      row.price_minor !== null && row.currency !== null
        ? { amountMinor: row.price_minor, currency: row.currency as ContentPrice['currency'] }
        : null,
    include: row.include,
    exclude: row.exclude,
    status: row.status as MassMessageStatus,
    sendAt: row.send_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    unsentAt: row.unsent_at,
    recipients: row.recipient_count,
    delivered: row.delivered_count,
  };
}
