import { describe, expect, it } from 'vitest';
import { lastOnlineText } from './last-online';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('lastOnlineText', () => {
  it('reads never-seen, online and past times', () => {
    expect(lastOnlineText(null, NOW)).toBe('Not seen yet');
    expect(lastOnlineText(ago(4 * 60_000), NOW)).toBe('Online now');
    expect(lastOnlineText(ago(3 * 3600_000), NOW)).toBe('Last online 3 hours ago');
    expect(lastOnlineText(ago(26 * 3600_000), NOW)).toBe('Last online yesterday');
    expect(lastOnlineText(ago(40 * 24 * 3600_000), NOW)).toBe('Last online last month');
  });
});
