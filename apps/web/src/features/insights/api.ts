import type {
  EarningsInsights,
  FansInsights,
  InsightsGranularity,
  InsightsPostSort,
  InsightsRange,
  InsightsSettings,
  PostsInsights,
  SubscribersInsights,
} from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';

/** The period the page shows: a preset or custom dates, with the time zone it is counted in. */
export interface PeriodChoice {
  range: InsightsRange;
  from?: string;
  to?: string;
  granularity?: InsightsGranularity;
  tz: string;
}

const insightsKey = (creatorId: string) => ['insights', creatorId] as const;

function periodSearch(period: PeriodChoice): URLSearchParams {
  const search = new URLSearchParams({ range: period.range, tz: period.tz });
  if (period.range === 'custom' && period.from && period.to) {
    search.set('from', period.from);
    search.set('to', period.to);
  }
  if (period.granularity) search.set('granularity', period.granularity);
  return search;
}

const base = (creatorId: string) => `/creators/${encodeURIComponent(creatorId)}/insights`;

export const earningsInsightsQuery = (creatorId: string, period: PeriodChoice) =>
  queryOptions({
    queryKey: [...insightsKey(creatorId), 'earnings', period] as const,
    queryFn: () => api.get<EarningsInsights>(`${base(creatorId)}/earnings?${periodSearch(period)}`),
  });

export const subscribersInsightsQuery = (creatorId: string, period: PeriodChoice) =>
  queryOptions({
    queryKey: [...insightsKey(creatorId), 'subscribers', period] as const,
    queryFn: () => api.get<SubscribersInsights>(`${base(creatorId)}/subscribers?${periodSearch(period)}`),
  });

export const postsInsightsQuery = (creatorId: string, period: PeriodChoice, sort: InsightsPostSort) =>
  queryOptions({
    queryKey: [...insightsKey(creatorId), 'posts', period, sort] as const,
    queryFn: () => {
      const search = periodSearch(period);
      search.set('sort', sort);
      return api.get<PostsInsights>(`${base(creatorId)}/posts?${search}`);
    },
  });

export const fansInsightsQuery = (creatorId: string) =>
  queryOptions({
    queryKey: [...insightsKey(creatorId), 'fans'] as const,
    queryFn: () => api.get<FansInsights>(`${base(creatorId)}/fans`),
  });

/** Where the browser downloads a month's statement (YYYY-MM) as CSV. */
export const statementUrl = (creatorId: string, month: string, tz: string) =>
  `/api${base(creatorId)}/statement.csv?${new URLSearchParams({ month, tz })}`;

export const insightsSettingsQuery = queryOptions({
  queryKey: ['insightsSettings'] as const,
  queryFn: () => api.get<InsightsSettings>('/me/insights-settings'),
});

export const saveInsightsSettings = (timeZone: string | null) => apiRequest<InsightsSettings>('PUT', '/me/insights-settings', { timeZone });
