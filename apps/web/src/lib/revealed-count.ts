import { useEffect, useState } from 'react';

/** Items drawn in the first pass: a phone's first screen. */
const FIRST_ITEMS = 3;
/** Items drawn per later task: short enough to stay clear of a long task on a slow phone. */
const ITEMS_PER_TASK = 2;

/**
 * How many of a list's `total` items to draw: the first screen at once, then a few more per
 * browser task until all are. A page of cards that arrives at once is drawn in short tasks,
 * between which the browser paints and answers input, instead of in one long one. Items already
 * drawn stay drawn when the list grows; new ones are revealed the same way.
 */
export function useRevealedCount(total: number): number {
  const [revealed, setRevealed] = useState(FIRST_ITEMS);
  useEffect(() => {
    if (revealed >= total) return;
    const timer = window.setTimeout(() => setRevealed((count) => count + ITEMS_PER_TASK), 0);
    return () => window.clearTimeout(timer);
  }, [revealed, total]);
  return Math.min(revealed, total);
}
