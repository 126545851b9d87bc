/**
 * A price as the creator types it ("6", "6.5", "6.50", "6,50") in minor units; NaN for anything
 * else. Every currency the product prices in has two decimals.
 */
export function parsePriceInput(input: string): number {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(input.trim());
  if (!match) return Number.NaN;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
