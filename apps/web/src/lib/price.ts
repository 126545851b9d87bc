import {
  CONTENT_PRICE_MAX_MINOR,
  CONTENT_PRICE_MIN_MINOR,
  type ContentPrice,
  CURRENCY_EXPONENTS,
  type Currency,
  formatMoney,
} from '@aurum/core';

export type PriceParse = { ok: true; minor: number } | { ok: false; error: string };

/**
 * Reads a price typed in major units ("4.99", "5", "0.1", "4,99") as an integer count of
 * minor units, from the digits alone: no floating point, so 4.99 is exactly 499 and never
 * 498.99999. A single comma is a decimal comma; thousands separators ("1,000.00") are refused
 * rather than guessed at, as are signs, exponents and more decimals than the currency has.
 */
export function parsePrice(text: string, currency: Currency): PriceParse {
  const exponent: number = CURRENCY_EXPONENTS[currency];
  const value = text.trim();
  if (value === '') return { ok: false, error: 'Enter a price' };
  if (value.includes(',') && value.includes('.')) return { ok: false, error: 'Leave out thousands separators, e.g. 1000.00' };
  const normalised = value.replace(',', '.');
  if (normalised.includes(',')) return { ok: false, error: 'Leave out thousands separators, e.g. 1000.00' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: 'Enter the price as a number, e.g. 4.99' };
  // "1,000" reads like a thousand in English and like one in German: refuse to guess.
  if (value.includes(',') && fraction.length > exponent) return { ok: false, error: 'Leave out thousands separators, e.g. 1000.00' };
  if (fraction.length > exponent) {
    return { ok: false, error: exponent === 0 ? `${currency} prices have no decimals` : `Use at most ${exponent} decimals, e.g. 4.99` };
  }
  const digits = (whole + fraction.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return { ok: false, error: 'That price is too high' };
  return { ok: true, minor: Number(digits) };
}

/** The form's text for a stored price: 499 → "4.99", 500 → "5.00". */
export function formatPriceInput(minor: number, currency: Currency): string {
  const exponent: number = CURRENCY_EXPONENTS[currency];
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('A price is a non-negative whole number of minor units');
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * The price of content sold on its own (a paid message, a paid post) as a creator types it:
 * empty is no price; otherwise an amount in range, or why it is not one.
 */
export function parseContentPrice(text: string, currency: Currency): { price: ContentPrice | null; error: string | null } {
  if (text.trim() === '') return { price: null, error: null };
  const parsed = parsePrice(text, currency);
  if (!parsed.ok) return { price: null, error: parsed.error };
  if (parsed.minor < CONTENT_PRICE_MIN_MINOR || parsed.minor > CONTENT_PRICE_MAX_MINOR) {
    const money = (amountMinor: number) => formatMoney({ amountMinor, currency });
    return { price: null, error: `Enter an amount from ${money(CONTENT_PRICE_MIN_MINOR)} to ${money(CONTENT_PRICE_MAX_MINOR)}` };
  }
  return { price: { amountMinor: parsed.minor, currency }, error: null };
}
