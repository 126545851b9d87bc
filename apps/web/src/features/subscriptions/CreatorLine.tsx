import { type CreatorSummary, displayName } from '@aurum/core';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UserAvatar } from '../../components/UserAvatar';

/** A creator's picture, name and handle, as the subscription screens head their content. */
export function CreatorLine({ creator, size = 48 }: { creator: Omit<CreatorSummary, 'userId'>; size?: number }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <UserAvatar profile={creator} size={size} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{displayName(creator)}</Typography>
        {creator.handle && creator.publicName && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            @{creator.handle}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
