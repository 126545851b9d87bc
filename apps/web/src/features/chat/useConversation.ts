import { CHAT_EVENTS, type ChatMessage, type ChatMessageEvent, type ChatSummary, type ContentPrice, generateId } from '@aurum/core';
import { type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../lib/api/client';
import { useSignedInUser } from '../../lib/current-user';
import { queryKeys } from '../../lib/query-keys';
import { useRealtimeChannel } from '../../lib/realtime/use-realtime-channel';
import { fetchMessage, markRead, messagesQuery, sendMessage } from './api';
import { addMessage, loadedMessages, replaceMessage, setPartnerRead } from './chat-cache';
import { buildTimeline, type PendingMessage } from './timeline';

/** How long "typing…" shows after the partner's last keystroke announcement. */
export const TYPING_SHOWN_MS = 4000;
/** Within this distance of the bottom the view follows new messages. */
const NEAR_BOTTOM_PX = 160;

const distanceFromBottom = () => document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
const scrollToBottom = (behavior: ScrollBehavior = 'auto') => window.scrollTo({ top: document.documentElement.scrollHeight, behavior });

/** What the user typed and attached, going out as a message. */
export interface Outgoing {
  text: string;
  mediaIds: string[];
  price: ContentPrice | null;
}

/**
 * One conversation's state and behaviour, for `ChatPage` to draw: the history loading upward,
 * messages being sent (with their failure and retry), live messages, read receipts both ways,
 * the partner's typing, and where the window scrolls.
 */
export function useConversation(chat: ChatSummary) {
  const userId = useSignedInUser()?.id ?? '';
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(messagesQuery(chat.id));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const typing = usePartnerTyping();

  const pages = useMemo(() => history.data?.pages.map((page) => page.items) ?? [], [history.data]);
  const stored = useMemo(() => pages.flat(), [pages]);
  const partnerLastRead = stored.find((message) => message.id === chat.partnerLastReadMessageId) ?? null;
  const timeline = useMemo(
    () => buildTimeline(pages, pending, { chatId: chat.id, userId, partnerLastRead, now: new Date() }),
    [pages, pending, chat.id, userId, partnerLastRead],
  );
  const lastOwnId = timeline.findLast((item) => item.kind === 'message' && item.mine)?.key;

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
  const lastRow = timeline.at(-1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when rows are added or the last one changes (a sent message taking its pending row's place), to scroll for them
  useLayoutEffect(() => {
    if (history.isPending) return;
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
  }, [timeline.length, lastRow, history.isPending, awayFromBottom]);
  // Pictures and videos take their height as they load: a view that was at the latest message stays there.
  const following = useRef(!awayFromBottom);
  following.current = !awayFromBottom;
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current && !firstScroll.current) scrollToBottom();
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
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
    void history.fetchNextPage();
  };

  // The chat's channel names messages; each is read on its own, as this user sees it.
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
        // A message sent here comes with the send's answer; one sent from another device is read.
        const known = [...pending, ...loadedMessages(queryClient, chat.id)].some((item) => item.id === created.messageId);
        if (!known) readMessage(created.messageId, addMessage);
        if (created.senderId !== userId) typing.stop();
      } else if (event === CHAT_EVENTS.messageUnlocked) {
        // A paid message was paid for: the payer sees it in full, the sender sees it was bought.
        readMessage((data as { messageId: string }).messageId, replaceMessage);
      } else if (event === CHAT_EVENTS.read) {
        const read = data as { userId: string; messageId: string };
        if (read.userId !== userId) setPartnerRead(queryClient, chat.id, read.messageId);
      } else if (event === CHAT_EVENTS.typing && (data as { userId: string }).userId !== userId) {
        typing.start();
      }
    },
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.messages(chat.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.one(chat.id) });
    },
  });

  const deliver = (message: PendingMessage) => {
    setPending((list) => [...list.filter((item) => item.id !== message.id), { ...message, failed: false }]);
    sendMessage(chat.id, { id: message.id, text: message.text, mediaIds: message.mediaIds, price: message.price })
      .then((sent) => {
        addMessage(queryClient, sent);
        setPending((list) => list.filter((item) => item.id !== message.id));
        void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
      })
      .catch((error: unknown) => {
        setPending((list) => list.map((item) => (item.id === message.id ? { ...item, failed: true } : item)));
        // The chat closed meanwhile (a lapse or a block): show why instead of the composer.
        if (isApiError(error, 'chat_read_only') || isApiError(error, 'chat_blocked')) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.chats.one(chat.id) });
        }
      });
  };
  /** Sends a new message (its id made here, so a retry is stored once) and follows it to the bottom. */
  const send = ({ text, mediaIds, price }: Outgoing) => {
    deliver({ id: generateId(), text, mediaIds, price, createdAt: new Date().toISOString(), failed: false });
    setAwayFromBottom(false);
  };
  /** Sends a message that failed again, with its id. */
  const retry = (messageId: string) => {
    const failed = pending.find((message) => message.id === messageId);
    if (failed) deliver(failed);
  };

  return {
    history,
    timeline,
    /** The user's newest message: the one that shows its delivery. */
    lastOwnId,
    partnerTyping: typing.shown,
    awayFromBottom,
    loadOlder,
    jumpToLatest: () => scrollToBottom('smooth'),
    send,
    retry,
  };
}

/** Whether the partner is typing: shown on their announcement, gone TYPING_SHOWN_MS after the last one or when their message comes. */
function usePartnerTyping() {
  const [announcedAt, setAnnouncedAt] = useState<number | null>(null);
  useEffect(() => {
    if (announcedAt === null) return;
    const timer = setTimeout(() => setAnnouncedAt(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [announcedAt]);
  return { shown: announcedAt !== null, start: () => setAnnouncedAt(Date.now()), stop: () => setAnnouncedAt(null) };
}
