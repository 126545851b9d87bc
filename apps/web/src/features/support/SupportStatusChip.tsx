import { SUPPORT_STATUS_LABELS, type SupportStatus } from '@aurum/core';
import Chip from '@mui/material/Chip';

const COLORS = { open: 'warning', answered: 'success', closed: 'default' } as const;

/** A ticket's status; the words say it, the colour only helps. */
export function SupportStatusChip({ status, side }: { status: SupportStatus; side: 'author' | 'admin' }) {
  // For support, an open ticket waits for them; for its author, an answered one waits for them.
  const label = side === 'admin' && status === 'open' ? 'Waiting for an answer' : SUPPORT_STATUS_LABELS[status];
  return <Chip size="small" color={COLORS[status]} variant={status === 'closed' ? 'outlined' : 'filled'} label={label} />;
}
