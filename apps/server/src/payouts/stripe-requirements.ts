/**
 * What Stripe asks of a connected account, in words a creator understands. Stripe names each
 * missing detail by its field (`individual.dob.day`) and says why it stopped an account in a
 * code (`requirements.past_due`); several fields make one thing to do.
 */

const NEEDS_BY_FIELD: readonly [prefix: string, need: string][] = [
  ['external_account', 'The bank account Stripe pays into'],
  ['tos_acceptance.', "Your acceptance of Stripe's terms"],
  ['individual.verification.', 'A photo of your identity document'],
  ['individual.dob.', 'Your date of birth'],
  ['individual.address.', 'Your home address'],
  ['individual.first_name', 'Your legal name'],
  ['individual.last_name', 'Your legal name'],
  ['individual.ssn_last_4', 'Your tax identification number'],
  ['individual.id_number', 'Your tax identification number'],
  ['individual.phone', 'Your phone number'],
  ['individual.email', 'Your email address'],
  ['business_profile.', 'What you sell and where (your Aurum page)'],
];
const OTHER_NEED = 'Other details Stripe asks for';

const WHY_DISABLED: Readonly<Record<string, string>> = {
  'requirements.past_due': 'Stripe paused the account until it gets the details above.',
  'requirements.pending_verification': 'Stripe is checking the details you gave. This usually takes from a few minutes to a day.',
  under_review: 'Stripe is reviewing the account.',
  platform_paused: 'Payouts to this account are paused.',
  platform_disconnected: 'You disconnected your Stripe account from Aurum. Set up payouts with Stripe again.',
};
const REJECTED = "Stripe closed the account. Contact Stripe's support, or choose another payout method.";
const OTHER_REASON = 'Stripe stopped payouts to the account. Open it on Stripe to see why.';

/** The things to do, once each, in the order Stripe listed their first field; then why Stripe stopped the account. */
export function describeStripeNeeds(requirements: readonly string[], disabledReason: string | null): string[] {
  const needs = requirements.map((field) => NEEDS_BY_FIELD.find(([prefix]) => field.startsWith(prefix))?.[1] ?? OTHER_NEED);
  if (disabledReason) needs.push(disabledReason.startsWith('rejected.') ? REJECTED : (WHY_DISABLED[disabledReason] ?? OTHER_REASON));
  return [...new Set(needs)];
}
