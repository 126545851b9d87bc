import type { Currency, InsightsGranularity } from '@aurum/core';
import { formatMoney } from '@aurum/core';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** A bucket's short label: 'Jan 5' for a day or week, 'Jan 2026' for a month. */
export function bucketLabel(bucket: string, granularity: InsightsGranularity): string {
  return granularity === 'month' ? monthFormat.format(utcDate(bucket)) : dayFormat.format(utcDate(bucket));
}

/** The column heading of a bucket in a data table. */
export function bucketHeading(granularity: InsightsGranularity): string {
  return granularity === 'day' ? 'Day' : granularity === 'week' ? 'Week from' : 'Month';
}

/** 'January 1, 2026 to January 14, 2026' for a period [from, to). */
export function periodText(from: string, toExclusive: string): string {
  const last = new Date(utcDate(toExclusive).getTime() - 86_400_000);
  return `${longDayFormat.format(utcDate(from))} to ${longDayFormat.format(last)}`;
}

export const money = (amountMinor: number, currency: Currency) => formatMoney({ amountMinor, currency });

/** A change against the previous period, as words and a sign, so colour is never the only signal. */
export function changeText(change: number | null): { text: string; direction: 'up' | 'down' | 'flat' | 'new' } {
  if (change === null) return { text: 'new this period', direction: 'new' };
  if (change === 0) return { text: 'no change', direction: 'flat' };
  const percent = Math.abs(change * 100);
  const shown = percent >= 10 ? Math.round(percent).toString() : percent.toFixed(1).replace(/\.0$/, '');
  return change > 0 ? { text: `+${shown}%`, direction: 'up' } : { text: `−${shown}%`, direction: 'down' };
}

export const percent = (fraction: number | null) => (fraction === null ? '–' : `${(fraction * 100).toFixed(1).replace(/\.0$/, '')}%`);

/** The last 12 calendar months up to this one, newest first, as YYYY-MM. */
export function recentMonths(today: string, count = 12): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export const monthName = (month: string) => monthFormat.format(utcDate(`${month}-01`));

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
