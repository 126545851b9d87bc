import { DAY_MS, POST_SCHEDULE_MAX_DAYS } from '@aurum/core';
import { formatDateTime } from '../../lib/dates';

/**
 * Scheduling a post: the browser's date-time input speaks local wall-clock time
 * ("2026-11-23T09:30"); the API speaks ISO instants. These convert between the two and word
 * the result for people.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as a datetime-local input value, in the browser's time zone, to the minute. */
export function toDateTimeLocalValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names, or null when it is empty or not a date. */
export function fromDateTimeLocalValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(year ?? 0, (month ?? 1) - 1, day, hours, minutes, seconds);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== (month ?? 1) - 1 || date.getDate() !== day) return null;
  return date;
}

/** What is wrong with a chosen publish time, or null when the server will take it. */
export function scheduleError(at: Date | null, now: Date = new Date()): string | null {
  if (!at) return 'Choose a date and time';
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future, or publish now';
  if (at.getTime() - now.getTime() > POST_SCHEDULE_MAX_DAYS * DAY_MS) return `Schedule at most ${POST_SCHEDULE_MAX_DAYS} days ahead`;
  return null;
}

/** "Scheduled for Mon, Nov 23, 2026, 9:30 AM". */
export function scheduledText(at: Date | string, timeZone?: string): string {
  return `Scheduled for ${formatDateTime(at, timeZone)}`;
}
