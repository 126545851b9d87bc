import type { MassMessage } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { paths } from '../../lib/paths';
import { massMessagesQuery } from './api';
import { StageChip } from './StageChip';
import { deliveredText, mediaText, priceText, whenDetail, whenText } from './status';

const TITLE = 'Mass messages';

/** /mass-messages: the creator's mass messages, newest first, each with how far it went out. */
export default function MassMessagesPage() {
  const messages = useInfiniteQuery(massMessagesQuery);
  if (messages.isPending) return <PageLoading label="Loading your mass messages" />;
  if (messages.error && !messages.data) return <LoadFailed title={TITLE} error={messages.error} retry={() => void messages.refetch()} />;
  const items = messages.data.pages.flatMap((page) => page.items);
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <PageHeader title={TITLE}>One message to the fans on your lists, each in their own chat with you.</PageHeader>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.newMassMessage} sx={{ mb: 3 }}>
          New mass message
        </Button>
      </Box>
      {items.length === 0 ? (
        <Paper
          variant="outlined"
          role="status"
          sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}
        >
          <Typography variant="h2">No mass messages yet</Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            Write once to many fans: all your subscribers, a plan’s, your top spenders or a list of your own. Each gets it in their chat
            with you, free or with a price on its photos and videos, now or at a time you choose.
          </Typography>
        </Paper>
      ) : (
        <Box component="ul" aria-label="Your mass messages" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {items.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </Box>
      )}
      <LoadMore
        hasMore={messages.hasNextPage}
        loading={messages.isFetchingNextPage}
        failed={messages.isFetchNextPageError ? messages.error : null}
        onLoad={() => void messages.fetchNextPage()}
        label="Load more messages"
        loadingLabel="Loading more messages"
      />
    </Box>
  );
}

/** What a message says, or what it carries when it has no text. */
const excerptOf = (message: Pick<MassMessage, 'text' | 'mediaCount'>) => message.text.trim() || mediaText(message.mediaCount) || 'Message';

/** One message: its words, what it carries and costs, its state and when, how far it went; to its page. */
function MessageRow({ message }: { message: MassMessage }) {
  const media = mediaText(message.mediaCount);
  const carries = media ? `${media} · ${priceText(message)}` : null;
  const delivered = deliveredText(message);
  const excerpt = excerptOf(message);
  return (
    <Paper component="li" variant="outlined" sx={{ overflow: 'hidden' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.massMessage(message.id)}
        aria-label={[excerpt, carries, whenText(message), delivered].filter(Boolean).join('. ')}
        sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}
      >
        <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.75 }}>
          <Typography
            sx={{
              fontWeight: 600,
              overflowWrap: 'anywhere',
              whiteSpace: 'pre-line',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {excerpt}
          </Typography>
          {carries && (
            <Typography variant="body2" color="text.secondary">
              {carries}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <StageChip message={message} />
            <Typography variant="body2" color="text.secondary">
              {whenDetail(message)}
            </Typography>
          </Box>
          {delivered && <Typography variant="body2">{delivered}</Typography>}
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
      </CardActionArea>
    </Paper>
  );
}
