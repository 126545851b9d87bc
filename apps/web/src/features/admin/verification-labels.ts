import type { VerificationKind, VerificationStatus } from '@aurum/core';

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  expired: 'Expired',
};

export const VERIFICATION_KIND_LABELS: Record<VerificationKind, string> = {
  provider: 'Provider',
  manual: 'Manual',
};

/** Who moved a request: the member, the app starting a session, the provider's webhook, an admin. */
export const VERIFICATION_SOURCE_LABELS: Record<string, string> = {
  app: 'Session started',
  webhook: 'Provider',
  member: 'Member asked',
  admin: 'Admin',
};

export const STATUS_COLORS: Record<VerificationStatus, 'default' | 'success' | 'error' | 'warning'> = {
  pending: 'warning',
  approved: 'success',
  declined: 'error',
  expired: 'default',
};
