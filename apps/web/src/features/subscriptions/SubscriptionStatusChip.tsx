import type { Subscription } from '@aurum/core';
import Chip from '@mui/material/Chip';
import { STATUS_COLORS, statusLabel } from './status';

export function SubscriptionStatusChip({ subscription }: { subscription: Pick<Subscription, 'status' | 'refundedAt' | 'trialEndsAt'> }) {
  const { status } = subscription;
  return (
    <Chip
      label={statusLabel(subscription)}
      color={STATUS_COLORS[status]}
      variant={status === 'active' ? 'filled' : 'outlined'}
      size="small"
    />
  );
}
