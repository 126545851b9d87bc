const compactFormatter = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Compact en-US number: 950, 1.2K, 3.4M. */
export function formatCompactNumber(value: number): string {
  return compactFormatter.format(value);
}

/** ISO 4217 currencies the product prices in, with their minor-unit exponent. */
export const CURRENCY_EXPONENTS = { USD: 2, EUR: 2, GBP: 2, CAD: 2, AUD: 2, CHF: 2 } as const;
export type Currency = keyof typeof CURRENCY_EXPONENTS;

/** A sum of money: an integer count of the currency's minor units (cents). */
export interface Money {
  amountMinor: number;
  currency: Currency;
}

/** Money for display: minor units divided by 100 with two decimals, e.g. "$4.99". */
export function formatMoney({ amountMinor, currency }: Money): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amountMinor must be an integer');
  const exponent = CURRENCY_EXPONENTS[currency];
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(amountMinor / 10 ** exponent);
}

/** Minor units as a plain decimal, as spreadsheets and payout APIs read amounts: 499 USD is 4.99. */
export function majorUnits(amountMinor: number, currency: Currency): string {
  const exponent: number = CURRENCY_EXPONENTS[currency];
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Bytes for people: "900 KB", "12.5 MB", "20 GB" (decimal units, as phones and file managers show sizes). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
