import { type ChatMessage, type ChatSummary, displayName } from '@aurum/core';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Fab from '@mui/material/Fab';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { FanListsButton } from '../../components/fan-lists/FanListsButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, RetryAlert } from '../../components/RetryAlert';
import { TipButton } from '../../components/tip/TipButton';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { useIsCreator } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { tipSettingsQuery } from '../../lib/tips';
import { chatQuery, sendTyping } from './api';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { UnlockDialog } from './UnlockDialog';
import { useConversation } from './useConversation';

/** One conversation: history loading upward, day separators, live messages, read receipts and typing, and the composer. */
export default function ChatPage() {
  const { chatId = '' } = useParams();
  const chat = useQuery(chatQuery(chatId));
  if (chat.isPending) return <PageLoading label="Loading the chat" />;
  if (isApiError(chat.error, 'not_found') || isApiError(chat.error, 'validation_failed')) {
    return (
      <>
        <PageHeader title="Chat not found" back>
          This chat does not exist, or it is between other people.
        </PageHeader>
        <Button variant="contained" component={RouterLink} to={paths.chats}>
          Your chats
        </Button>
      </>
    );
  }
  if (chat.isError) return <LoadFailed title="Could not open this chat" error={chat.error} retry={() => void chat.refetch()} />;
  return <Conversation chat={chat.data} />;
}

function Conversation({ chat }: { chat: ChatSummary }) {
  const isCreator = useIsCreator();
  const { history, timeline, lastOwnId, partnerTyping, awayFromBottom, loadOlder, jumpToLatest, send, retry } = useConversation(chat);
  const [unlocking, setUnlocking] = useState<ChatMessage | null>(null);
  const name = displayName(chat.partner);
  // A member may tip the creator here while the chat is open to them; the tip shows as their message.
  const tips = useQuery({ ...tipSettingsQuery(chat.partner.userId), enabled: chat.state === 'open' && chat.partnerOffersChat });

  return (
    // Grows into the window's height (the route fills it), so a short conversation still has its message box at the bottom.
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <BackButton />
        <UserAvatar profile={chat.partner} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: '1.25rem' }} noWrap>
            <Link component={RouterLink} to={paths.user(chat.partner.userId)} color="inherit" underline="hover">
              {name}
            </Link>
          </Typography>
          <Typography variant="caption" color="text.secondary" aria-live="polite">
            {partnerTyping ? `${name} is typing…` : chat.partner.handle ? `@${chat.partner.handle}` : ''}
          </Typography>
        </Box>
        {/* Hidden when neither has anything to show: the partner takes no tips, or is not the creator's fan. */}
        <Box sx={{ ml: 'auto', flexShrink: 0, display: 'flex', gap: 1, alignItems: 'center', '&:empty': { display: 'none' } }}>
          {isCreator && <FanListsButton fan={{ userId: chat.partner.userId, name }} compact onlyIfFan />}
          {tips.data?.enabled && <TipButton target={{ creatorId: chat.partner.userId, creatorName: name, chatId: chat.id }} />}
        </Box>
      </Box>

      {history.isPending ? (
        <PageLoading label="Loading messages" />
      ) : history.isError && !history.data ? (
        <LoadFailed title="Could not load the messages" error={history.error} retry={() => void history.refetch()} />
      ) : (
        <>
          {history.hasNextPage && (
            <Box sx={{ display: 'grid', placeItems: 'center', mb: 2 }}>
              <Button variant="outlined" onClick={loadOlder} disabled={history.isFetchingNextPage}>
                {history.isFetchingNextPage ? 'Loading earlier messages…' : 'Load earlier messages'}
              </Button>
            </Box>
          )}
          {history.isFetchNextPageError && <RetryAlert error={history.error} onRetry={loadOlder} />}
          {timeline.length === 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', my: 4 }}>
              No messages yet. Say hello to {name}.
            </Typography>
          )}
          <Box component="ol" aria-label={`Messages with ${name}`} sx={{ listStyle: 'none', m: 0, p: 0, flex: 1 }}>
            {timeline.map((item) =>
              item.kind === 'day' ? (
                <Box component="li" key={item.key} sx={{ my: 2 }}>
                  <Divider>
                    <Typography variant="caption" color="text.secondary">
                      {item.label}
                    </Typography>
                  </Divider>
                </Box>
              ) : (
                <MessageBubble
                  key={item.key}
                  message={item.message}
                  mine={item.mine}
                  delivery={item.delivery}
                  showDelivery={item.key === lastOwnId}
                  onRetry={() => retry(item.key)}
                  onUnlock={item.mine ? undefined : () => setUnlocking(item.message)}
                />
              ),
            )}
          </Box>
        </>
      )}

      {unlocking?.price && <UnlockDialog message={{ ...unlocking, price: unlocking.price }} onClose={() => setUnlocking(null)} />}

      {awayFromBottom && (
        <Fab
          size="small"
          color="primary"
          aria-label="Jump to the latest message"
          onClick={jumpToLatest}
          sx={{ position: 'fixed', right: 24, bottom: { xs: 168, lg: 112 } }}
        >
          <KeyboardArrowDownIcon />
        </Fab>
      )}

      <Box
        sx={{
          position: 'sticky',
          bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', lg: 0 },
          bgcolor: 'background.default',
          pt: 1.5,
          pb: 1.5,
          mt: 1,
        }}
      >
        {chat.state === 'open' ? (
          <Composer canAttach={isCreator} onSend={send} onTyping={() => void sendTyping(chat.id).catch(() => undefined)} />
        ) : chat.state === 'read_only' ? (
          <ReadOnlyNotice chat={chat} name={name} />
        ) : (
          <Alert severity="warning">Messages cannot be sent in this chat because of a block.</Alert>
        )}
      </Box>
    </Box>
  );
}

/**
 * Why nobody can write, and the way back for whoever has one: the member subscribes to the
 * partner's plan with chat. A partner selling no such plan (a creator's member) gets no link to plans they do not have.
 */
function ReadOnlyNotice({ chat, name }: { chat: ChatSummary; name: string }) {
  if (!chat.partnerOffersChat) {
    return (
      <Alert severity="info">
        This chat is read-only: {name} has no subscription that includes chat. It opens again if they subscribe to a plan with chat.
      </Alert>
    );
  }
  return (
    <Alert severity="info">
      This chat is read-only: the subscription that included chat has ended.{' '}
      <Link component={RouterLink} to={paths.user(chat.partner.userId)}>
        See {name}’s plans
      </Link>
    </Alert>
  );
}
