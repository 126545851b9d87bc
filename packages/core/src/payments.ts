import { entityIdSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Payment methods. The card number goes from the browser to the payment provider only
 * (Stripe.js, or the development provider's token endpoint); Aurum keeps the provider's
 * token and what the member needs to recognise the method.
 */

export const PAYMENT_METHOD_TYPES = ['card', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

const isoDate = z.iso.datetime({ offset: true });

export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  email: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  isDefault: z.boolean(),
  /** The text of spec section 3, e.g. 'Credit Card ending in 4242'. */
  displayText: z.string(),
  createdAt: isoDate,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z.object({ items: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

export const paymentMethodParamsSchema = z.object({ methodId: entityIdSchema });

/** Saving a method: the token the provider gave the browser for it. */
export const addPaymentMethodSchema = z.object({
  token: z.string().trim().min(1, 'The payment details are missing').max(255),
  makeDefault: z.boolean().default(false),
});

/** How the browser collects payment details: Stripe Elements with this key, or the development provider's form. */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('dev') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The development provider's stand-in for Stripe.js: card or PayPal details in, a token out. */
export const devTokenRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('card'),
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
    expMonth: z.coerce.number().int().min(1, 'Enter a month from 1 to 12').max(12, 'Enter a month from 1 to 12'),
    expYear: z.coerce.number().int().min(2000, 'Enter the year with four digits').max(2100, 'Enter the year with four digits'),
    cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  }),
  z.object({ type: z.literal('paypal'), email: z.email('Enter the PayPal e-mail address').max(254) }),
]);
export type DevTokenRequest = z.input<typeof devTokenRequestSchema>;
export const devTokenSchema = z.object({ token: z.string() });

/**
 * The development provider's documented test cards (any future expiry, any CVC). Other
 * numbers that pass the Luhn check succeed like the first. PayPal accounts succeed unless
 * the address starts with 'declined'.
 */
export const DEV_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  failsOnRenewal: '4000000000000341',
} as const;

/** What the member reads for a saved method (spec section 3). */
export interface PaymentMethodDisplayInput {
  id: string;
  type: string;
  last4?: string | null;
  email?: string | null;
}

export function paymentMethodText(method: PaymentMethodDisplayInput | null | undefined): string {
  if (!method) return 'Unknown';
  if (method.type === 'card' && method.last4) return `Credit Card ending in ${method.last4}`;
  if (method.type === 'paypal' && method.email) return `PayPal - ${method.email}`;
  return `Unknown - ${method.type} - ${method.id}`;
}

/** The Luhn checksum every real card number passes; catches most typing mistakes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand from the number's leading digits, in Stripe's brand names. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}
