import {
  type AdminUserRow,
  type AttentionKind,
  type AuditAction,
  type AuditEntry,
  type ChargeKindName,
  type ChargeStatus,
  type DisputeStatus,
  type LedgerKind,
  type PayoutProviderName,
  type PayoutStatus,
  type PayoutTrigger,
  type ProviderAccount,
  ROLE,
  type SubscriptionStatus,
  type WithdrawBlock,
} from '@aurum/core';

type ProviderAccountState = ProviderAccount['state'];

import { paths } from '../../lib/paths';

/** What each count on the admin home is called and which queue it opens. */
export const ATTENTION: Record<AttentionKind, { label: string; to: string }> = {
  pending_verifications: { label: 'Pending verification requests', to: paths.adminPendingVerifications },
  open_reports: { label: 'Open reports', to: paths.reportedContent },
  open_support_tickets: { label: 'Open support tickets', to: paths.adminSupport },
  failed_payments_day: { label: 'Failed payments in the last day', to: paths.adminPayments },
  disputes_needing_evidence: { label: 'Disputes needing evidence', to: paths.adminOpenDisputes },
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.label_granted': 'Label granted',
  'user.label_revoked': 'Label revoked',
  'user.disabled': 'Account disabled',
  'user.enabled': 'Account enabled',
  'user.sessions_revoked': 'Sessions ended',
  'user.age_verified': 'Age verified by hand',
  'report.dismissed': 'Reports dismissed',
  'content.removed': 'Content removed',
  'creator.suspended': 'Creator suspended',
  'user.banned': 'Account banned',
  'creator.unsuspended': 'Suspension lifted',
  'restricted_words.updated': 'Restricted words edited',
  'verification.approved': 'Manual verification approved',
  'verification.declined': 'Manual verification declined',
  'user.anonymised': 'Account anonymised',
  'support.replied': 'Support ticket answered',
  'support.closed': 'Support ticket closed',
  'support.reopened': 'Support ticket reopened',
  'payment.refunded': 'Payment refunded',
  'payout.retried': 'Failed payout sent again',
  'payout.marked_paid': 'Bank transfer marked paid',
  'payout.marked_failed': 'Bank transfer marked failed',
  'payout.bank_details_exported': 'Bank details downloaded for transfers',
  'dispute.test_opened': 'Test dispute opened',
  'dispute.test_closed': 'Test dispute decided',
  'creator.hold_changed': 'Earnings hold changed',
  'creator.payouts_held': 'Payouts held',
  'creator.payouts_released': 'Payouts released',
};

export const LABEL_NAMES: Record<string, string> = { [ROLE.admins]: 'Admin', [ROLE.creators]: 'Creator' };

/** One line saying what an audit row changed, from its before and after. */
export function auditChange(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): string {
  const labels = (side: Record<string, unknown> | null) => {
    const list = Array.isArray(side?.labels) ? (side.labels as string[]) : [];
    return list.length ? list.map((label) => LABEL_NAMES[label] ?? label).join(', ') : 'none';
  };
  switch (entry.action) {
    case 'user.label_granted':
    case 'user.label_revoked':
      return `Labels: ${labels(entry.before)} → ${labels(entry.after)}`;
    case 'user.disabled': {
      const ended = Number(entry.after?.sessionsEnded ?? 0);
      return `${ended} ${ended === 1 ? 'session' : 'sessions'} ended`;
    }
    case 'user.sessions_revoked': {
      const ended = Number(entry.before?.sessions ?? 0);
      return `${ended} ${ended === 1 ? 'session' : 'sessions'} ended`;
    }
    case 'user.enabled':
      return 'Can sign in again';
    case 'user.age_verified':
    case 'verification.approved':
      return 'Identity marked verified';
    case 'verification.declined':
      return 'Request declined';
    case 'creator.unsuspended':
      return 'Posts visible again, renewals resume';
    case 'user.anonymised':
      return 'Personal data replaced';
    case 'restricted_words.updated': {
      const count = (side: Record<string, unknown> | null) => (Array.isArray(side?.words) ? side.words.length : 0);
      return `Words: ${count(entry.before)} → ${count(entry.after)}`;
    }
    case 'payment.refunded':
      return entry.after?.endsAccess ? 'Refunded, access ended' : 'Refunded, runs to its period end';
    case 'dispute.test_opened':
      return `Dispute ${String(entry.after?.disputeId ?? '')}`.trim();
    case 'dispute.test_closed':
      return `Decided: ${String(entry.after?.outcome ?? '?')}`;
    case 'payout.retried':
      return `New payout ${String(entry.after?.payoutId ?? '')}`.trim();
    case 'creator.hold_changed': {
      const days = (side: Record<string, unknown> | null) =>
        side?.holdDays == null ? 'platform default' : `${String(side.holdDays)} days`;
      return `Hold: ${days(entry.before)} → ${days(entry.after)}`;
    }
    case 'creator.payouts_held':
      return 'Payouts stopped';
    case 'creator.payouts_released':
      return 'Payouts resume';
    case 'report.dismissed':
    case 'content.removed':
    case 'creator.suspended':
    case 'user.banned': {
      const resolved = Array.isArray(entry.after?.resolvedReportIds) ? entry.after.resolvedReportIds.length : 0;
      return `${resolved} ${resolved === 1 ? 'report' : 'reports'} resolved`;
    }
    case 'payout.bank_details_exported': {
      const count = Array.isArray(entry.after?.payoutIds) ? entry.after.payoutIds.length : 0;
      return `${count} ${count === 1 ? 'payout' : 'payouts'} to pay by bank transfer`;
    }
    case 'payout.marked_paid':
    case 'payout.marked_failed':
    case 'support.replied':
    case 'support.closed':
    case 'support.reopened':
      return `Status: ${String(entry.before?.status ?? '?')} → ${String(entry.after?.status ?? '?')}`;
  }
}

/** The name an admin knows an account by: public name, else @handle, else the account's name or address (no profile yet). */
export function adminDisplayName(user: Pick<AdminUserRow, 'publicName' | 'handle' | 'name' | 'email'>): string {
  return user.publicName?.trim() || (user.handle ? `@${user.handle}` : user.name.trim() || user.email);
}

export const CHARGE_KIND_LABELS: Record<ChargeKindName, string> = {
  subscription: 'Subscription',
  renewal: 'Renewal',
  plan_change: 'Plan change',
  paid_message: 'Paid message',
  paid_post: 'Paid post',
  tip: 'Tip',
  refund: 'Refund',
};

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

/** A payment's status in words: a payment given back is "Refunded" (only whole payments are refunded), not "Succeeded". */
export function paymentStatusLabel(charge: { status: ChargeStatus; refundStatus: ChargeStatus | null }): string {
  if (charge.refundStatus === 'succeeded') return 'Refunded';
  if (charge.refundStatus === 'pending') return 'Refund pending';
  return CHARGE_STATUS_LABELS[charge.status];
}

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'Member paid',
  platform_fee: 'Platform fee',
  creator_earning: 'Creator earning',
  refund: 'Member refunded',
  platform_fee_reversal: 'Platform fee reversed',
  creator_earning_reversal: 'Creator earning reversed',
  chargeback: 'Member charged back',
  platform_fee_chargeback: 'Platform fee charged back',
  creator_earning_chargeback: 'Creator earning charged back',
  platform_fee_dispute_fee: 'Dispute fee recovered',
  creator_earning_dispute_fee: 'Dispute fee',
  chargeback_won: 'Dispute won: member charged again',
  platform_fee_chargeback_won: 'Dispute won: platform fee back',
  creator_earning_chargeback_won: 'Dispute won: creator earning back',
  platform_fee_dispute_fee_returned: 'Dispute fee returned',
  creator_earning_dispute_fee_returned: 'Dispute fee given back',
  payout: 'Paid out to the creator',
  payout_return: 'Payout returned to the balance',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  expired: 'Expired',
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_flight: 'In flight',
  paid: 'Paid',
  failed: 'Failed',
};

export const PAYOUT_TRIGGER_LABELS: Record<PayoutTrigger, string> = {
  requested: 'Asked for',
  scheduled: 'Scheduled',
  retry: 'Sent again',
};

export const PAYOUT_PROVIDER_LABELS: Record<PayoutProviderName, string> = {
  development: 'Development',
  stripe_connect: 'Stripe Connect',
  paypal: 'PayPal',
  manual: 'By hand',
};

/** A creator's account at the payout provider, as "Stripe Connect account: …" ends. */
export const PROVIDER_ACCOUNT_STATE_LABELS: Record<ProviderAccountState, string> = {
  not_started: 'not opened yet',
  incomplete: 'opened, details missing',
  ready: 'ready to receive payouts',
  disabled: 'stopped by the provider',
};

/** Why a creator cannot withdraw a currency's balance now, as an admin reads it (it ends "Cannot withdraw now: …"). */
export const WITHDRAW_BLOCK_LABELS: Record<WithdrawBlock, string> = {
  below_minimum: 'the balance is below the minimum payout',
  negative: 'the balance is negative after a refund',
  no_method: 'they have no payout method',
  method_unsupported: 'this server does not pay their kind of payout method',
  provider_onboarding: 'their account at the payout provider is not ready (Stripe needs more details)',
  bank_details_missing: 'they must add their bank account again for bank transfers',
  method_changed: 'paused after a change of payout method',
  held: 'their payouts are held',
};

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  warning_needs_response: 'Inquiry: answer needed',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Evidence needed',
  under_review: 'Under review',
  prevented: 'Prevented',
  won: 'Won',
  lost: 'Lost',
};

export const DISPUTE_STATUS_COLORS: Record<DisputeStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  warning_needs_response: 'warning',
  warning_under_review: 'info',
  warning_closed: 'default',
  needs_response: 'warning',
  under_review: 'info',
  prevented: 'default',
  won: 'success',
  lost: 'error',
};
