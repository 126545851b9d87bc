/**
 * Countries a payout account can be in. Most banks outside North America and Oceania use an
 * IBAN; the United States uses an account and a routing number, as do the others marked.
 */
export interface PayoutCountry {
  code: string;
  name: string;
  /** The bank account is given as an IBAN (otherwise as an account number). */
  iban: boolean;
  /** The currency payouts to this country usually come in. */
  currency: string;
}

// biome-ignore format: one country per line would run to a hundred lines
const COUNTRIES: Array<[code: string, iban: boolean, currency: string]> = [
  ['AT', true, 'EUR'], ['AU', false, 'AUD'], ['BE', true, 'EUR'], ['BG', true, 'BGN'], ['CA', false, 'CAD'], ['CH', true, 'CHF'],
  ['CY', true, 'EUR'], ['CZ', true, 'CZK'], ['DE', true, 'EUR'], ['DK', true, 'DKK'], ['EE', true, 'EUR'], ['ES', true, 'EUR'],
  ['FI', true, 'EUR'], ['FR', true, 'EUR'], ['GB', true, 'GBP'], ['GR', true, 'EUR'], ['HR', true, 'EUR'], ['HU', true, 'HUF'],
  ['IE', true, 'EUR'], ['IS', true, 'ISK'], ['IT', true, 'EUR'], ['LI', true, 'CHF'], ['LT', true, 'EUR'], ['LU', true, 'EUR'],
  ['LV', true, 'EUR'], ['MT', true, 'EUR'], ['NL', true, 'EUR'], ['NO', true, 'NOK'], ['NZ', false, 'NZD'], ['PL', true, 'PLN'],
  ['PT', true, 'EUR'], ['RO', true, 'RON'], ['SE', true, 'SEK'], ['SI', true, 'EUR'], ['SK', true, 'EUR'], ['US', false, 'USD'],
];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const PAYOUT_COUNTRIES: PayoutCountry[] = COUNTRIES.map(([code, iban, currency]) => ({
  code,
  name: regionNames.of(code) ?? code,
  iban,
  currency,
})).sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const PAYOUT_CURRENCIES = [...new Set(['USD', 'EUR', 'GBP', ...COUNTRIES.map(([, , currency]) => currency)])].sort();

export function payoutCountry(code: string): PayoutCountry | undefined {
  return PAYOUT_COUNTRIES.find((country) => country.code === code);
}
