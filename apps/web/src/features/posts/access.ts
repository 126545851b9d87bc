import { type AccessKeyword, accessPlanIds, formatMoney, type Plan, SUBSCRIPTION_PERIOD_DAYS } from '@aurum/core';

/**
 * The access chooser's rules, the same as the server's: a post names one or more audiences;
 * 'private' (only the creator) stands alone, so choosing it clears the others and choosing
 * anything else clears it. Specific plans can be chosen only while they are offered (active);
 * an inactive plan already on the post can still be taken off.
 */

export interface AccessOption {
  token: AccessKeyword;
  label: string;
  description: string;
}

export const ACCESS_OPTIONS: readonly AccessOption[] = [
  { token: 'public', label: 'Public', description: 'Everyone on Aurum.' },
  { token: 'follower', label: 'Followers', description: 'People who follow you.' },
  {
    token: 'sneakpeek',
    label: 'Sneak peek',
    description: 'Everyone sees a blurred teaser; any subscriber sees it all.',
  },
  { token: 'subscription', label: 'Subscribers', description: 'Anyone subscribed to one of your plans.' },
  { token: 'private', label: 'Private', description: 'Only you.' },
];

export const PRIVATE = 'private';

/** The access list after the creator ticks or unticks one entry. */
export function toggleAccess(selected: readonly string[], token: string, checked: boolean): string[] {
  if (!checked) return selected.filter((entry) => entry !== token);
  if (token === PRIVATE) return [PRIVATE];
  const others = selected.filter((entry) => entry !== PRIVATE && entry !== token);
  return [...others, token];
}

/** Whether a plan's box can be changed: active plans always; inactive ones only to take them off. */
export function planSelectable(plan: Pick<Plan, 'id' | 'active'>, selected: readonly string[]): boolean {
  return plan.active || selected.includes(plan.id);
}

/** "$4.99 every 30 days". */
export function planPriceText(plan: Pick<Plan, 'priceMinor' | 'currency'> & { billingPeriodDays?: number }): string {
  return `${formatMoney({ amountMinor: plan.priceMinor, currency: plan.currency })} every ${plan.billingPeriodDays ?? SUBSCRIPTION_PERIOD_DAYS} days`;
}

/** Why the list cannot be sent as it is, or null. */
export function accessError(selected: readonly string[]): string | null {
  if (selected.length === 0) return 'Choose who can see this post';
  if (selected.includes(PRIVATE) && selected.length > 1) return 'A private post cannot also be shared with others';
  return null;
}

/** Short words for a post's audience, for chips and summaries: "Subscribers, Followers", "Gold plan". */
export function describeAccess(access: readonly string[], plans: readonly Pick<Plan, 'id' | 'name'>[] = []): string {
  const words: string[] = [];
  for (const option of ACCESS_OPTIONS) if (access.includes(option.token)) words.push(option.label);
  const planIds = accessPlanIds(access);
  if (planIds.length > 0) {
    const names = planIds.map((id) => plans.find((plan) => plan.id === id)?.name).filter((name): name is string => Boolean(name));
    words.push(names.length === planIds.length ? names.join(', ') : planIds.length === 1 ? '1 plan' : `${planIds.length} plans`);
  }
  return words.join(' · ');
}
