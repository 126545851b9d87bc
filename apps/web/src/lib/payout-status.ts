import type { PayoutStatus } from '@aurum/core';

/** The chip colour of a payout's state, the same for the creator and the admin (their words differ). */
export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  in_flight: 'info',
  paid: 'success',
  failed: 'error',
};
