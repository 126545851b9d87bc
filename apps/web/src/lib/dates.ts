/**
 * One formatter per time zone (`''`: the browser's), made on first use: building an
 * Intl.DateTimeFormat costs far more than formatting with one, and a feed formats a date per card.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone = ''): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** "Nov 22, 2026": the day something happened (a post went out, a payment was made). */
export function formatDate(at: Date | string, timeZone?: string): string {
  return dayFormatter(timeZone).format(typeof at === 'string' ? new Date(at) : at);
}

/** "Mon, Nov 23, 2026, 9:30 AM". */
export function formatDateTime(at: Date | string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(typeof at === 'string' ? new Date(at) : at);
}

/*
 * The browser's date-time input speaks local wall-clock time ("2026-11-23T09:30"); the API
 * speaks ISO instants. These convert between the two.
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
