import {
  type Currency,
  type CurrencyBalance,
  formatMoney,
  type Payout,
  type PayoutAccount,
  type PayoutProviderName,
  type PayoutSchedule,
  type PayoutStatus,
} from '@aurum/core';
import { formatDate } from '../../lib/dates';

/** The words the payouts page uses for the API's states. */

export const STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Sending',
  in_flight: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
};

/** Who sends the money, as "Paid through …" ends. */
export const PROVIDER_LABELS: Record<PayoutProviderName, string> = {
  development: 'the development provider (test payouts: no money moves)',
  stripe_connect: 'Stripe',
  paypal: 'PayPal',
  manual: 'the Aurum team, by hand',
};

/** ISO weekdays, 1 Monday to 7 Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const money = (amountMinor: number, currency: Currency) => formatMoney({ amountMinor, currency });

/** "Earnings are held 7 days …": the hold in one line. */
export function holdLine(holdDays: number): string {
  if (holdDays <= 0) return 'Earnings can be withdrawn as soon as members pay.';
  return `Earnings are held ${holdDays} ${holdDays === 1 ? 'day' : 'days'} so refunds and chargebacks can be covered.`;
}

/** Why a balance cannot be withdrawn now, in plain words; null when it can. */
export function withdrawBlockReason(balance: CurrencyBalance, account: Pick<PayoutAccount, 'methodChangePauseUntil'>): string | null {
  switch (balance.withdrawBlock) {
    case null:
      return null;
    case 'below_minimum':
      return `The smallest payout is ${money(balance.minimumPayoutMinor, balance.currency)}.`;
    case 'negative':
      return 'Withdrawing waits until later earnings bring your balance above zero.';
    case 'no_method':
      return 'Add a payout method to withdraw.';
    case 'method_unsupported':
      return 'This server cannot pay your kind of payout method yet; add another kind.';
    case 'provider_onboarding':
      return 'Finish setting up your payout account with Stripe to withdraw.';
    case 'bank_details_missing':
      return 'Add your bank account again: payouts to it are now made by bank transfer, which needs its full details.';
    case 'method_changed':
      return account.methodChangePauseUntil
        ? `Payouts wait until ${formatDate(account.methodChangePauseUntil)} after your payout method changed.`
        : 'Payouts wait a few days after your payout method changed.';
    case 'held':
      return 'Your payouts are on hold; contact support.';
  }
}

/** "Weekly on Friday", "Monthly on day 15", "Only when you withdraw". */
export function scheduleText(schedule: PayoutSchedule): string {
  if (schedule.kind === 'weekly') return `Weekly on ${WEEKDAYS[schedule.day - 1] ?? 'Monday'}`;
  if (schedule.kind === 'monthly') return `Monthly on day ${schedule.day}`;
  return 'Only when you withdraw';
}

/** What became of a withdrawal, for the line under the button. */
export function payoutOutcome(payout: Payout): { severity: 'success' | 'info' | 'error'; text: string } {
  const amount = money(payout.amountMinor, payout.currency);
  switch (payout.status) {
    case 'paid':
      return { severity: 'success', text: `Paid: ${amount} sent to ${payout.destination}.` };
    case 'in_flight':
      return { severity: 'info', text: `${amount} is on its way to ${payout.destination}.` };
    case 'pending':
      return { severity: 'info', text: `${amount} is being sent to ${payout.destination}. The history below shows when it arrives.` };
    case 'failed':
      return {
        severity: 'error',
        text: `The payout of ${amount} failed. ${payout.failureMessage ?? 'The payout provider refused it.'} The money is back in your available balance.`,
      };
  }
}
