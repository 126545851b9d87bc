import { describe, expect, it } from 'vitest';
import { formatDate, fromDateTimeLocalValue, toDateTimeLocalValue } from './dates';

describe('formatDate', () => {
  it('writes the day in the time zone asked for, each zone with its own formatter', () => {
    const lateEvening = '2026-11-22T23:30:00Z';
    expect(formatDate(lateEvening, 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate(lateEvening, 'Asia/Tokyo')).toBe('Nov 23, 2026');
    expect(formatDate(new Date(lateEvening), 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate(lateEvening, 'America/Los_Angeles')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-23T02:00:00Z', 'America/Los_Angeles')).toBe('Nov 22, 2026');
    expect(formatDate(lateEvening)).toBe(
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(lateEvening)),
    );
  });
});

describe('the date-time input', () => {
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
});
