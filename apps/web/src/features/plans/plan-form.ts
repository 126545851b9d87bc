import {
  BUNDLE_MONTHS,
  type Bundle,
  type BundleMonths,
  type Currency,
  createPlanSchema,
  formatMoney,
  PLAN_PRICE_MAX_MINOR,
  PLAN_PRICE_MIN_MINOR,
  type Plan,
  type PlanPerks,
} from '@aurum/core';
import { type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { formatPriceInput, parsePrice } from '../../lib/price';

export interface PlanFormValues {
  name: string;
  description: string;
  /** As typed, in major units: "4.99". */
  price: string;
  currency: Currency;
  chat: boolean;
  /** Per bundle length, its discount in percent as typed ("10"), or null when the plan is not sold for that long. */
  bundles: Record<BundleMonths, string | null>;
}

export const PLAN_FORM_FIELDS = ['name', 'description', 'price', 'currency', 'bundles'] as const;
export type PlanFormField = (typeof PLAN_FORM_FIELDS)[number];

/** What create and update send. */
export interface PlanInput {
  name: string;
  description: string;
  priceMinor: number;
  currency: Currency;
  perks: PlanPerks;
  bundles: Bundle[];
}

export type PlanFormResult = { ok: true; input: PlanInput } | { ok: false; errors: FieldErrors<PlanFormField> };

export const emptyPlanForm = (currency: Currency = 'USD'): PlanFormValues => ({
  name: '',
  description: '',
  price: '',
  currency,
  chat: false,
  bundles: { 3: null, 6: null, 12: null },
});

export function planFormValues(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description,
    price: formatPriceInput(plan.priceMinor, plan.currency),
    currency: plan.currency,
    chat: plan.perks.chat,
    bundles: Object.fromEntries(
      BUNDLE_MONTHS.map((months) => {
        const bundle = plan.bundles.find((offered) => offered.months === months);
        return [months, bundle ? String(bundle.discountPercent) : null];
      }),
    ) as PlanFormValues['bundles'],
  };
}

/**
 * Checks a plan form with the API's own rules: the price string becomes exact minor units,
 * within the allowed range (said in the plan's currency), and name and description fit.
 */
export function validatePlanForm(values: PlanFormValues): PlanFormResult {
  const errors: FieldErrors<PlanFormField> = {};
  const price = parsePrice(values.price, values.currency);
  if (!price.ok) errors.price = price.error;
  else if (price.minor < PLAN_PRICE_MIN_MINOR) {
    errors.price = `The price is at least ${formatMoney({ amountMinor: PLAN_PRICE_MIN_MINOR, currency: values.currency })}`;
  } else if (price.minor > PLAN_PRICE_MAX_MINOR) {
    errors.price = `The price is at most ${formatMoney({ amountMinor: PLAN_PRICE_MAX_MINOR, currency: values.currency })}`;
  }
  const parsed = createPlanSchema.safeParse({
    name: values.name,
    description: values.description,
    priceMinor: price.ok ? price.minor : PLAN_PRICE_MIN_MINOR,
    currency: values.currency,
    perks: { chat: values.chat },
    bundles: BUNDLE_MONTHS.flatMap((months) => {
      const typed = values.bundles[months];
      return typed === null ? [] : [{ months, discountPercent: typed.trim() === '' ? Number.NaN : Number(typed) }];
    }),
  });
  if (!parsed.success) Object.assign(errors, { ...issuesToFieldErrors(parsed.error.issues, PLAN_FORM_FIELDS), ...errors });
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
