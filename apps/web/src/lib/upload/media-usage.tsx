import { formatBytes, type MediaUsage } from '@aurum/core';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryKeys } from '../query-keys';

export const mediaUsageQuery = () =>
  queryOptions({
    queryKey: queryKeys.mediaUsage,
    queryFn: () => api.get<MediaUsage>('/media/usage'),
  });

/** Above this share of the quota, the bar turns to a warning. */
const NEARLY_FULL = 0.9;

/** How much of their storage the user's uploads take, as a line and a bar; nothing while unknown. */
export function StorageUsage() {
  const { data } = useQuery(mediaUsageQuery());
  if (!data) return null;
  if (data.quotaBytes === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        Your uploads take {formatBytes(data.usedBytes)}.
      </Typography>
    );
  }
  const share = Math.min(1, data.usedBytes / data.quotaBytes);
  const text = `Storage: ${formatBytes(data.usedBytes)} of ${formatBytes(data.quotaBytes)} used`;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color={share >= NEARLY_FULL ? 'warning.main' : 'text.secondary'}>
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(share * 100)}
        color={share >= NEARLY_FULL ? 'warning' : 'primary'}
        aria-label={text}
        // A neutral track: a little used reads as a little bar, not as a full one.
        sx={{ bgcolor: 'action.selected' }}
      />
    </Stack>
  );
}
