import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/dates';
import { fromDateTimeLocalValue, scheduledText, scheduleError, toDateTimeLocalValue } from './schedule';

describe('scheduling', () => {
  it('words a publish time for people', () => {
    expect(scheduledText('2026-11-23T17:30:00.000Z', 'UTC')).toBe('Scheduled for Mon, Nov 23, 2026, 5:30 PM');
    expect(scheduledText('2026-11-23T17:30:00.000Z', 'America/New_York')).toBe('Scheduled for Mon, Nov 23, 2026, 12:30 PM');
    expect(formatDate('2026-01-05T00:30:00.000Z', 'UTC')).toBe('Jan 5, 2026');
  });

  it('reads and writes the date-time input in local time', () => {
    const at = fromDateTimeLocalValue('2026-11-23T09:05');
    expect(at).not.toBeNull();
    expect(at?.getHours()).toBe(9);
    expect(at?.getMinutes()).toBe(5);
    expect(toDateTimeLocalValue(at as Date)).toBe('2026-11-23T09:05');
    expect(fromDateTimeLocalValue('')).toBeNull();
    expect(fromDateTimeLocalValue('2026-02-30T10:00')).toBeNull();
    expect(fromDateTimeLocalValue('tomorrow')).toBeNull();
  });

  it('takes only times in the future and within a year', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(scheduleError(null, now)).toBe('Choose a date and time');
    expect(scheduleError(new Date('2026-11-22T11:59:00Z'), now)).toBe('Choose a time in the future, or publish now');
    expect(scheduleError(new Date('2027-12-01T12:00:00Z'), now)).toBe('Schedule at most 365 days ahead');
    expect(scheduleError(new Date('2026-11-23T12:00:00Z'), now)).toBeNull();
  });
});
