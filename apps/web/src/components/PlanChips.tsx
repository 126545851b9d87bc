import { PLAN_PERKS, type Plan } from '@aurum/core';
import ChatIcon from '@mui/icons-material/Chat';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

/** The plan's state and perks as chips. */
export function PlanChips({ plan }: { plan: Pick<Plan, 'active' | 'perks'> }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {plan.active ? <Chip label="Active" color="primary" size="small" /> : <Chip label="Inactive" variant="outlined" size="small" />}
      {plan.perks.chat && <Chip icon={<ChatIcon />} label={PLAN_PERKS.chat.name} variant="outlined" size="small" />}
    </Box>
  );
}
