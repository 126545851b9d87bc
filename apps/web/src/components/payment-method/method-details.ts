import type { PaymentMethod } from '@aurum/core';

/** Stripe's brand names as people write them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string | null): string | null {
  if (!brand || brand === 'unknown') return null;
  return BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "12/2030". */
export function expiryText(method: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string | null {
  if (!method.expMonth || !method.expYear) return null;
  return `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(method: Pick<PaymentMethod, 'expMonth' | 'expYear'>, now: Date = new Date()): boolean {
  if (!method.expMonth || !method.expYear) return false;
  return now.getFullYear() * 12 + now.getMonth() + 1 > method.expYear * 12 + method.expMonth;
}

/** The line under a method's name: "Visa · Expires 12/2030", "PayPal account". */
export function methodDetailsText(method: Pick<PaymentMethod, 'type' | 'brand' | 'expMonth' | 'expYear'>, now: Date = new Date()): string {
  if (method.type === 'paypal') return 'PayPal account';
  const expiry = expiryText(method);
  const parts = [brandName(method.brand), expiry && `${isExpired(method, now) ? 'Expired' : 'Expires'} ${expiry}`];
  return parts.filter(Boolean).join(' · ');
}
