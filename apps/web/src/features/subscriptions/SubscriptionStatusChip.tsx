import type { SubscriptionStatus } from '@aurum/core';
import Chip from '@mui/material/Chip';
import { STATUS_COLORS, STATUS_LABELS } from './status';

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  return (
    <Chip label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} variant={status === 'active' ? 'filled' : 'outlined'} size="small" />
  );
}
