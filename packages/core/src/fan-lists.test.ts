import { describe, expect, it } from 'vitest';
import { ENDED_DAYS_MAX, type FanListRef, fanListRefSchema, formatFanListRef } from './fan-lists.js';

describe('fan list references', () => {
  const refs: FanListRef[] = [
    { kind: 'subscribers' },
    { kind: 'never_subscribed' },
    { kind: 'top_spenders' },
    { kind: 'tippers' },
    { kind: 'ended', days: 30 },
    { kind: 'plan', planId: 'plan_1' },
    { kind: 'custom', listId: 'list-9' },
  ];

  it.each(refs)('reads back what it writes: %o', (ref) => {
    expect(fanListRefSchema.parse(formatFanListRef(ref))).toEqual(ref);
  });

  it.each([
    ['', 'Unknown list'],
    ['everyone', 'Unknown list'],
    ['subscribers:1', 'Unknown list'],
    ['plan:', 'Unknown list'],
    ['plan:a/b', 'Unknown list'],
    ['list', 'Unknown list'],
    ['list:a:b', 'Unknown list'],
    ['ended:0', 'At least 1 day'],
    [`ended:${ENDED_DAYS_MAX + 1}`, `At most ${ENDED_DAYS_MAX} days`],
    ['ended:1.5', 'A number of days is a whole number'],
  ])('refuses %j with a message', (value, message) => {
    const result = fanListRefSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
