import type { AdminUserRow } from '@aurum/core';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { LABEL_NAMES } from './labels';

/** An account's labels and state as small chips: what an admin scans a list for. */
export function UserChips({ user }: { user: Pick<AdminUserRow, 'labels' | 'disabledAt' | 'identityVerifiedAt'> }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
      {user.labels.map((label) => (
        <Chip key={label} size="small" color="primary" variant="outlined" label={LABEL_NAMES[label] ?? label} />
      ))}
      {user.identityVerifiedAt && <Chip size="small" color="success" variant="outlined" label="Verified" />}
      {user.disabledAt && <Chip size="small" color="error" variant="outlined" label="Disabled" />}
    </Box>
  );
}
