import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SectionCard } from '../../components/SectionCard';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { dataExportQuery, requestDataExport } from './api';

/** While a download is being prepared, look again now and then: the job usually takes seconds. */
const PREPARING_POLL_MS = 5000;

/**
 * "Download my data": asks the server to prepare a copy (profile, follows, subscriptions,
 * payments, messages, posts) and mail a link; the server refuses a second request while one is
 * being prepared, and that refusal is shown as it says it.
 */
export function DataExportSection() {
  const queryClient = useQueryClient();
  const latest = useQuery({
    ...dataExportQuery,
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? PREPARING_POLL_MS : false),
  });
  const ask = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (created) => queryClient.setQueryData(dataExportQuery.queryKey, { export: created }),
  });
  const current = latest.data?.export ?? null;
  return (
    <SectionCard title="Your data" gap={1.5}>
      <Typography color="text.secondary">
        Get a copy of your profile, follows, subscriptions, payments, messages, posts and sign-ins (devices and two-step settings) as a
        file. We e-mail you a link when it is ready; it works for 7 days, only while you are signed in.
      </Typography>
      {current?.status === 'pending' && (
        <Alert severity="info" role="status">
          Your data is being prepared. We will e-mail you a link.
        </Alert>
      )}
      {current?.status === 'ready' && current.expiresAt && new Date(current.expiresAt) > new Date() && (
        <Alert severity="success" role="status">
          Your data was ready on {formatDate(current.readyAt ?? current.createdAt)}: the link is in your e-mail until{' '}
          {formatDate(current.expiresAt)}.
        </Alert>
      )}
      {current?.status === 'failed' && (
        <Alert severity="warning" role="status">
          We could not prepare your data last time. Please ask again.
        </Alert>
      )}
      {ask.error && (
        <Alert severity="error" role="alert">
          {errorMessage(ask.error)}
        </Alert>
      )}
      <Button variant="outlined" onClick={() => ask.mutate()} loading={ask.isPending} sx={{ justifySelf: 'start' }}>
        Download my data
      </Button>
    </SectionCard>
  );
}
