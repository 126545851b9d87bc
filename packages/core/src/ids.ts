/** Random hex characters after the time: 36 bits, so ids made in the same millisecond elsewhere do not meet. */
const SUFFIX_DIGITS = 9;
const SUFFIX_SPACE = 16 ** SUFFIX_DIGITS;
/** The most one id's suffix steps past the previous one's within a millisecond: the next id cannot be told from this one. */
const MAX_STEP = 2 ** 16;

let previous = { now: -1, suffix: 0 };

/**
 * Generated ids: the current time in milliseconds as hex followed by 9 hex characters, so ids
 * sort by creation and are not guessed. The first id of a millisecond in this process takes a
 * random suffix; later ones in the same millisecond step past it by a random amount, so one
 * process never makes the same id twice (a burst of thousands in a millisecond included).
 */
export function generateId(now: number = Date.now(), random: () => number = Math.random): string {
  const step = 1 + Math.floor(random() * MAX_STEP);
  const following = now === previous.now && previous.suffix + step < SUFFIX_SPACE;
  const suffix = following ? previous.suffix + step : Math.floor(random() * SUFFIX_SPACE);
  previous = { now, suffix };
  return now.toString(16) + suffix.toString(16).padStart(SUFFIX_DIGITS, '0');
}

export const ID_PATTERN = /^[0-9a-f]{8,20}$/;
