import { emailSchema } from './schemas.js';
import { z } from './zod-config.js';

/** Where a creator's earnings go: a bank account or PayPal. One method is active at a time. */

export const PAYOUT_METHOD_TYPES = ['bank_account', 'paypal'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];
export const MAX_PAYOUT_METHODS = 10;

/** IBAN lengths by country, from the IBAN registry; a known country's IBAN must have exactly this length. */
// biome-ignore format: a compact table reads better than one country per line
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29,
  RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22,
  VG: 24, XK: 20,
};

/** Drops the spaces and dashes people type into account numbers and IBANs; upper-cases letters. */
export function compactAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * ISO 13616 check: the right length for its country, and the number formed by moving the
 * first four characters to the end (letters as 10-35) leaves remainder 1 modulo 97.
 */
export function isValidIban(value: string): boolean {
  const iban = compactAccountNumber(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength !== undefined && iban.length !== expectedLength) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const digits = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    // Digit by digit keeps every intermediate value small; the IBAN as a number would overflow.
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A US ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return weights.reduce((sum, weight, index) => sum + weight * Number(value[index]), 0) % 10 === 0;
}

/** The last four characters, the only part of an account number that is ever stored or shown. */
export function lastFour(value: string): string {
  return compactAccountNumber(value).slice(-4);
}

const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as DE or US');
const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR or USD');

/** `makeActive` (default true) makes the new method the one payouts go to. */
const makeActiveSchema = z.boolean().optional();

export const bankAccountInputSchema = z
  .object({
    type: z.literal('bank_account'),
    holderName: z.string().trim().min(1, 'Enter the account holder name').max(100, 'A name has at most 100 characters'),
    country: countryCodeSchema,
    currency: currencyCodeSchema,
    iban: z.string().trim().max(50).optional(),
    accountNumber: z.string().trim().max(50).optional(),
    routingNumber: z.string().trim().max(20).optional(),
    makeActive: makeActiveSchema,
  })
  .superRefine((input, ctx) => {
    const iban = input.iban ? compactAccountNumber(input.iban) : '';
    const accountNumber = input.accountNumber ? compactAccountNumber(input.accountNumber) : '';
    const routingNumber = input.routingNumber ? compactAccountNumber(input.routingNumber) : '';
    if (iban && accountNumber) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Enter an IBAN or an account number, not both' });
      return;
    }
    if (!iban && !accountNumber) {
      ctx.addIssue({
        code: 'custom',
        path: [input.country === 'US' ? 'accountNumber' : 'iban'],
        message: 'Enter an IBAN or an account number',
      });
      return;
    }
    if (iban) {
      if (!isValidIban(iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'This IBAN is not valid; check it for typos' });
      else if (iban.slice(0, 2) !== input.country) {
        ctx.addIssue({ code: 'custom', path: ['iban'], message: `This IBAN is for ${iban.slice(0, 2)}, not ${input.country}` });
      }
      return;
    }
    const accountPattern = input.country === 'US' ? /^\d{4,17}$/ : /^[A-Z0-9]{4,34}$/;
    if (!accountPattern.test(accountNumber)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'This account number is not valid' });
    }
    if (input.country === 'US' && !isValidAbaRoutingNumber(routingNumber)) {
      ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: 'Enter the 9-digit routing number of the bank' });
    } else if (routingNumber && !/^[A-Z0-9]{3,20}$/.test(routingNumber)) {
      ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: 'This routing number is not valid' });
    }
  });
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

export const paypalInputSchema = z.object({ type: z.literal('paypal'), email: emailSchema, makeActive: makeActiveSchema });

export const payoutMethodInputSchema = z.discriminatedUnion('type', [bankAccountInputSchema, paypalInputSchema]);
export type PayoutMethodInput = z.input<typeof payoutMethodInputSchema>;

const isoDate = z.iso.datetime({ offset: true });
const payoutMethodBase = { id: z.string(), active: z.boolean(), createdAt: isoDate };

/** A payout method as the API shows it: masked, never the full account number. */
export const payoutMethodSchema = z.discriminatedUnion('type', [
  z.object({
    ...payoutMethodBase,
    type: z.literal('bank_account'),
    details: z.object({
      holderName: z.string(),
      country: z.string(),
      currency: z.string(),
      last4: z.string(),
      accountKind: z.enum(['iban', 'account_number']),
    }),
  }),
  z.object({ ...payoutMethodBase, type: z.literal('paypal'), details: z.object({ email: z.string() }) }),
]);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/** The text a payout method is shown with. */
export function payoutMethodLabel(method: PayoutMethod): string {
  return method.type === 'paypal' ? `PayPal - ${method.details.email}` : `Bank account ending in ${method.details.last4}`;
}
