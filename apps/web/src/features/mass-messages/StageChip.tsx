import type { MassMessage } from '@aurum/core';
import Chip from '@mui/material/Chip';
import { STAGE_COLORS, STAGE_LABELS, stageOf } from './status';

/** A mass message's state as a small chip: Scheduled, Sending, Sent or Unsent. */
export function StageChip({ message }: { message: Pick<MassMessage, 'status' | 'sendAt'> }) {
  const stage = stageOf(message);
  return <Chip size="small" variant="outlined" color={STAGE_COLORS[stage]} label={STAGE_LABELS[stage]} />;
}
