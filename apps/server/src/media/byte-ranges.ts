/** One range from a `Range` header: from `start` (to `end`, inclusive, or the last byte), or the last `suffix` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffix: number };

/**
 * Reads a `Range: bytes=...` header as one range. Anything else (another unit, several ranges,
 * malformed or reversed numbers) gives null, and the whole file is sent, as HTTP allows.
 * Browsers seeking in a video ask for one open-ended range.
 */
export function parseRangeHeader(header: string | undefined): RangeRequest | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  const start = first === '' ? null : Number(first);
  const end = last === '' ? null : Number(last);
  if ((start !== null && !Number.isSafeInteger(start)) || (end !== null && !Number.isSafeInteger(end))) return null;
  if (start === null) return end === null ? null : { suffix: end };
  if (end === null) return { start };
  return end >= start ? { start, end } : null;
}
