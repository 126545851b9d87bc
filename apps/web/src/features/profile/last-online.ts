import { ONLINE_HEARTBEAT_MS } from '@aurum/core';

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/**
 * How recently a user was seen. Someone whose heartbeat is less than two intervals old
 * counts as online, allowing for one late beat.
 */
export function lastOnlineText(lastOnline: string | null, now: number = Date.now()): string {
  if (!lastOnline) return 'Not seen yet';
  const elapsed = now - new Date(lastOnline).getTime();
  if (elapsed < 2 * ONLINE_HEARTBEAT_MS) return 'Online now';
  const [unit, size] = UNITS.find(([, unitSize]) => elapsed >= unitSize) ?? ['minute', 60_000];
  return `Last online ${relative.format(-Math.floor(elapsed / size), unit)}`;
}
