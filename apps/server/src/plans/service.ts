import {
  type Bundle,
  type createPlanSchema,
  generateId,
  type Plan,
  planPerksSchema,
  SUBSCRIPTION_PERIOD_DAYS,
  type updatePlanSchema,
} from '@aurum/core';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database, Executor } from '../db/database.js';
import { plans, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';

export interface PlansServiceDeps {
  db: Database;
  now: () => Date;
}

export type PlanRow = typeof plans.$inferSelect;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    creatorId: row.creatorId,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency as Plan['currency'],
    billingPeriodDays: row.billingPeriodDays,
    perks: planPerksSchema.parse(row.perks),
    bundles: row.bundles as Bundle[],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Members see active plans of creators whose account is not disabled, cheapest first. */
const offeredPlans = and(eq(plans.active, true), isNull(users.disabledAt));
export const cheapestFirst = [asc(plans.priceMinor), asc(plans.createdAt), asc(plans.id)];

/**
 * A creator's paid plans. Plans are created inactive and the creator activates them.
 *
 * Price rule: while a plan has an active subscription (valid_until in the future), its price
 * and currency cannot change (409 plan_has_subscribers): members agreed to a price, so the
 * creator makes a new plan instead; nor may a bundle length that a subscription renews at change
 * its discount or go. Name, description, perks and new bundle lengths may always change.
 */
export class PlansService {
  constructor(private readonly deps: PlansServiceDeps) {}

  async create(creatorId: string, input: z.output<typeof createPlanSchema>): Promise<Plan> {
    const now = this.deps.now();
    const row: PlanRow = {
      id: generateId(now.getTime()),
      creatorId,
      name: input.name,
      description: input.description,
      priceMinor: input.priceMinor,
      currency: input.currency,
      billingPeriodDays: SUBSCRIPTION_PERIOD_DAYS,
      perks: input.perks,
      bundles: input.bundles,
      active: false,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.db.insert(plans).values(row);
    return toPlan(row);
  }

  async update(creatorId: string, planId: string, input: z.output<typeof updatePlanSchema>): Promise<Plan> {
    const { db, now } = this.deps;
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(plans).where(eq(plans.id, planId)).for('update');
      const plan = requireAccess(actorOf(creatorId), 'plan.manage', current);
      const repriced =
        (input.priceMinor !== undefined && input.priceMinor !== plan.priceMinor) ||
        (input.currency !== undefined && input.currency !== plan.currency);
      if (repriced && (await this.hasActiveSubscribers(tx, planId))) {
        throw errors.planHasSubscribers();
      }
      const rebundled = input.bundles ? changedBundleMonths(plan.bundles as Bundle[], input.bundles) : [];
      if (rebundled.length > 0 && (await this.hasRenewingBundles(tx, planId, rebundled))) {
        throw errors.planHasSubscribers({
          message: 'Members renew at this bundle’s price: keep its length and discount, or make a new plan.',
        });
      }
      const [row] = await tx
        .update(plans)
        .set({ ...input, updatedAt: now() })
        .where(eq(plans.id, planId))
        .returning();
      return toPlan(requireAccess(actorOf(creatorId), 'plan.manage', row));
    });
  }

  /** Activating offers the plan to members; deactivating stops new subscriptions (existing ones run their course). */
  async setActive(creatorId: string, planId: string, active: boolean): Promise<Plan> {
    const [row] = await this.deps.db
      .update(plans)
      .set({ active, updatedAt: this.deps.now() })
      .where(and(eq(plans.id, planId), eq(plans.creatorId, creatorId)))
      .returning();
    return toPlan(requireAccess(actorOf(creatorId), 'plan.manage', row));
  }

  /** All of the creator's own plans, newest first, active or not. */
  async listOwn(creatorId: string): Promise<Plan[]> {
    const rows = await this.deps.db
      .select()
      .from(plans)
      .where(eq(plans.creatorId, creatorId))
      .orderBy(desc(plans.createdAt), desc(plans.id));
    return rows.map(toPlan);
  }

  /** A creator's active plans as members see them, cheapest first. */
  async listActive(creatorId: string): Promise<Plan[]> {
    const rows = await this.deps.db
      .select({ plan: plans })
      .from(plans)
      .innerJoin(users, eq(users.id, plans.creatorId))
      .where(and(eq(plans.creatorId, creatorId), offeredPlans))
      .orderBy(...cheapestFirst);
    return rows.map(({ plan }) => toPlan(plan));
  }

  /** One plan: its owner sees it in any state, everyone else only while it is offered. */
  async get(viewerId: string, planId: string): Promise<Plan> {
    const [row] = await this.deps.db
      .select({ plan: plans, disabledAt: users.disabledAt })
      .from(plans)
      .innerJoin(users, eq(users.id, plans.creatorId))
      .where(eq(plans.id, planId))
      .limit(1);
    if (!row) throw errors.notFound('Plan');
    const visible = row.plan.creatorId === viewerId || (row.plan.active && !row.disabledAt);
    if (!visible) throw errors.notFound('Plan');
    return toPlan(row.plan);
  }

  /** A plan members can subscribe to now (active, its creator not disabled), or null. Pass a transaction to read inside it. */
  async offered(planId: string, executor: Executor = this.deps.db): Promise<Plan | null> {
    const [row] = await executor
      .select({ plan: plans })
      .from(plans)
      .innerJoin(users, eq(users.id, plans.creatorId))
      .where(and(eq(plans.id, planId), offeredPlans))
      .limit(1);
    return row ? toPlan(row.plan) : null;
  }

  /** Which of these ids are not plans of this creator (unknown or someone else's; the caller need not know which). Pass a transaction to read inside it. */
  async foreignPlanIds(creatorId: string, planIds: readonly string[], db: Executor = this.deps.db): Promise<string[]> {
    if (planIds.length === 0) return [];
    const own = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.creatorId, creatorId), inArray(plans.id, [...planIds])));
    const ownIds = new Set(own.map((row) => row.id));
    return planIds.filter((id) => !ownIds.has(id));
  }

  /** Whether a subscription that still renews pays for one of these bundle lengths. */
  private async hasRenewingBundles(db: Executor, planId: string, months: number[]): Promise<boolean> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.planId, planId),
          inArray(subscriptions.months, months),
          eq(subscriptions.autoRenew, true),
          isNull(subscriptions.lapsedAt),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  private async hasActiveSubscribers(db: Executor, planId: string): Promise<boolean> {
    const rows = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.planId, planId), grantsAccessSql(subscriptions.validUntil, this.deps.now())))
      .limit(1);
    return rows.length > 0;
  }
}

/** The bundle lengths whose discount changed or that are gone. */
function changedBundleMonths(before: readonly Bundle[], after: readonly Bundle[]): number[] {
  return before
    .filter((bundle) => after.find((next) => next.months === bundle.months)?.discountPercent !== bundle.discountPercent)
    .map((bundle) => bundle.months);
}
