import {
  type Currency,
  type createTrialLinkSchema,
  DAY_MS,
  displayName,
  formatMoney,
  generateId,
  inTrial,
  SUBSCRIPTION_PERIOD_DAYS,
  type Subscription,
  TRIAL_REMINDER_MS,
  type TrialLink,
  type TrialOffer,
  type TrialUnavailableReason,
  trialUnavailableMessage,
} from '@aurum/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database, Executor } from '../db/database.js';
import { plans, profiles, subscriptions, trialLinks, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { shareCode } from '../http/share-code.js';
import type { JobQueue } from '../jobs/queue.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { MemberNotice } from '../moderation/service.js';
import type { PaymentsService } from '../payments/service.js';
import { subscriptionsQuery, toSubscription } from '../subscriptions/rows.js';
import { claimsOfSql, type TrialLinkRow, type TrialsStatements } from './statements.js';

/** What deciding whether a link may be claimed reads of it. */
interface ClaimableLink {
  id: string;
  creatorId: string;
  planId: string;
  days: number;
  maxClaims: number | null;
  expiresAt: Date | null;
  disabledAt: Date | null;
  planActive: boolean;
  claims: number;
}

/** The columns of a `ClaimableLink`, read from trial_links joined to its plan. */
const claimableLinkColumns = {
  id: trialLinks.id,
  creatorId: trialLinks.creatorId,
  planId: trialLinks.planId,
  days: trialLinks.days,
  maxClaims: trialLinks.maxClaims,
  expiresAt: trialLinks.expiresAt,
  disabledAt: trialLinks.disabledAt,
  planActive: plans.active,
  claims: claimsOfSql(sql`${trialLinks.id}`),
};

const REMIND_JOB = 'trials.remind';

export interface TrialsServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  statements: TrialsStatements;
  payments: PaymentsService;
  /** The member's notice before a trial converts: stored, announced and mailed. */
  notices: {
    record(tx: Executor, notices: readonly MemberNotice[], at: Date): Promise<void>;
    tell(notices: readonly MemberNotice[]): Promise<void>;
  };
  /** Converts a due subscription now through the renewal path (the development provider's "end the trial now"). */
  renewNow: (subscriptionId: string) => Promise<void>;
}

/**
 * Free-trial links. A creator makes a link for one of their plans; a member claims it with a
 * saved method and gets a subscription that grants access until the trial ends, paid for by
 * nothing yet. The renewal sweep converts it then, through the charges module like any renewal
 * (core's `nextRenewalAttemptAt`), unless renewal was turned off. The member is reminded before.
 */
export class TrialsService {
  constructor(private readonly deps: TrialsServiceDeps) {
    deps.jobs.register(REMIND_JOB, {
      payload: z.object({ subscriptionId: z.string() }),
      run: (payload) => this.remind(payload.subscriptionId),
    });
  }

  /** A creator's new link for one of their active plans. */
  async create(creatorId: string, input: z.output<typeof createTrialLinkSchema>): Promise<TrialLink> {
    const now = this.deps.now();
    if (input.expiresAt && new Date(input.expiresAt) <= now) {
      throw errors.validationFailed({ message: 'Choose an end in the future.', details: [{ path: 'expiresAt', message: 'In the past' }] });
    }
    const [plan] = await this.deps.db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, input.planId), eq(plans.creatorId, creatorId), eq(plans.active, true)));
    if (!plan) throw errors.planUnavailable();
    const id = generateId(now.getTime());
    await this.deps.db.insert(trialLinks).values({
      id,
      creatorId,
      planId: plan.id,
      code: shareCode(),
      days: input.days,
      maxClaims: input.maxClaims,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdAt: now,
    });
    return this.one(creatorId, id);
  }

  /** The creator's links, newest first, with their claims and conversions. */
  async list(creatorId: string, page: PageRequest): Promise<{ items: TrialLink[]; nextCursor: string | null }> {
    const rows = await this.deps.statements.links.run({ creator: creatorId, link: null, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toTrialLink), nextCursor };
  }

  /** The creator stops offering a link: nobody may claim it any more (those who did keep their trial). */
  async disable(creatorId: string, linkId: string): Promise<TrialLink> {
    const [link] = await this.deps.db.select({ creatorId: trialLinks.creatorId }).from(trialLinks).where(eq(trialLinks.id, linkId));
    requireAccess(actorOf(creatorId), 'trial_link.manage', link);
    await this.deps.db
      .update(trialLinks)
      .set({ disabledAt: sql`coalesce(${trialLinks.disabledAt}, ${this.deps.now().toISOString()}::timestamptz)` })
      .where(eq(trialLinks.id, linkId));
    return this.one(creatorId, linkId);
  }

  /** A link as the member sees it before claiming, with why they may not claim it, if so; 404 for an unknown code. */
  async offer(viewerId: string, code: string): Promise<TrialOffer> {
    const [row] = await this.deps.db
      .select({
        link: claimableLinkColumns,
        plan: {
          name: plans.name,
          description: plans.description,
          priceMinor: plans.priceMinor,
          currency: plans.currency,
          perks: plans.perks,
        },
        creator: {
          userId: profiles.userId,
          handle: profiles.handle,
          publicName: profiles.publicName,
          avatarColor: profiles.avatarColor,
          avatarMediaId: profiles.avatarMediaId,
        },
      })
      .from(trialLinks)
      .innerJoin(plans, eq(plans.id, trialLinks.planId))
      .innerJoin(profiles, eq(profiles.userId, trialLinks.creatorId))
      .where(eq(trialLinks.code, code));
    if (!row) throw errors.notFound('Trial');
    const { link, plan, creator } = row;
    return {
      code,
      creator: {
        userId: creator.userId,
        handle: creator.handle,
        publicName: creator.publicName,
        avatarColor: creator.avatarColor,
        avatarUrl: profileImageUrl(creator.userId, 'avatar', creator.avatarMediaId),
      },
      plan: {
        id: link.planId,
        name: plan.name,
        description: plan.description,
        priceMinor: plan.priceMinor,
        currency: plan.currency as Currency,
        perks: plan.perks as TrialOffer['plan']['perks'],
      },
      days: link.days,
      unavailable: await this.unavailable(this.deps.db, viewerId, link),
    };
  }

  /**
   * A member claims a link with a saved method: a subscription until the trial ends, nothing
   * charged. One claim at a time per member (their row is held) and per link (the link's row is
   * held, so a limit is never passed); the unique index keeps it to one trial per creator, ever.
   */
  async claim(viewerId: string, code: string, input: { paymentMethodId: string }): Promise<Subscription> {
    const { db, payments } = this.deps;
    // Nothing is charged now, but the trial converts through a payment provider.
    payments.assertAvailable();
    const method = await payments.ownMethod(viewerId, input.paymentMethodId);
    const subscriptionId = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${viewerId} for update`);
      const link = await this.linkByCode(tx, code, true);
      const reason = await this.unavailable(tx, viewerId, link);
      if (reason) throw errors.trialUnavailable({ message: trialUnavailableMessage(reason) });
      const now = this.deps.now();
      const endsAt = new Date(now.getTime() + link.days * DAY_MS);
      const id = generateId(now.getTime());
      await tx.insert(subscriptions).values({
        id,
        userId: viewerId,
        creatorId: link.creatorId,
        planId: link.planId,
        paymentMethodId: method.id,
        autoRenew: true,
        validUntil: endsAt,
        trialLinkId: link.id,
        trialEndsAt: endsAt,
        createdAt: now,
      });
      const remindAt = new Date(Math.max(now.getTime(), endsAt.getTime() - TRIAL_REMINDER_MS));
      await this.deps.jobs.enqueue(REMIND_JOB, { subscriptionId: id }, { id: `${REMIND_JOB}:${id}`, runAt: remindAt }, tx);
      return id;
    });
    this.deps.jobs.wake();
    return this.subscription(viewerId, subscriptionId);
  }

  /**
   * Development provider only: ends the member's own trial now and converts it as the trial's end
   * would, through the renewal path; so the conversion can be tried without waiting for days.
   */
  async endTrialNow(viewerId: string, subscriptionId: string): Promise<Subscription> {
    this.deps.payments.assertDevelopmentProvider();
    const now = this.deps.now();
    const [row] = await this.deps.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, viewerId)));
    if (!row || !inTrial(row)) throw errors.notFound('Trial');
    await this.deps.db.update(subscriptions).set({ validUntil: now, trialEndsAt: now }).where(eq(subscriptions.id, subscriptionId));
    await this.deps.renewNow(subscriptionId);
    return this.subscription(viewerId, subscriptionId);
  }

  /** Before a trial converts: the member is told when, and what will be charged unless they turn renewal off. */
  private async remind(subscriptionId: string): Promise<void> {
    const [row] = await this.deps.db
      .select({ subscription: subscriptions, plan: plans, creator: profiles })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(profiles, eq(profiles.userId, subscriptions.creatorId))
      .where(eq(subscriptions.id, subscriptionId));
    if (!row?.subscription.trialEndsAt || !inTrial(row.subscription) || !row.subscription.autoRenew) return;
    const creatorName = displayName(row.creator);
    const price = formatMoney({ amountMinor: row.plan.priceMinor, currency: row.plan.currency as Currency });
    const day = row.subscription.trialEndsAt.toUTCString().slice(0, 16);
    const notice: MemberNotice = {
      userId: row.subscription.userId,
      kind: 'trial_ending',
      message: `Your free trial of ${row.plan.name} with ${creatorName} ends on ${day}. Then ${price} is charged every ${SUBSCRIPTION_PERIOD_DAYS} days, unless you turn renewal off on your Subscriptions page before.`,
      reason: null,
      mailSubject: `Your free trial with ${creatorName} ends soon`,
    };
    await this.deps.db.transaction((tx) => this.deps.notices.record(tx, [notice], this.deps.now()));
    await this.deps.notices.tell([notice]);
  }

  /** Why this member may not claim this link now, or null. */
  private async unavailable(executor: Executor, viewerId: string, link: ClaimableLink): Promise<TrialUnavailableReason | null> {
    const now = this.deps.now();
    if (link.creatorId === viewerId) return 'own';
    if (link.disabledAt) return 'disabled';
    if (link.expiresAt && link.expiresAt <= now) return 'expired';
    if (!link.planActive) return 'plan_unavailable';
    if (link.maxClaims !== null && link.claims >= link.maxClaims) return 'full';
    const [history] = await executor
      .select({
        trialled: sql<boolean>`bool_or(${subscriptions.trialLinkId} is not null)`,
        current: sql<boolean>`bool_or(${grantsAccessSql(subscriptions.validUntil, sql`${now.toISOString()}::timestamptz`)})`,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, viewerId), eq(subscriptions.creatorId, link.creatorId)));
    if (history?.trialled) return 'already_used';
    if (history?.current) return 'subscribed';
    return null;
  }

  /** A link by its code with its claims, held (for the claim's transaction) when asked; 404 for an unknown code. */
  private async linkByCode(executor: Executor, code: string, hold = false): Promise<ClaimableLink> {
    const query = executor
      .select(claimableLinkColumns)
      .from(trialLinks)
      .innerJoin(plans, eq(plans.id, trialLinks.planId))
      .where(eq(trialLinks.code, code));
    const [link] = await (hold ? query.for('update', { of: trialLinks }) : query);
    if (!link) throw errors.notFound('Trial');
    return link;
  }

  private async one(creatorId: string, linkId: string): Promise<TrialLink> {
    const [row] = await this.deps.statements.links.run({ creator: creatorId, link: linkId, cursorKey: null, cursorId: null, limit: 1 });
    if (!row) throw errors.notFound('Trial');
    return toTrialLink(row);
  }

  private async subscription(viewerId: string, subscriptionId: string): Promise<Subscription> {
    const [row] = await subscriptionsQuery(this.deps.db, and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, viewerId)));
    if (!row) throw errors.notFound('Subscription');
    return toSubscription(row, this.deps.now());
  }
}

function toTrialLink(row: TrialLinkRow): TrialLink {
  return {
    id: row.id,
    code: row.code,
    plan: { id: row.plan_id, name: row.plan_name, priceMinor: row.price_minor, currency: row.currency as Currency },
    days: row.days,
    maxClaims: row.max_claims,
    expiresAt: row.expires_at,
    disabledAt: row.disabled_at,
    claims: row.claims,
    conversions: row.conversions,
    createdAt: row.created_at,
  };
}
