import { DAY_MS, POST_SCHEDULE_MAX_DAYS } from '@aurum/core';
import { formatDateTime } from '../../lib/dates';

/* Scheduling a post: when it may go out, and the time worded for people. */

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
