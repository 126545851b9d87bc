import {
  CHAT_EVENTS,
  type ChatMessage,
  type ChatMessageEvent,
  type ChatSummary,
  displayName,
  ERROR_TYPES,
  generateId,
  type MessagePrice,
} from '@aurum/core';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Fab from '@mui/material/Fab';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { BackButton } from '../../components/BackButton';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadFailed, RetryAlert } from '../../components/RetryAlert';
import { UserAvatar } from '../../components/UserAvatar';
import { isApiError } from '../../lib/api/client';
import { useIsCreator, useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel';
import { chatQuery, fetchMessage, markRead, messagesQuery, sendMessage, sendTyping } from './api';
import { Composer } from './Composer';
import { addMessage, loadedMessages, replaceMessage, setPartnerRead } from './chat-cache';
import { MessageBubble } from './MessageBubble';
import { buildTimeline, type PendingMessage } from './timeline';
import { UnlockDialog } from './UnlockDialog';

/** How long "typing…" shows after the partner's last keystroke announcement. */
const TYPING_SHOWN_MS = 4000;
/** Within this distance of the bottom the view follows new messages. */
const NEAR_BOTTOM_PX = 160;

const distanceFromBottom = () => document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
const scrollToBottom = (behavior: ScrollBehavior = 'auto') => window.scrollTo({ top: document.documentElement.scrollHeight, behavior });

/** One conversation: history loading upward, day separators, live messages, read receipts and typing, and the composer. */
export default function ChatPage() {
  const { chatId = '' } = useParams();
  const chat = useQuery(chatQuery(chatId));
  if (chat.isPending) return <PageLoading label="Loading the chat" />;
  if (chat.isError) return <LoadFailed title="Could not open this chat" error={chat.error} retry={() => void chat.refetch()} />;
  return <Conversation chat={chat.data} />;
}

function Conversation({ chat }: { chat: ChatSummary }) {
  const user = useSignedInUser();
  const userId = user?.id ?? '';
  const isCreator = useIsCreator();
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery(messagesQuery(chat.id));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [partnerTypingAt, setPartnerTypingAt] = useState<number | null>(null);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const [unlocking, setUnlocking] = useState<ChatMessage | null>(null);
  const name = displayName(chat.partner);

  const pages = useMemo(() => messages.data?.pages.map((page) => page.items) ?? [], [messages.data]);
  const stored = useMemo(() => pages.flat(), [pages]);
  const partnerLastRead = stored.find((message) => message.id === chat.partnerLastReadMessageId) ?? null;
  const timeline = useMemo(
    () => buildTimeline(pages, pending, { chatId: chat.id, userId, partnerLastRead, now: new Date() }),
    [pages, pending, chat.id, userId, partnerLastRead],
  );
  const lastOwnId = [...timeline].reverse().find((item) => item.kind === 'message' && item.mine)?.key;

  // Read position: the newest message from the partner, once it is on screen in a visible tab.
  const markedRead = useRef<string | null>(null);
  const latestFromPartner = stored.find((message) => message.senderId !== userId);
  const readLatest = useCallback(() => {
    if (!latestFromPartner || markedRead.current === latestFromPartner.id || document.visibilityState !== 'visible') return;
    markedRead.current = latestFromPartner.id;
    markRead(chat.id, latestFromPartner.id)
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.chats.unread }))
      .catch(() => {
        markedRead.current = null;
      });
  }, [chat.id, latestFromPartner, queryClient]);
  // Scrolling: start at the latest message, follow new ones while near the bottom, and keep
  // the view still when older messages are added above.
  const firstScroll = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when rows are added (timeline.length), to scroll for them
  useLayoutEffect(() => {
    if (messages.isPending) return;
    if (firstScroll.current) {
      firstScroll.current = false;
      scrollToBottom();
      return;
    }
    if (heightBeforeOlder.current !== null) {
      window.scrollBy(0, document.documentElement.scrollHeight - heightBeforeOlder.current);
      heightBeforeOlder.current = null;
    } else if (!awayFromBottom) {
      scrollToBottom();
    }
  }, [timeline.length, messages.isPending, awayFromBottom]);
  // After the scroll above, in the same commit: a message that arrives on screen is read at once,
  // not whenever the browser next gets round to passive effects.
  useLayoutEffect(() => {
    if (distanceFromBottom() < NEAR_BOTTOM_PX) readLatest();
    document.addEventListener('visibilitychange', readLatest);
    return () => document.removeEventListener('visibilitychange', readLatest);
  }, [readLatest]);
  useEffect(() => {
    const onScroll = () => {
      const away = distanceFromBottom() > NEAR_BOTTOM_PX;
      setAwayFromBottom(away);
      if (!away) readLatest();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [readLatest]);
  const loadOlder = () => {
    heightBeforeOlder.current = document.documentElement.scrollHeight;
    void messages.fetchNextPage();
  };

  const readMessage = (messageId: string, put: (queryClient: QueryClient, message: ChatMessage) => void) => {
    fetchMessage(chat.id, messageId)
      .then((message) => put(queryClient, message))
      // Missed for now: the history is read again rather than left without it.
      .catch(() => queryClient.invalidateQueries({ queryKey: queryKeys.chats.messages(chat.id) }));
  };
  useRealtimeChannel(`chat:${chat.id}`, {
    onEvent: (event, data) => {
      if (event === CHAT_EVENTS.messageCreated) {
        const created = data as ChatMessageEvent;
        // A message sent here comes with the send's answer; any other is read on its own.
        const known = [...pending, ...loadedMessages(queryClient, chat.id)].some((item) => item.id === created.messageId);
        if (!known) readMessage(created.messageId, addMessage);
        if (created.senderId !== userId) setPartnerTypingAt(null);
      } else if (event === CHAT_EVENTS.messageUnlocked) {
        // A paid message was paid for: the payer sees it in full, the sender sees it was bought.
        readMessage((data as { messageId: string }).messageId, replaceMessage);
      } else if (event === CHAT_EVENTS.read) {
        const read = data as { userId: string; messageId: string };
        if (read.userId !== userId) setPartnerRead(queryClient, chat.id, read.messageId);
      } else if (event === CHAT_EVENTS.typing && (data as { userId: string }).userId !== userId) {
        setPartnerTypingAt(Date.now());
      }
    },
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.messages(chat.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.one(chat.id) });
    },
  });
  useEffect(() => {
    if (partnerTypingAt === null) return;
    const timer = setTimeout(() => setPartnerTypingAt(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [partnerTypingAt]);

  const deliver = (message: PendingMessage) => {
    setPending((list) => [...list.filter((item) => item.id !== message.id), { ...message, failed: false }]);
    sendMessage(chat.id, { id: message.id, text: message.text, mediaIds: message.mediaIds, price: message.price })
      .then((stored) => {
        addMessage(queryClient, stored);
        setPending((list) => list.filter((item) => item.id !== message.id));
        void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
      })
      .catch((error: unknown) => {
        setPending((list) => list.map((item) => (item.id === message.id ? { ...item, failed: true } : item)));
        // The chat closed meanwhile (a lapse or a block): show why instead of the composer.
        if (isApiError(error, ERROR_TYPES.chatReadOnly) || isApiError(error, ERROR_TYPES.chatBlocked)) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.chats.one(chat.id) });
        }
      });
  };
  const send = ({ text, mediaIds, price }: { text: string; mediaIds: string[]; price: MessagePrice | null }) => {
    deliver({ id: generateId(), text, mediaIds, price, createdAt: new Date().toISOString(), failed: false });
    setAwayFromBottom(false);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
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
            {partnerTypingAt !== null ? `${name} is typing…` : chat.partner.handle ? `@${chat.partner.handle}` : ''}
          </Typography>
        </Box>
      </Box>

      {messages.isPending ? (
        <PageLoading label="Loading messages" />
      ) : messages.isError && !messages.data ? (
        <LoadFailed title="Could not load the messages" error={messages.error} retry={() => void messages.refetch()} />
      ) : (
        <>
          {messages.hasNextPage && (
            <Box sx={{ display: 'grid', placeItems: 'center', mb: 2 }}>
              <Button variant="outlined" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
                {messages.isFetchingNextPage ? 'Loading earlier messages…' : 'Load earlier messages'}
              </Button>
            </Box>
          )}
          {messages.isFetchNextPageError && <RetryAlert error={messages.error} onRetry={loadOlder} />}
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
                  onRetry={() => {
                    const retry = pending.find((message) => message.id === item.key);
                    if (retry) deliver(retry);
                  }}
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
          onClick={() => scrollToBottom('smooth')}
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
          <Alert severity="info">
            This chat is read-only: the subscription that included chat has ended.{' '}
            <Link component={RouterLink} to={paths.user(chat.partner.userId)}>
              See {name}’s plans
            </Link>
          </Alert>
        ) : (
          <Alert severity="warning">Messages cannot be sent in this chat because of a block.</Alert>
        )}
      </Box>
    </Box>
  );
}
