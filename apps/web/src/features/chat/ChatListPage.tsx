import { type ChatSummary, displayName } from '@aurum/core';
import AddCommentIcon from '@mui/icons-material/AddComment';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { UserAvatar } from '../../components/UserAvatar';
import { isRestoredPage } from '../../lib/cache/read-through';
import { useSignedInUser } from '../../lib/current-user';
import { paths } from '../../lib/paths';
import { chatsQuery } from './api';
import { chatListTime, chatPreviewText } from './timeline';

/**
 * The user's chats, the one that moved last first: partner, the last message, its time and
 * the unread count. New messages move a chat up live (the unread badge's realtime refresh).
 */
export default function ChatListPage() {
  const chats = useInfiniteQuery(chatsQuery);
  const items = chats.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <PageHeader title="Chat">Messages with the creators you subscribe to and the members who subscribe to you.</PageHeader>
        <Button component={RouterLink} to={paths.newChat} variant="contained" startIcon={<AddCommentIcon />} sx={{ flexShrink: 0 }}>
          New chat
        </Button>
      </Box>
      {chats.isPending ? (
        <PageLoading label="Loading chats" />
      ) : chats.isError && !chats.data ? (
        <LoadFailed title="Could not load your chats" error={chats.error} retry={() => void chats.refetch()} />
      ) : items.length === 0 ? (
        <Paper
          variant="outlined"
          role="status"
          sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}
        >
          {isRestoredPage(chats.data?.pages[0]) ? (
            <>
              <Typography variant="h2">No chats kept on this device</Typography>
              <Typography color="text.secondary">You are offline. Your chats show here once you are back online.</Typography>
            </>
          ) : (
            <>
              <Typography variant="h2">No chats yet</Typography>
              <Typography color="text.secondary">
                Subscribe to a plan that includes chat to message its creator; creators can write to the members whose plan includes chat.
              </Typography>
              <Button component={RouterLink} to={paths.newChat} variant="outlined">
                Start a chat
              </Button>
            </>
          )}
        </Paper>
      ) : (
        <>
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <List aria-label="Chats" disablePadding>
              {items.map((chat) => (
                <ChatRow key={chat.id} chat={chat} />
              ))}
            </List>
          </Paper>
          <LoadMore
            hasMore={chats.hasNextPage}
            loading={chats.isFetchingNextPage}
            onLoad={() => void chats.fetchNextPage()}
            failed={chats.isFetchNextPageError ? chats.error : null}
            label="Load more chats"
            loadingLabel="Loading more chats"
          />
        </>
      )}
    </>
  );
}

function ChatRow({ chat }: { chat: ChatSummary }) {
  const user = useSignedInUser();
  const name = displayName(chat.partner);
  const last = chat.lastMessage;
  const preview = chatPreviewText(last, user?.id);
  const time = chatListTime(last?.createdAt ?? chat.createdAt, new Date());
  const unreadText = chat.unread > 0 ? `, ${chat.unread} unread` : '';
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={paths.chat(chat.id)}
        aria-label={`${name}: ${preview}${unreadText}`}
        divider
        sx={{ gap: 1.5, py: 1.5, alignItems: 'center' }}
      >
        <UserAvatar profile={chat.partner} size={48} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap sx={{ fontWeight: chat.unread > 0 ? 700 : 500, flex: 1, minWidth: 0 }}>
              {name}
            </Typography>
            <Typography variant="caption" color={chat.unread > 0 ? 'primary' : 'text.secondary'} sx={{ flexShrink: 0 }}>
              {time}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {preview}
            </Typography>
            {chat.unread > 0 && <Badge badgeContent={chat.unread} color="primary" max={99} sx={{ mr: 1.5 }} aria-hidden />}
          </Box>
        </Box>
      </ListItemButton>
    </li>
  );
}
