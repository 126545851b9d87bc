import {
  type Currency,
  type createOfferSchema,
  generateId,
  type MemberOffer,
  type Offer,
  type OfferAudience,
  type OfferKind,
  type OfferProblem,
  offerProblem,
} from '@aurum/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database, Executor } from '../db/database.js';
import { planOffers, plans, subscriptions } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { shareCode } from '../http/share-code.js';
import { type OfferRow, type OffersStatements, redemptionsOfSql } from './statements.js';

export interface OffersServiceDeps {
  db: Database;
  now: () => Date;
  statements: OffersStatements;
}

/** What a payment takes off with an offer, as a subscription applies it. */
export interface RedeemedOffer {
  id: string;
  kind: OfferKind;
  value: number;
  payments: number;
}

/** What deciding whether a member may use an offer reads of it, and what using it takes off. */
const offerColumns = {
  id: planOffers.id,
  planId: planOffers.planId,
  audience: planOffers.audience,
  kind: planOffers.kind,
  value: planOffers.value,
  payments: planOffers.payments,
  startsAt: planOffers.startsAt,
  endsAt: planOffers.endsAt,
  maxRedemptions: planOffers.maxRedemptions,
  redemptions: redemptionsOfSql(sql`${planOffers.id}`),
};

/** What a member is told about an offer they may not use. */
const PROBLEM_MESSAGES: Record<OfferProblem, string> = {
  not_started: 'This offer has not started yet.',
  ended: 'This offer has ended.',
  stopped: 'This offer is no longer available.',
  used_up: 'Every use of this offer has been taken.',
  not_new: 'This offer is for new members.',
  not_returning: 'This offer is for members coming back.',
  link_only: 'This offer comes with its link.',
};

/**
 * Discounts on plans. A creator makes an offer on one of their active plans and stops it when
 * they like; a member sees the offers they may use on the subscribe page, and subscribing with
 * one redeems it in the charge's transaction (core's `offerProblem` decides, with the offer's
 * row held so its limit is never passed). The subscription keeps it for its first payments.
 */
export class OffersService {
  constructor(private readonly deps: OffersServiceDeps) {}

  async create(creatorId: string, input: z.output<typeof createOfferSchema>): Promise<Offer> {
    const now = this.deps.now();
    const [plan] = await this.deps.db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, input.planId), eq(plans.creatorId, creatorId), eq(plans.active, true)));
    if (!plan) throw errors.planUnavailable();
    const endsAt = input.endsAt ? new Date(input.endsAt) : null;
    if (endsAt && endsAt <= now) {
      throw errors.validationFailed({ message: 'Choose an end in the future.', details: [{ path: 'endsAt', message: 'In the past' }] });
    }
    const id = generateId(now.getTime());
    await this.deps.db.insert(planOffers).values({
      id,
      creatorId,
      planId: plan.id,
      code: shareCode(),
      audience: input.audience,
      kind: input.kind,
      value: input.value,
      payments: input.payments,
      startsAt: input.startsAt ? new Date(input.startsAt) : now,
      endsAt,
      maxRedemptions: input.maxRedemptions,
      createdAt: now,
    });
    return this.one(creatorId, id);
  }

  /** The creator's offers, newest first, with their redemptions. */
  async list(creatorId: string, page: PageRequest): Promise<{ items: Offer[]; nextCursor: string | null }> {
    const rows = await this.deps.statements.offers.run({ creator: creatorId, offer: null, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toOffer), nextCursor };
  }

  /** The creator stops an offer: nobody may use it any more (those who did keep what it gave them). */
  async disable(creatorId: string, offerId: string): Promise<Offer> {
    const [offer] = await this.deps.db.select({ creatorId: planOffers.creatorId }).from(planOffers).where(eq(planOffers.id, offerId));
    requireAccess(actorOf(creatorId), 'offer.manage', offer);
    await this.deps.db
      .update(planOffers)
      .set({ disabledAt: sql`coalesce(${planOffers.disabledAt}, ${this.deps.now().toISOString()}::timestamptz)` })
      .where(eq(planOffers.id, offerId));
    return this.one(creatorId, offerId);
  }

  /** The offers on a creator's plans this member may use now: the ones for them, and the one whose link they came by. */
  async forMember(viewerId: string, creatorId: string, code: string | undefined): Promise<MemberOffer[]> {
    const candidates = await this.candidates(this.deps.db, creatorId, code);
    const member = await this.memberFacts(this.deps.db, viewerId, creatorId);
    const now = this.deps.now();
    return candidates
      .filter((offer) => offer.planActive && !offerProblem(offer, { ...member, viaLink: offer.code === code }, now))
      .map((offer) => ({
        id: offer.id,
        code: offer.code,
        planId: offer.planId,
        audience: offer.audience as OfferAudience,
        kind: offer.kind as OfferKind,
        value: offer.value,
        payments: offer.payments,
        endsAt: offer.endsAt?.toISOString() ?? null,
      }));
  }

  /**
   * Redeems an offer for a member subscribing to a plan, in the subscribing transaction: the
   * offer's row is held so two members cannot take its last use; 409 offer_unavailable with why.
   */
  async redeem(tx: Executor, request: { userId: string; creatorId: string; planId: string; code: string }): Promise<RedeemedOffer> {
    const [offer] = await tx
      .select({ ...offerColumns, creatorId: planOffers.creatorId, disabledAt: planOffers.disabledAt })
      .from(planOffers)
      .where(eq(planOffers.code, request.code))
      .for('update');
    if (!offer || offer.creatorId !== request.creatorId || offer.planId !== request.planId) throw errors.offerUnavailable();
    const member = await this.memberFacts(tx, request.userId, request.creatorId);
    const problem = offerProblem(
      { ...offer, audience: offer.audience as OfferAudience, disabled: offer.disabledAt !== null },
      { ...member, viaLink: true },
      this.deps.now(),
    );
    if (problem) throw errors.offerUnavailable({ message: PROBLEM_MESSAGES[problem] });
    return { id: offer.id, kind: offer.kind as OfferKind, value: offer.value, payments: offer.payments };
  }

  /** An offer a subscription keeps for its later payments, as it is now. */
  async kept(executor: Executor, offerId: string): Promise<RedeemedOffer | null> {
    const [offer] = await executor
      .select({ id: planOffers.id, kind: planOffers.kind, value: planOffers.value, payments: planOffers.payments })
      .from(planOffers)
      .where(eq(planOffers.id, offerId));
    return offer ? { ...offer, kind: offer.kind as OfferKind } : null;
  }

  /** Whether the member ever subscribed to this creator (a free trial counts), and whether they do now. */
  private async memberFacts(executor: Executor, userId: string, creatorId: string) {
    const [facts] = await executor
      .select({
        everSubscribed: sql<boolean>`count(*) > 0`,
        subscribedNow: sql<boolean>`coalesce(bool_or(${grantsAccessSql(subscriptions.validUntil, sql`${this.deps.now().toISOString()}::timestamptz`)}), false)`,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.creatorId, creatorId)));
    return { everSubscribed: facts?.everSubscribed ?? false, subscribedNow: facts?.subscribedNow ?? false };
  }

  /** The creator's offers that may apply to someone: not stopped, for members or by this code. */
  private async candidates(executor: Executor, creatorId: string, code: string | undefined) {
    const rows = await executor
      .select({ ...offerColumns, code: planOffers.code, planActive: plans.active })
      .from(planOffers)
      .innerJoin(plans, eq(plans.id, planOffers.planId))
      .where(
        and(
          eq(planOffers.creatorId, creatorId),
          isNull(planOffers.disabledAt),
          code ? sql`(${planOffers.audience} <> 'link' or ${planOffers.code} = ${code})` : sql`${planOffers.audience} <> 'link'`,
        ),
      );
    return rows.map((row) => ({ ...row, audience: row.audience as OfferAudience, disabled: false }));
  }

  private async one(creatorId: string, offerId: string): Promise<Offer> {
    const [row] = await this.deps.statements.offers.run({ creator: creatorId, offer: offerId, cursorKey: null, cursorId: null, limit: 1 });
    if (!row) throw errors.notFound('Offer');
    return toOffer(row);
  }
}

function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    code: row.code,
    plan: { id: row.plan_id, name: row.plan_name, priceMinor: row.price_minor, currency: row.currency as Currency },
    audience: row.audience as OfferAudience,
    kind: row.kind as OfferKind,
    value: row.value,
    payments: row.payments,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  };
}
