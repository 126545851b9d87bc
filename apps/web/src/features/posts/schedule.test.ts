import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/dates';
import { scheduledText, scheduleError } from './schedule';

describe('scheduling', () => {
  it('words a publish time for people', () => {
    expect(scheduledText('2026-11-23T17:30:00.000Z', 'UTC')).toBe('Scheduled for Mon, Nov 23, 2026, 5:30 PM');
    expect(scheduledText('2026-11-23T17:30:00.000Z', 'America/New_York')).toBe('Scheduled for Mon, Nov 23, 2026, 12:30 PM');
    expect(formatDate('2026-01-05T00:30:00.000Z', 'UTC')).toBe('Jan 5, 2026');
  });

  it('takes only times in the future and within a year', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(scheduleError(null, now)).toBe('Choose a date and time');
    expect(scheduleError(new Date('2026-11-22T11:59:00Z'), now)).toBe('Choose a time in the future, or publish now');
    expect(scheduleError(new Date('2027-12-01T12:00:00Z'), now)).toBe('Schedule at most 365 days ahead');
    expect(scheduleError(new Date('2026-11-23T12:00:00Z'), now)).toBeNull();
  });
});
