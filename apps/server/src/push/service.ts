import {
  displayName,
  generateId,
  notificationExcerpt,
  type PushNotification,
  type PushSubscriptionInput,
  pushNotificationSchema,
} from '@aurum/core';
import { and, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PushSettings } from '../config/config.js';
import type { Database, Executor } from '../db/database.js';
import {
  blocks,
  chatParticipants,
  massMessages,
  messages,
  posts,
  profiles,
  pushSubscriptions,
  subscriptions,
  userData,
  users,
} from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';
import { type JobQueue, PermanentJobError } from '../jobs/queue.js';
import { publicEndpointProblem } from './public-endpoint.js';
import type { PushMessageOptions, PushOutcome, PushTarget, PushTransport } from './sender.js';

const NEW_POST_JOB = 'push.new-post';
const CHAT_MESSAGE_JOB = 'push.chat-message';
const DELIVER_JOB = 'push.deliver';
const MASS_MESSAGE_JOB = 'push.mass-message';

/** A delivered batch of a mass message: its number, and the recipients it wrote a copy for. */
interface MassMessageBatch {
  massMessageId: string;
  batch: number;
  recipientIds: string[];
}
/** Subscriptions read and sent to at a time by a post's fan-out. */
export const PUSH_FAN_OUT_BATCH = 500;
/** Messages in flight at once within a batch. */
const SEND_CONCURRENCY = 16;
/** A message the push service asked to have again later waits at least this long. */
const RETRY_DELAY_MS = 30_000;

const POST_MESSAGE: PushMessageOptions = { ttlSeconds: 24 * 60 * 60, urgency: 'normal' };
const CHAT_MESSAGE: PushMessageOptions = { ttlSeconds: 24 * 60 * 60, urgency: 'high' };

type StoredTarget = PushTarget & { id: string };
/** What sending to a subscription needs, selected from `push_subscriptions`. */
const TARGET_COLUMNS = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

export interface PushServiceDeps {
  db: Database;
  now: () => Date;
  jobs: JobQueue;
  logger: Logger;
  settings: PushSettings;
  transport: PushTransport;
}

/**
 * Web push: the browsers' subscriptions (one per device, kept by endpoint) and the notifications
 * sent to them. Nothing is sent from a request: publishing a post or sending a message enqueues
 * a job in the same transaction, and the job queue sends. A post's job runs at its publish time
 * and fans out to the subscribers who opted in, a batch of subscriptions at a time; a chat
 * message's job sends to the recipient's browsers. A subscription the push service calls gone
 * (404/410) is deleted; a message it asks to have again later (429, 5xx) becomes a job of its
 * own that the queue retries with backoff, so one slow device never holds up the others.
 */
export class PushService {
  constructor(private readonly deps: PushServiceDeps) {
    deps.jobs.register(NEW_POST_JOB, {
      payload: z.object({ postId: z.string(), publishAt: z.iso.datetime() }),
      run: (payload) => this.fanOutPost(payload.postId, new Date(payload.publishAt)),
      maxAttempts: 3,
    });
    deps.jobs.register(CHAT_MESSAGE_JOB, {
      payload: z.object({ messageId: z.string() }),
      run: (payload) => this.sendChatMessage(payload.messageId),
      maxAttempts: 3,
    });
    deps.jobs.register(MASS_MESSAGE_JOB, {
      payload: z.object({ massMessageId: z.string(), batch: z.number().int(), recipientIds: z.array(z.string()) }),
      run: (payload) => this.sendMassMessageBatch(payload),
      maxAttempts: 3,
    });
    deps.jobs.register(DELIVER_JOB, {
      payload: z.object({ subscriptionId: z.string(), notification: pushNotificationSchema }),
      run: (payload) => this.deliverAgain(payload.subscriptionId, payload.notification),
      maxAttempts: 6,
    });
  }

  /** The key browsers subscribe with (PushManager.subscribe's applicationServerKey). */
  publicKey(): string {
    return this.deps.settings.vapidPublicKey;
  }

  /** Stores this browser's subscription for the user; subscribing it again replaces its keys (and its user). */
  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    const problem = this.deps.settings.publicEndpointsOnly ? publicEndpointProblem(input.endpoint) : null;
    if (problem) {
      throw errors.validationFailed({ message: `The push endpoint ${problem}.`, details: [{ path: 'endpoint', message: problem }] });
    }
    const now = this.deps.now();
    const { p256dh, auth } = input.keys;
    await this.deps.db
      .insert(pushSubscriptions)
      .values({ id: generateId(now.getTime()), userId, endpoint: input.endpoint, p256dh, auth, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh, auth, updatedAt: now } });
  }

  /** Forgets this browser's subscription; another user's is left alone. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /**
   * A post was created or rescheduled to go out at `publishAt`: its notifications are sent then.
   * Called inside the post's transaction; the job's id names the time, so a rescheduled post
   * gets a job for its new time and the old one finds the time changed and does nothing.
   */
  async postScheduled(tx: Executor, post: { id: string; publishAt: Date }): Promise<void> {
    await this.deps.jobs.enqueue(
      NEW_POST_JOB,
      { postId: post.id, publishAt: post.publishAt.toISOString() },
      { id: `${NEW_POST_JOB}:${post.id}:${post.publishAt.getTime()}`, runAt: post.publishAt },
      tx,
    );
  }

  /** A chat message was stored: its recipient's browsers are told if they asked to be. Called inside the message's transaction. */
  async messageCreated(tx: Executor, message: { id: string; recipientId: string }): Promise<void> {
    const [wanted] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .innerJoin(userData, and(eq(userData.userId, pushSubscriptions.userId), eq(userData.pushChatMessages, true)))
      .where(eq(pushSubscriptions.userId, message.recipientId))
      .limit(1);
    if (wanted) await this.deps.jobs.enqueue(CHAT_MESSAGE_JOB, { messageId: message.id }, { id: `${CHAT_MESSAGE_JOB}:${message.id}` }, tx);
  }

  /** A batch of a mass message was delivered: one job tells the batch's recipients who asked to be told. Called inside the batch's transaction. */
  async massMessageBatchDelivered(tx: Executor, batch: MassMessageBatch): Promise<void> {
    await this.deps.jobs.enqueue(MASS_MESSAGE_JOB, batch, { id: `${MASS_MESSAGE_JOB}:${batch.massMessageId}:${batch.batch}` }, tx);
  }

  /** Lets the worker pick up jobs enqueued in a transaction that has committed. */
  wake(): void {
    this.deps.jobs.wake();
  }

  /** The notification about a new post: never its text unless everyone signed in may read it. */
  static postNotification(post: { id: string; text: string; access: readonly string[] }, creatorName: string): PushNotification {
    const open = post.access.includes('public') && !post.access.includes('private');
    return {
      kind: 'newPost',
      title: notificationExcerpt(`New post from ${creatorName}`, 120),
      body: open && post.text.trim() ? notificationExcerpt(post.text) : 'Tap to see it.',
      url: `/posts/${encodeURIComponent(post.id)}`,
      tag: `post-${post.id}`,
    };
  }

  private async fanOutPost(postId: string, publishAt: Date): Promise<void> {
    const { db } = this.deps;
    const [post] = await db
      .select({
        id: posts.id,
        creatorId: posts.creatorId,
        text: posts.text,
        access: posts.access,
        publishAt: posts.publishAt,
        handle: profiles.handle,
        publicName: profiles.publicName,
      })
      .from(posts)
      .innerJoin(users, and(eq(users.id, posts.creatorId), isNull(users.disabledAt)))
      .innerJoin(profiles, eq(profiles.userId, posts.creatorId))
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .limit(1);
    // Deleted, rescheduled (a job for the new time exists) or private: nothing to announce.
    if (!post || post.publishAt.getTime() !== publishAt.getTime() || post.access.includes('private')) return;
    const notification = PushService.postNotification(post, displayName(post));
    const now = this.deps.now();
    const creatorId = post.creatorId;
    const subscribers = db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.creatorId, creatorId), grantsAccessSql(subscriptions.validUntil, now)));
    let after: { userId: string; id: string } | null = null;
    for (;;) {
      const batch: (StoredTarget & { userId: string })[] = await db
        .select({ ...TARGET_COLUMNS, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .innerJoin(userData, and(eq(userData.userId, pushSubscriptions.userId), eq(userData.pushNewPosts, true)))
        .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), isNull(users.disabledAt)))
        .where(
          and(
            inArray(pushSubscriptions.userId, subscribers),
            notExists(
              db
                .select({ one: sql`1` })
                .from(blocks)
                .where(
                  or(
                    and(eq(blocks.userId, pushSubscriptions.userId), eq(blocks.blockedUserId, creatorId)),
                    and(eq(blocks.userId, creatorId), eq(blocks.blockedUserId, pushSubscriptions.userId)),
                  ),
                ),
            ),
            after ? sql`(${pushSubscriptions.userId}, ${pushSubscriptions.id}) > (${after.userId}, ${after.id})` : undefined,
          ),
        )
        .orderBy(pushSubscriptions.userId, pushSubscriptions.id)
        .limit(PUSH_FAN_OUT_BATCH);
      await this.sendAll(batch, notification, POST_MESSAGE);
      if (batch.length < PUSH_FAN_OUT_BATCH) return;
      const last = batch[batch.length - 1] as StoredTarget & { userId: string };
      after = { userId: last.userId, id: last.id };
    }
  }

  private async sendChatMessage(messageId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db
      .select({
        chatId: messages.chatId,
        body: messages.body,
        tipId: messages.tipId,
        recipientId: chatParticipants.userId,
        handle: profiles.handle,
        publicName: profiles.publicName,
      })
      .from(messages)
      .innerJoin(
        chatParticipants,
        and(eq(chatParticipants.chatId, messages.chatId), sql`${chatParticipants.userId} <> ${messages.senderId}`),
      )
      .innerJoin(profiles, eq(profiles.userId, messages.senderId))
      .innerJoin(userData, and(eq(userData.userId, chatParticipants.userId), eq(userData.pushChatMessages, true)))
      .innerJoin(users, and(eq(users.id, chatParticipants.userId), isNull(users.disabledAt)))
      .where(eq(messages.id, messageId))
      .limit(1);
    if (!row) return;
    const targets = await db.select(TARGET_COLUMNS).from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.recipientId));
    const name = displayName(row);
    const notification: PushNotification = {
      kind: 'chatMessage',
      title: notificationExcerpt(name, 120),
      body: row.body.trim() ? notificationExcerpt(row.body) : row.tipId ? 'Sent you a tip.' : 'Sent you a message.',
      url: `/chat/${encodeURIComponent(row.chatId)}`,
      tag: `chat-${row.chatId}`,
    };
    await this.sendAll(targets, notification, CHAT_MESSAGE);
  }

  /** One batch of a mass message's recipients: each of their browsers gets the notice, opening their own chat with the creator. */
  private async sendMassMessageBatch({ massMessageId, recipientIds }: MassMessageBatch): Promise<void> {
    const { db } = this.deps;
    const [message] = await db
      .select({ creatorId: massMessages.creatorId, body: massMessages.body, handle: profiles.handle, publicName: profiles.publicName })
      .from(massMessages)
      .innerJoin(profiles, eq(profiles.userId, massMessages.creatorId))
      .where(and(eq(massMessages.id, massMessageId), ne(massMessages.status, 'unsent')));
    if (!message) return;
    const targets = await db
      .select({ ...TARGET_COLUMNS, chatId: messages.chatId })
      .from(pushSubscriptions)
      .innerJoin(userData, and(eq(userData.userId, pushSubscriptions.userId), eq(userData.pushChatMessages, true)))
      .innerJoin(messages, eq(messages.id, sql`'m-' || ${massMessageId}::text || '-' || ${pushSubscriptions.userId}`))
      .where(and(inArray(pushSubscriptions.userId, recipientIds), isNull(messages.removedAt)));
    const title = notificationExcerpt(displayName(message), 120);
    const body = message.body.trim() ? notificationExcerpt(message.body) : 'Sent you a message.';
    await this.sendEach(
      targets.map(({ chatId, ...target }) => ({
        target,
        notification: { kind: 'chatMessage', title, body, url: `/chat/${encodeURIComponent(chatId)}`, tag: `chat-${chatId}` },
      })),
      CHAT_MESSAGE,
    );
  }

  /** A message the push service asked to have again: one subscription, retried by the queue. */
  private async deliverAgain(subscriptionId: string, notification: PushNotification): Promise<void> {
    const [target] = await this.deps.db.select(TARGET_COLUMNS).from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!target) return;
    const options = notification.kind === 'chatMessage' ? CHAT_MESSAGE : POST_MESSAGE;
    const outcome = await this.deps.transport(target, JSON.stringify(notification), options);
    if (outcome.kind === 'gone') return this.forget(target, `the push service answered ${outcome.status}`);
    if (outcome.kind === 'not_public') return this.forget(target, outcome.reason);
    if (outcome.kind === 'retry') throw new Error(`The push service asked to try again later: ${outcome.reason}`);
    if (outcome.kind === 'rejected') throw new PermanentJobError(`The push service refused the message: ${outcome.reason}`);
  }

  /** Sends one notification to these browsers, some at a time; what must be tried again becomes a job of its own. */
  private sendAll(targets: StoredTarget[], notification: PushNotification, options: PushMessageOptions): Promise<void> {
    return this.sendEach(
      targets.map((target) => ({ target, notification })),
      options,
    );
  }

  /** Each notification to its subscription, SEND_CONCURRENCY at a time. */
  private async sendEach(items: { target: StoredTarget; notification: PushNotification }[], options: PushMessageOptions): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const { target, notification } = items[next++] as (typeof items)[number];
        await this.handle(target, await this.deps.transport(target, JSON.stringify(notification), options), notification);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, items.length) }, worker));
  }

  private async handle(target: StoredTarget, outcome: PushOutcome, notification: PushNotification): Promise<void> {
    if (outcome.kind === 'gone') return this.forget(target, `the push service answered ${outcome.status}`);
    if (outcome.kind === 'not_public') return this.forget(target, outcome.reason);
    if (outcome.kind === 'rejected') {
      this.deps.logger.warn({ subscriptionId: target.id, reason: outcome.reason }, 'push service refused a message');
    } else if (outcome.kind === 'retry') {
      const delay = Math.max(RETRY_DELAY_MS, outcome.retryAfterMs ?? 0);
      await this.deps.jobs.enqueue(
        DELIVER_JOB,
        { subscriptionId: target.id, notification },
        { runAt: new Date(this.deps.now().getTime() + delay) },
      );
    }
  }

  /**
   * The subscription is no more (the push service answered 404/410) or was never a push service's
   * (not a public address): it is deleted, unless the browser has re-subscribed with new keys since.
   */
  private async forget(target: StoredTarget, why: string): Promise<void> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.id, target.id),
          eq(pushSubscriptions.endpoint, target.endpoint),
          eq(pushSubscriptions.p256dh, target.p256dh),
        ),
      );
    this.deps.logger.info({ subscriptionId: target.id, why }, 'push subscription gone; deleted');
  }
}
