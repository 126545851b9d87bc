import { CURRENCY_EXPONENTS, type Currency } from './format.js';
import { entityIdSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Creator insights: what a creator earned, who subscribed and left, which posts sold, who
 * their best fans are. Periods are calendar days, weeks (Monday first) or months in the
 * creator's time zone; the server stores and compares instants in UTC.
 */

export const INSIGHTS_RANGES = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
export const INSIGHTS_GRANULARITIES = ['day', 'week', 'month'] as const;
export type InsightsGranularity = (typeof INSIGHTS_GRANULARITIES)[number];

/** A custom range spans at most this many days (a little over a year of daily points). */
export const INSIGHTS_MAX_DAYS = 400;
/** A subscription started within this long after a member opened a locked post is attributed to that post. */
export const UNLOCK_ATTRIBUTION_HOURS = 24;
export const INSIGHTS_POSTS_LIMIT = 50;
export const INSIGHTS_FANS_LIMIT = 10;

/**
 * The canonical IANA name of a time zone the runtime knows ('europe/paris' is 'Europe/Paris',
 * 'US/Eastern' is 'America/New_York'), or null. Only names: offsets such as '+05:00' are refused,
 * since SQL reads them with the opposite sign (POSIX).
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > 64 || !/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether the runtime knows the IANA time zone (e.g. 'Europe/Paris'); 'UTC' always is. */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'Choose a known time zone, such as Europe/Paris')
  .transform((timeZone) => canonicalTimeZone(timeZone) as string);

const localDateSchema = z.iso.date('Use a date as YYYY-MM-DD');

export const insightsParamsSchema = z.object({ creatorId: entityIdSchema });

/** The period a view covers: a preset ending today, or custom inclusive dates; the time zone defaults to the creator's setting. */
export const insightsQuerySchema = z.object({
  range: z.enum(INSIGHTS_RANGES).default('30d'),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  granularity: z.enum(INSIGHTS_GRANULARITIES).optional(),
  tz: timeZoneSchema.optional(),
});
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

export const INSIGHTS_POST_SORTS = ['views', 'likes', 'unlocks', 'published'] as const;
export type InsightsPostSort = (typeof INSIGHTS_POST_SORTS)[number];
export const insightsPostsQuerySchema = insightsQuerySchema.extend({
  sort: z.enum(INSIGHTS_POST_SORTS).default('views'),
});

export const statementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM'),
  tz: timeZoneSchema.optional(),
});

/** The days a view covers, in the creator's time zone: [from, to) and the period just before it, as long. */
export interface InsightsPeriod {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** The day after the last, YYYY-MM-DD. */
  to: string;
  previousFrom: string;
  previousTo: string;
  granularity: InsightsGranularity;
  /** The start day of each bucket, in order; the first is clamped to `from`. */
  buckets: string[];
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The calendar date of an instant in a time zone, YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The start day of the bucket a day falls in: the day, its week's Monday, or its month's first day. */
export function bucketStart(date: string, granularity: InsightsGranularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 7)}-01`;
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
  return dateOf(day - ((((day + 3) % 7) + 7) % 7));
}

export class InsightsRangeError extends Error {}

/** The period a query asks for, given today's date in the creator's time zone; throws InsightsRangeError for an impossible one. */
export function resolvePeriod(
  query: { range: InsightsRange; from?: string; to?: string; granularity?: InsightsGranularity },
  today: string,
): InsightsPeriod {
  let from: string;
  let to: string;
  const tomorrow = addDays(today, 1);
  switch (query.range) {
    case '7d':
    case '30d':
    case '90d':
      to = tomorrow;
      from = addDays(to, -Number.parseInt(query.range, 10));
      break;
    case '12m':
      to = addMonths(`${today.slice(0, 7)}-01`, 1);
      from = addMonths(to, -12);
      break;
    case 'custom': {
      if (!query.from || !query.to) throw new InsightsRangeError('A custom range needs both from and to dates.');
      if (query.to < query.from) throw new InsightsRangeError('The range ends before it starts.');
      from = query.from;
      to = addDays(query.to, 1);
      if (dayNumber(to) - dayNumber(from) > INSIGHTS_MAX_DAYS) {
        throw new InsightsRangeError(`A range spans at most ${INSIGHTS_MAX_DAYS} days.`);
      }
      break;
    }
  }
  const granularity = query.granularity ?? defaultGranularity(dayNumber(to) - dayNumber(from));
  let previousFrom: string;
  if (query.range === '12m') previousFrom = addMonths(from, -12);
  else previousFrom = addDays(from, -(dayNumber(to) - dayNumber(from)));
  const buckets: string[] = [];
  for (let start = from; start < to; ) {
    buckets.push(start);
    const aligned = bucketStart(start, granularity);
    start = granularity === 'day' ? addDays(aligned, 1) : granularity === 'week' ? addDays(aligned, 7) : addMonths(aligned, 1);
  }
  return { from, to, previousFrom, previousTo: from, granularity, buckets };
}

function defaultGranularity(days: number): InsightsGranularity {
  if (days <= 31) return 'day';
  if (days <= 120) return 'week';
  return 'month';
}

/** The bucket a day belongs to in a period: its bucket start, clamped to the period's first day. */
export function bucketOf(date: string, period: Pick<InsightsPeriod, 'from' | 'granularity'>): string {
  const start = bucketStart(date, period.granularity);
  return start < period.from ? period.from : start;
}

/** Change against the previous period as a fraction (0.25 = +25%); null when the previous period had nothing. */
export function relativeChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}

/** Churn: subscriptions that ended in a period over those active at its start; null without any. */
export function churnRate(ended: number, activeAtStart: number): number | null {
  return activeAtStart > 0 ? ended / activeAtStart : null;
}

/**
 * How a ledger entry counts in a creator's earnings. Entries are classed by kind: the
 * platform's fee (`platform_fee...`), the creator's earning (`creator_earning...`) and the
 * member's side (`payment`, `refund`, `chargeback`, ...), which is the gross. Each counts as
 * stored: whatever takes money back (a refund, a chargeback) is stored negative and whatever
 * gives it back again (a won dispute) positive, so each nets out in the period it is posted.
 * Only a member's `payment` is a charge.
 */
export type LedgerColumn = 'gross' | 'fee' | 'net';
export function ledgerColumn(kind: string): LedgerColumn {
  if (kind.startsWith('platform_fee')) return 'fee';
  if (kind.startsWith('creator_earning')) return 'net';
  return 'gross';
}
export function countsAsCharge(kind: string): boolean {
  return kind === 'payment';
}

/** What a posting of a charge's entries was, for a creator's statement line. */
export type LedgerPosting = 'payment' | 'refund' | 'chargeback' | 'dispute_won';
export function ledgerPosting(kind: string): LedgerPosting {
  if (kind.endsWith('chargeback_won') || kind.endsWith('dispute_fee_returned')) return 'dispute_won';
  if (kind.endsWith('chargeback') || kind.endsWith('dispute_fee')) return 'chargeback';
  if (kind === 'refund' || kind.endsWith('_reversal')) return 'refund';
  return 'payment';
}

const currencyOf = z.enum(Object.keys(CURRENCY_EXPONENTS) as [Currency, ...Currency[]]);
const count = z.number().int().min(0);
const money = z.number().int();
const change = z.number().nullable();
const periodSchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  previousFrom: localDateSchema,
  previousTo: localDateSchema,
  granularity: z.enum(INSIGHTS_GRANULARITIES),
  timeZone: z.string(),
  buckets: z.array(localDateSchema),
});
export type InsightsPeriodInfo = z.infer<typeof periodSchema>;

const earningsTotalsSchema = z.object({ grossMinor: money, feeMinor: money, netMinor: money, charges: count });

/** Where a creator's earnings come from; a refund counts against the source of the payment it gives back. */
export const EARNING_SOURCES = ['subscriptions', 'messages', 'tips', 'posts'] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];

/** Earnings of one currency: per bucket, the period's totals, the previous period's and the change of each, and the period's net by source. */
export const currencyEarningsSchema = z.object({
  currency: currencyOf,
  series: z.array(earningsTotalsSchema.extend({ bucket: localDateSchema })),
  bySource: z.array(z.object({ source: z.enum(EARNING_SOURCES), netMinor: money })),
  total: earningsTotalsSchema,
  previous: earningsTotalsSchema,
  change: z.object({ grossMinor: change, feeMinor: change, netMinor: change }),
});
export type CurrencyEarnings = z.infer<typeof currencyEarningsSchema>;
/** Where the creator's money is now, beside what the period earned: held, available to pay out, and paid out in all. */
const currencyBalanceNowSchema = z.object({ currency: currencyOf, pendingMinor: money, availableMinor: money, paidOutMinor: money });

export const earningsInsightsSchema = z.object({
  period: periodSchema,
  currencies: z.array(currencyEarningsSchema),
  balances: z.array(currencyBalanceNowSchema),
  platformFeePercent: z.number(),
});
export type EarningsInsights = z.infer<typeof earningsInsightsSchema>;

const subscriberFlowSchema = z.object({ new: count, renewed: count, cancelled: count, lapsed: count });
export const subscribersInsightsSchema = z.object({
  period: periodSchema,
  series: z.array(
    subscriberFlowSchema.extend({
      bucket: localDateSchema,
      /** Subscriptions valid at the end of the bucket (or now, for the current one). */
      active: count,
      /** Followers at the end of the bucket, by the day they followed (unfollows leave no trace). */
      followers: count,
      churnRate: z.number().nullable(),
    }),
  ),
  total: subscriberFlowSchema.extend({
    activeAtStart: count,
    activeAtEnd: count,
    churnRate: z.number().nullable(),
    followersAtEnd: count,
  }),
  previous: subscriberFlowSchema.extend({ churnRate: z.number().nullable() }),
  plans: z.array(
    subscriberFlowSchema.extend({
      planId: z.string(),
      name: z.string(),
      priceMinor: money,
      currency: currencyOf,
      billingPeriodDays: count,
      active: count,
    }),
  ),
});
export type SubscribersInsights = z.infer<typeof subscribersInsightsSchema>;

export const postInsightSchema = z.object({
  postId: z.string(),
  excerpt: z.string(),
  publishAt: z.iso.datetime({ offset: true }),
  locked: z.boolean(),
  views: count,
  likes: count,
  unlocks: count,
});
export type PostInsight = z.infer<typeof postInsightSchema>;
export const postsInsightsSchema = z.object({
  period: periodSchema,
  sort: z.enum(INSIGHTS_POST_SORTS),
  items: z.array(postInsightSchema),
  totals: z.object({ views: count, likes: count, unlocks: count }),
});
export type PostsInsights = z.infer<typeof postsInsightsSchema>;

const fanIdentity = z.object({
  userId: z.string(),
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
  avatarColor: z.string(),
});
export const fansInsightsSchema = z.object({
  bySpend: z.array(fanIdentity.extend({ currency: currencyOf, spentMinor: money, payments: count })),
  byTenure: z.array(
    fanIdentity.extend({ firstSubscribedAt: z.iso.datetime({ offset: true }), paidDays: count, subscribedNow: z.boolean() }),
  ),
});
export type FansInsights = z.infer<typeof fansInsightsSchema>;

export const insightsSettingsSchema = z.object({ timeZone: z.string().nullable() });
export type InsightsSettings = z.infer<typeof insightsSettingsSchema>;
export const updateInsightsSettingsSchema = z.object({ timeZone: timeZoneSchema.nullable() });
