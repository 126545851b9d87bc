import {
  type AdminSupportTicket,
  displayName,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TICKET_EVENT,
  type SupportMessage,
  type SupportTicket,
  type SupportTicketEventData,
  userChannel,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTabs } from '../../components/AdminTabs';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { addSnack } from '../../components/snack-queue';
import { useSignedInUser } from '../../lib/current-user';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel';
import { changeStatus, type SupportSide, ticketQuery, writeMessage } from './api';
import { ScreenshotField } from './ScreenshotField';
import { SupportStatusChip } from './SupportStatusChip';

/**
 * The author's open ticket reads itself again when support writes in, closes or reopens it
 * (their channel says so), and after a reconnect, in case such a change was missed.
 */
function useSupportChangesLive(side: SupportSide, ticketId: string): void {
  const queryClient = useQueryClient();
  const userId = useSignedInUser()?.id ?? null;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.support.ticket(side, ticketId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.support.mine });
  };
  useRealtimeChannel(side === 'author' && userId ? userChannel(userId) : null, {
    onEvent: (event, data) => {
      if (event === SUPPORT_TICKET_EVENT && (data as SupportTicketEventData).ticketId === ticketId) refresh();
    },
    onResync: refresh,
  });
}

/** A ticket and its thread, with the reply form and close or reopen: the same page for its author and for support. */
export function TicketView({ side, ticketId }: { side: SupportSide; ticketId: string }) {
  const thread = useInfiniteQuery(ticketQuery(side, ticketId));
  useSupportChangesLive(side, ticketId);
  if (thread.isPending) return <PageLoading label="Loading the ticket" />;
  if (thread.isError && !thread.data) return <LoadFailed title="Support ticket" error={thread.error} retry={() => thread.refetch()} />;
  const pages = thread.data.pages;
  const ticket = (pages.at(-1) ?? pages[0])?.ticket as SupportTicket | AdminSupportTicket;
  const messages = pages.flatMap((page) => page.messages.items);
  return (
    <Box sx={{ maxWidth: 760, display: 'grid', gap: 2.5, '& > header': { mb: 0 } }}>
      <PageHeader title={ticket.subject} back>
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <SupportStatusChip status={ticket.status} side={side} />
          <span>
            Opened <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
          </span>
        </Box>
      </PageHeader>
      {side === 'admin' && <AdminTabs />}
      {'author' in ticket && (
        <Typography>
          From{' '}
          <Link component={RouterLink} to={paths.adminUser(ticket.author.userId)} underline="always">
            {ticket.author.publicName || ticket.author.handle ? displayName(ticket.author) : ticket.author.email}
          </Link>{' '}
          ({ticket.author.email})
        </Typography>
      )}
      <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} side={side} />
        ))}
      </Box>
      <LoadMore
        hasMore={thread.hasNextPage}
        loading={thread.isFetchingNextPage}
        onLoad={() => void thread.fetchNextPage()}
        failed={thread.isFetchNextPageError ? thread.error : null}
        label="Load later messages"
        loadingLabel="Loading later messages"
      />
      {ticket.status === 'closed' ? null : <ReplyForm side={side} ticketId={ticketId} />}
      <StatusAction side={side} ticket={ticket} />
    </Box>
  );
}

function MessageItem({ message, side }: { message: SupportMessage; side: SupportSide }) {
  const writer =
    message.fromSupport && side === 'admin' && message.writer
      ? `Support (${displayName(message.writer)})`
      : message.fromSupport
        ? 'Support'
        : side === 'admin'
          ? 'Author'
          : 'You';
  const screenshot = message.screenshot;
  const full = screenshot?.urls.playable ?? screenshot?.urls.thumb;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        display: 'grid',
        gap: 1,
        borderColor: message.fromSupport ? 'primary.main' : 'divider',
        ml: message.fromSupport ? 0 : { xs: 2, sm: 6 },
        mr: message.fromSupport ? { xs: 2, sm: 6 } : 0,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 700, color: message.fromSupport ? 'primary.main' : 'text.secondary' }}>
        {writer} · <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
      {screenshot &&
        (screenshot.status === 'ready' && screenshot.urls.thumb ? (
          <Link href={full} target="_blank" rel="noopener" sx={{ justifySelf: 'start' }}>
            <Box
              component="img"
              src={screenshot.urls.thumb}
              alt="Screenshot (opens in full)"
              sx={{ display: 'block', maxWidth: '100%', width: 320, borderRadius: 1, border: 1, borderColor: 'divider' }}
            />
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {screenshot.status === 'failed' ? 'The screenshot could not be processed.' : 'The screenshot is being processed…'}
          </Typography>
        ))}
    </Paper>
  );
}

function ReplyForm({ side, ticketId }: { side: SupportSide; ticketId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sent, setSent] = useState(0);
  // The message goes in as the mutation's variables: read when it is sent, not from an earlier render.
  const mutation = useMutation({
    mutationFn: (message: { message: string; screenshotMediaId?: string }) => writeMessage(side, ticketId, message),
    onSuccess: () => {
      setText('');
      setScreenshot(null);
      setSent((count) => count + 1);
      addSnack(side === 'admin' ? 'Answer sent. The author is told by e-mail.' : 'Message sent.', 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) mutation.mutate({ message: text.trim(), ...(screenshot ? { screenshotMediaId: screenshot } : {}) });
  };
  const label = side === 'admin' ? 'Your answer' : 'Your message';
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      aria-label={side === 'admin' ? 'Answer the ticket' : 'Write again'}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <TextField
        label={label}
        multiline
        minRows={3}
        required
        value={text}
        onChange={(event) => setText(event.target.value.slice(0, SUPPORT_MESSAGE_MAX))}
      />
      <ScreenshotField onChange={setScreenshot} onBusyChange={setUploading} resetKey={sent} />
      {mutation.error && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={!text.trim() || uploading || mutation.isPending}>
          {side === 'admin' ? 'Send answer' : 'Send message'}
        </Button>
      </Box>
    </Paper>
  );
}

function StatusAction({ side, ticket }: { side: SupportSide; ticket: SupportTicket }) {
  const queryClient = useQueryClient();
  const action = ticket.status === 'closed' ? 'reopen' : 'close';
  const mutation = useMutation({
    mutationFn: () => changeStatus(side, ticket.id, action),
    onSuccess: () => {
      addSnack(action === 'close' ? 'Ticket closed.' : 'Ticket reopened.', 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.support.all });
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {ticket.status === 'closed' && <Typography color="text.secondary">This ticket is closed. Reopen it to write again.</Typography>}
      <Button variant="outlined" color="inherit" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        {action === 'close' ? 'Close ticket' : 'Reopen ticket'}
      </Button>
      {mutation.error && <Alert severity="error">{errorMessage(mutation.error)}</Alert>}
    </Box>
  );
}
