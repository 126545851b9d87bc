import { SUPPORT_QUEUE_FILTERS, type SupportQueueFilter } from '@aurum/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { RetryAlert } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { queueQuery } from './api';
import { TicketList } from './TicketList';

const FILTER_LABELS: Record<SupportQueueFilter, string> = { open: 'Waiting', answered: 'Answered', closed: 'Closed', all: 'All' };
const isFilter = (value: string | null): value is SupportQueueFilter => (SUPPORT_QUEUE_FILTERS as readonly string[]).includes(value ?? '');

/** /admin/support: the support queue: tickets waiting for an answer, the longest waiting first; the others by status. */
export function SupportQueue() {
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('status');
  const status: SupportQueueFilter = isFilter(wanted) ? wanted : 'open';
  const queue = useInfiniteQuery(queueQuery(status));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Support">
        {status === 'open' ? 'Tickets waiting for an answer, the one waiting longest first.' : 'Newest first.'}
      </PageHeader>
      <AdminTabs />
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Show tickets"
        value={status}
        onChange={(_, value: SupportQueueFilter | null) => value && setSearch(value === 'open' ? {} : { status: value })}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {SUPPORT_QUEUE_FILTERS.map((filter) => (
          <ToggleButton key={filter} value={filter}>
            {FILTER_LABELS[filter]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {queue.isPending ? (
        <PageLoading label="Loading tickets" />
      ) : queue.error && items.length === 0 ? (
        <RetryAlert error={queue.error} onRetry={() => queue.refetch()} />
      ) : items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h2">{status === 'open' ? 'Nobody is waiting' : 'No tickets here'}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {status === 'open' ? 'Every ticket has an answer. New ones show up here.' : 'Tickets with this status show up here.'}
          </Typography>
        </Paper>
      ) : (
        <>
          <TicketList side="admin" tickets={items} linkTo={paths.adminSupportTicket} label="Support tickets" />
          <LoadMore
            hasMore={queue.hasNextPage}
            loading={queue.isFetchingNextPage}
            onLoad={() => void queue.fetchNextPage()}
            failed={queue.isFetchNextPageError ? queue.error : null}
            label="Load more tickets"
            loadingLabel="Loading more tickets"
          />
        </>
      )}
    </Box>
  );
}
