import { describe, expect, it } from 'vitest';
import { describeStripeNeeds } from './stripe-requirements.js';

describe('describeStripeNeeds', () => {
  it('says each thing to do once, in the order Stripe listed it', () => {
    expect(
      describeStripeNeeds(
        [
          'individual.dob.day',
          'individual.dob.month',
          'external_account',
          'individual.first_name',
          'individual.last_name',
          'tos_acceptance.date',
        ],
        null,
      ),
    ).toEqual(['Your date of birth', 'The bank account Stripe pays into', 'Your legal name', "Your acceptance of Stripe's terms"]);
  });

  it('names a field it does not know as other details', () => {
    expect(describeStripeNeeds(['company.tax_id', 'settings.payments.statement_descriptor'], null)).toEqual([
      'Other details Stripe asks for',
    ]);
  });

  it('adds why Stripe stopped the account after what it needs', () => {
    expect(describeStripeNeeds(['individual.verification.document'], 'requirements.past_due')).toEqual([
      'A photo of your identity document',
      'Stripe paused the account until it gets the details above.',
    ]);
    expect(describeStripeNeeds([], 'rejected.fraud')).toEqual([
      "Stripe closed the account. Contact Stripe's support, or choose another payout method.",
    ]);
    expect(describeStripeNeeds([], 'something_new')).toEqual(['Stripe stopped payouts to the account. Open it on Stripe to see why.']);
  });

  it('needs nothing of a ready account', () => {
    expect(describeStripeNeeds([], null)).toEqual([]);
  });
});
