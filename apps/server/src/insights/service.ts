import {
  addMonths,
  bucketOf,
  type Currency,
  type CurrencyEarnings,
  churnRate,
  EARNING_SOURCES,
  type EarningsInsights,
  type FansInsights,
  INSIGHTS_FANS_LIMIT,
  INSIGHTS_POSTS_LIMIT,
  type InsightsGranularity,
  type InsightsPeriod,
  type InsightsPeriodInfo,
  type InsightsPostSort,
  type InsightsRange,
  InsightsRangeError,
  type InsightsSettings,
  localDate,
  majorUnits,
  type PostsInsights,
  relativeChange,
  resolvePeriod,
  type SubscribersInsights,
} from '@aurum/core';
import { eq } from 'drizzle-orm';
import { requireAccess } from '../access/require-access.js';
import type { Database } from '../db/database.js';
import { userData } from '../db/schema.js';
import { toCsv } from '../http/csv.js';
import { errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';
import type { FanRow, InsightsStatements } from './statements.js';

export interface InsightsServiceDeps {
  db: Database;
  now: () => Date;
  statements: InsightsStatements;
  platformFeeBasisPoints: number;
  /** The creator's kept balances (the ledger's), shown beside what they earned. */
  balancesOf: (creatorId: string) => Promise<{ currency: string; pendingMinor: number; availableMinor: number; paidOutMinor: number }[]>;
}

export interface PeriodQuery {
  range: InsightsRange;
  from?: string;
  to?: string;
  granularity?: InsightsGranularity;
  tz?: string;
}

interface Resolved {
  period: InsightsPeriod;
  timeZone: string;
  values: { creator: string; tz: string; previousFrom: string; from: string; to: string; now: string; today: string };
}

type Totals = { grossMinor: number; feeMinor: number; netMinor: number; charges: number };
const zeroTotals = (): Totals => ({ grossMinor: 0, feeMinor: 0, netMinor: 0, charges: 0 });
type Flow = { new: number; renewed: number; cancelled: number; lapsed: number };
const zeroFlow = (): Flow => ({ new: 0, renewed: 0, cancelled: 0, lapsed: 0 });

/**
 * What a creator's business did over a period: earnings from the ledger, subscribers and
 * followers, posts and fans. Only the creator and admins read them. Each view is one or two
 * prepared statements (`statements.ts`); the service turns their rows per local day into the
 * period's buckets.
 */
export class InsightsService {
  constructor(private readonly deps: InsightsServiceDeps) {}

  /**
   * Who may read a creator's insights: the creator (with the creators label) and admins.
   * Returns the time zone to count in: the query's, else the creator's setting, else UTC.
   */
  private async authorize(viewer: Viewer, creatorId: string, tz: string | undefined): Promise<string> {
    requireAccess(viewer, 'creator.insights.read', { creatorId });
    // The creator's own reading needs no lookup when it names its time zone; an admin's checks the creator exists.
    if (viewer.userId === creatorId && tz) return tz;
    const [target] = await this.deps.statements.target.run({ creator: creatorId });
    if (!target) throw errors.notFound('Creator');
    return tz ?? target.time_zone ?? 'UTC';
  }

  private async resolve(viewer: Viewer, creatorId: string, query: PeriodQuery): Promise<Resolved> {
    const timeZone = await this.authorize(viewer, creatorId, query.tz);
    const now = this.deps.now();
    let period: InsightsPeriod;
    const today = localDate(now, timeZone);
    try {
      period = resolvePeriod(query, today);
    } catch (error) {
      if (error instanceof InsightsRangeError) throw errors.invalidInsightsRange({ message: error.message });
      throw error;
    }
    return {
      period,
      timeZone,
      values: {
        creator: creatorId,
        tz: timeZone,
        previousFrom: period.previousFrom,
        from: period.from,
        to: period.to,
        now: now.toISOString(),
        today,
      },
    };
  }

  private periodInfo({ period, timeZone }: Resolved): InsightsPeriodInfo {
    return { ...period, timeZone };
  }

  async earnings(viewer: Viewer, creatorId: string, query: PeriodQuery): Promise<EarningsInsights> {
    const resolved = await this.resolve(viewer, creatorId, query);
    const [rows, sourceRows, balances] = await Promise.all([
      this.deps.statements.earnings.run(resolved.values),
      this.deps.statements.earningsBySource.run(resolved.values),
      this.deps.balancesOf(creatorId),
    ]);
    const byCurrency = new Map<string, { buckets: Map<string, Totals>; total: Totals; previous: Totals }>();
    for (const row of rows) {
      let entry = byCurrency.get(row.currency);
      if (!entry) {
        entry = { buckets: new Map(), total: zeroTotals(), previous: zeroTotals() };
        byCurrency.set(row.currency, entry);
      }
      const amounts = { grossMinor: Number(row.gross), feeMinor: Number(row.fee), netMinor: Number(row.net), charges: row.charges };
      const targets =
        row.place === 'previous' ? [entry.previous] : [entry.total, bucketTotals(entry.buckets, bucketOf(row.place, resolved.period))];
      for (const target of targets) addTotals(target, amounts);
    }
    const currencies: CurrencyEarnings[] = [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, entry]) => ({
        currency: currency as Currency,
        series: resolved.period.buckets.map((bucket) => ({ bucket, ...(entry.buckets.get(bucket) ?? zeroTotals()) })),
        bySource: EARNING_SOURCES.map((source) => ({
          source,
          netMinor: sourceRows
            .filter((row) => row.currency === currency && row.source === source)
            .reduce((sum, row) => sum + Number(row.net), 0),
        })),
        total: entry.total,
        previous: entry.previous,
        change: {
          grossMinor: relativeChange(entry.total.grossMinor, entry.previous.grossMinor),
          feeMinor: relativeChange(entry.total.feeMinor, entry.previous.feeMinor),
          netMinor: relativeChange(entry.total.netMinor, entry.previous.netMinor),
        },
      }));
    return {
      period: this.periodInfo(resolved),
      currencies,
      balances: balances.map(({ currency, pendingMinor, availableMinor, paidOutMinor }) => ({
        currency: currency as Currency,
        pendingMinor,
        availableMinor,
        paidOutMinor,
      })),
      platformFeePercent: this.deps.platformFeeBasisPoints / 100,
    };
  }

  async subscribers(viewer: Viewer, creatorId: string, query: PeriodQuery): Promise<SubscribersInsights> {
    const resolved = await this.resolve(viewer, creatorId, query);
    const [events, mix] = await Promise.all([
      this.deps.statements.subscriberEvents.run(resolved.values),
      this.deps.statements.planMix.run(resolved.values),
    ]);
    const { buckets } = resolved.period;
    const index = new Map(buckets.map((bucket, position) => [bucket, position]));
    const flows = buckets.map(zeroFlow);
    const started = buckets.map(() => 0);
    const ended = buckets.map(() => 0);
    const followed = buckets.map(() => 0);
    const previous = zeroFlow();
    const planFlows = new Map<string, Flow>();
    let startedBefore = 0;
    let endedBefore = 0;
    let followedBefore = 0;
    let startedBeforePrevious = 0;
    let endedBeforePrevious = 0;
    for (const row of events) {
      const inPeriod = row.place !== 'previous' && row.place !== 'before';
      if (!inPeriod) {
        if (row.kind === 'new') startedBefore += row.n;
        if (row.kind === 'ended') endedBefore += row.n;
        if (row.kind === 'follow') followedBefore += row.n;
        if (row.place === 'before' && row.kind === 'new') startedBeforePrevious += row.n;
        if (row.place === 'before' && row.kind === 'ended') endedBeforePrevious += row.n;
        if (row.place === 'previous' && isFlowKind(row.kind)) previous[row.kind] += row.n;
        continue;
      }
      const position = index.get(bucketOf(row.place, resolved.period));
      if (position === undefined) continue;
      if (row.kind === 'ended') ended[position] = (ended[position] ?? 0) + row.n;
      else if (row.kind === 'follow') followed[position] = (followed[position] ?? 0) + row.n;
      else {
        if (row.kind === 'new') started[position] = (started[position] ?? 0) + row.n;
        (flows[position] as Flow)[row.kind] += row.n;
        if (row.plan_id) {
          const plan = planFlows.get(row.plan_id) ?? zeroFlow();
          plan[row.kind] += row.n;
          planFlows.set(row.plan_id, plan);
        }
      }
    }
    const activeAtStart = startedBefore - endedBefore;
    let active = activeAtStart;
    let followers = followedBefore;
    const total = zeroFlow();
    const series = buckets.map((bucket, position) => {
      const flow = flows[position] as Flow;
      const activeAtBucketStart = active;
      active += (started[position] ?? 0) - (ended[position] ?? 0);
      followers += followed[position] ?? 0;
      for (const key of FLOW_KINDS) total[key] += flow[key];
      return { bucket, ...flow, active, followers, churnRate: churnRate(flow.cancelled + flow.lapsed, activeAtBucketStart) };
    });
    return {
      period: this.periodInfo(resolved),
      series,
      total: {
        ...total,
        activeAtStart,
        activeAtEnd: active,
        churnRate: churnRate(total.cancelled + total.lapsed, activeAtStart),
        followersAtEnd: followers,
      },
      previous: {
        ...previous,
        churnRate: churnRate(previous.cancelled + previous.lapsed, startedBeforePrevious - endedBeforePrevious),
      },
      plans: mix.map((plan) => ({
        planId: plan.plan_id,
        name: plan.name,
        priceMinor: plan.price_minor,
        currency: plan.currency as Currency,
        billingPeriodDays: plan.billing_period_days,
        active: plan.active,
        ...(planFlows.get(plan.plan_id) ?? zeroFlow()),
      })),
    };
  }

  async posts(viewer: Viewer, creatorId: string, query: PeriodQuery & { sort: InsightsPostSort }): Promise<PostsInsights> {
    const resolved = await this.resolve(viewer, creatorId, query);
    const rows = await this.deps.statements.posts[query.sort].run({
      ...resolved.values,
      limit: INSIGHTS_POSTS_LIMIT,
    });
    const [first] = rows;
    return {
      period: this.periodInfo(resolved),
      sort: query.sort,
      items: rows.map((row) => ({
        postId: row.post_id,
        excerpt: row.text,
        publishAt: new Date(row.publish_at).toISOString(),
        locked: row.locked,
        views: row.views,
        likes: row.likes,
        unlocks: row.unlocks,
      })),
      totals: { views: first?.total_views ?? 0, likes: first?.total_likes ?? 0, unlocks: first?.total_unlocks ?? 0 },
    };
  }

  async fans(viewer: Viewer, creatorId: string, query: { tz?: string }): Promise<FansInsights> {
    await this.authorize(viewer, creatorId, query.tz ?? 'UTC');
    const rows = await this.deps.statements.fans.run({
      creator: creatorId,
      now: this.deps.now().toISOString(),
      limit: INSIGHTS_FANS_LIMIT,
    });
    const identity = (row: FanRow) => ({
      userId: row.user_id,
      handle: row.handle,
      publicName: row.public_name,
      avatarColor: row.avatar_color,
    });
    return {
      bySpend: rows
        .filter((row) => row.list === 'spend')
        .map((row) => ({
          ...identity(row),
          currency: row.currency as Currency,
          spentMinor: Number(row.spent),
          payments: row.payments ?? 0,
        })),
      byTenure: rows
        .filter((row) => row.list === 'tenure')
        .map((row) => ({
          ...identity(row),
          firstSubscribedAt: new Date(row.first_at as string).toISOString(),
          paidDays: row.paid_days ?? 0,
          subscribedNow: row.subscribed_now ?? false,
        })),
    };
  }

  /** A month's statement as CSV: one line per posting (payments and refunds), then the totals per currency. */
  async statementCsv(viewer: Viewer, creatorId: string, query: { month: string; tz?: string }): Promise<{ filename: string; csv: string }> {
    const timeZone = await this.authorize(viewer, creatorId, query.tz);
    const from = `${query.month}-01`;
    const rows = await this.deps.statements.statementLines.run({
      creator: creatorId,
      tz: timeZone,
      from,
      to: addMonths(from, 1),
    });
    const totals = new Map<string, Totals>();
    const lines: (string | number)[][] = [['Date', 'Time', 'Type', 'Member', 'Plan', 'Currency', 'Gross', 'Platform fee', 'Net', 'Charge']];
    for (const row of rows) {
      const currency = row.currency as Currency;
      const amounts = {
        grossMinor: Number(row.gross),
        feeMinor: Number(row.fee),
        netMinor: Number(row.net),
        charges: row.posting === 'payment' ? 1 : 0,
      };
      const total = totals.get(currency) ?? zeroTotals();
      addTotals(total, amounts);
      totals.set(currency, total);
      lines.push([
        row.local_day,
        localTime(new Date(row.posted_at), timeZone),
        row.posting === 'payment' ? row.charge_kind : row.posting,
        row.member_handle ?? '(deleted account)',
        row.plan_name ?? '',
        currency,
        majorUnits(amounts.grossMinor, currency),
        majorUnits(amounts.feeMinor, currency),
        majorUnits(amounts.netMinor, currency),
        row.charge_id,
      ]);
    }
    for (const [currency, total] of [...totals.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const code = currency as Currency;
      lines.push([
        `${query.month} total`,
        '',
        `${total.charges} payments`,
        '',
        '',
        currency,
        majorUnits(total.grossMinor, code),
        majorUnits(total.feeMinor, code),
        majorUnits(total.netMinor, code),
        '',
      ]);
    }
    return { filename: `aurum-statement-${query.month}.csv`, csv: toCsv(lines) };
  }

  async settings(userId: string): Promise<InsightsSettings> {
    const [row] = await this.deps.db.select({ timeZone: userData.timeZone }).from(userData).where(eq(userData.userId, userId));
    return { timeZone: row?.timeZone ?? null };
  }

  async updateSettings(userId: string, timeZone: string | null): Promise<InsightsSettings> {
    await this.deps.db.insert(userData).values({ userId, timeZone }).onConflictDoUpdate({ target: userData.userId, set: { timeZone } });
    return { timeZone };
  }
}

const FLOW_KINDS = ['new', 'renewed', 'cancelled', 'lapsed'] as const;
const isFlowKind = (kind: string): kind is (typeof FLOW_KINDS)[number] => (FLOW_KINDS as readonly string[]).includes(kind);

function bucketTotals(buckets: Map<string, Totals>, bucket: string): Totals {
  let totals = buckets.get(bucket);
  if (!totals) {
    totals = zeroTotals();
    buckets.set(bucket, totals);
  }
  return totals;
}

function addTotals(target: Totals, amounts: Totals): void {
  target.grossMinor += amounts.grossMinor;
  target.feeMinor += amounts.feeMinor;
  target.netMinor += amounts.netMinor;
  target.charges += amounts.charges;
}

function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}
