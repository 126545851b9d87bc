import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { myTicketsQuery } from './api';
import { TicketList } from './TicketList';

const TITLE = 'Support';

/** /support: the viewer's tickets, newest first, and a way to open one. */
export function MyTickets() {
  const tickets = useInfiniteQuery(myTicketsQuery);
  if (tickets.isPending) return <PageLoading label="Loading your tickets" />;
  if (tickets.isError && !tickets.data) return <LoadFailed title={TITLE} error={tickets.error} retry={() => tickets.refetch()} />;
  const items = tickets.data.pages.flatMap((page) => page.items);
  return (
    <Box sx={{ maxWidth: 760, display: 'grid', gap: 2, '& > header': { mb: 0 } }}>
      <PageHeader title={TITLE}>Ask the Aurum team for help. We answer here and by e-mail.</PageHeader>
      <Box>
        <Button variant="contained" component={RouterLink} to={paths.newSupportTicket} startIcon={<AddIcon />}>
          New ticket
        </Button>
      </Box>
      {items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h2">No tickets yet</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Something wrong or unclear? Open a ticket and tell us about it.
          </Typography>
        </Paper>
      ) : (
        <>
          <TicketList side="author" tickets={items} linkTo={paths.supportTicket} label="Your tickets" />
          <LoadMore
            hasMore={tickets.hasNextPage}
            loading={tickets.isFetchingNextPage}
            onLoad={() => void tickets.fetchNextPage()}
            failed={tickets.isFetchNextPageError ? tickets.error : null}
            label="Load more tickets"
            loadingLabel="Loading more tickets"
          />
        </>
      )}
    </Box>
  );
}
