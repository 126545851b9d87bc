import { DAY_MS, ENDED_DAYS_DEFAULT, fanListRefSchema, MASS_MESSAGE_LISTS_MAX, MASS_MESSAGE_SCHEDULE_MAX_DAYS } from '@aurum/core';

/** The lists a new message starts with, from its address (`?include=subscribers,list:l1`): at most as many as it takes. */
export const startingLists = (include: string | null): string[] =>
  [...new Set((include ?? '').split(',').filter(Boolean))].slice(0, MASS_MESSAGE_LISTS_MAX);

/** The window of the ended list among them, so the lists offered hold that one; the default otherwise. */
export function endedDaysOf(refs: readonly string[]): number {
  for (const ref of refs) {
    const parsed = fanListRefSchema.safeParse(ref);
    if (parsed.success && parsed.data.kind === 'ended') return parsed.data.days;
  }
  return ENDED_DAYS_DEFAULT;
}

/** What is wrong with a chosen send time, or null when the server will take it. */
export function scheduleProblem(at: Date | null, now: Date = new Date()): string | null {
  if (!at) return 'Choose a date and time';
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future, or send now';
  if (at.getTime() - now.getTime() > MASS_MESSAGE_SCHEDULE_MAX_DAYS * DAY_MS) {
    return `Schedule at most ${MASS_MESSAGE_SCHEDULE_MAX_DAYS} days ahead`;
  }
  return null;
}
