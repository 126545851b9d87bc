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
