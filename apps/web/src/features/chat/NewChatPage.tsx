import { type ChatPartner, displayName, PEOPLE_SEARCH_MAX } from '@aurum/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { setError } from '../../components/error-store';
import { PageLoading } from '../../components/LoadingOverlay';
import { LoadMore } from '../../components/LoadMore';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/RetryAlert';
import { SearchField } from '../../components/SearchField';
import { UserAvatar } from '../../components/UserAvatar';
import { startChat } from '../../lib/chat';
import { useIsCreator } from '../../lib/current-user';
import { useAppNavigation } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { useSearchText } from '../../lib/search';
import { partnersQuery } from './api';

/** Everyone the user may chat with now, searchable; choosing one opens the chat (a new one or the one they have). */
export default function NewChatPage() {
  const { text, setText, q } = useSearchText('');
  const partners = useInfiniteQuery(partnersQuery(q));
  const items = partners.data?.pages.flatMap((page) => page.items) ?? [];
  const { goToChat } = useAppNavigation();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: (partner: ChatPartner) => (partner.chatId ? Promise.resolve({ id: partner.chatId }) : startChat(partner.userId)),
    onSuccess: (chat) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.all });
      goToChat(chat.id);
    },
    onError: (error) => setError(error),
  });

  return (
    <>
      <PageHeader title="New chat" back>
        Creators whose plan you subscribe to with chat, and members whose plan with you includes chat.
      </PageHeader>
      <SearchField
        label="Search people"
        placeholder="Name or @handle"
        maxLength={PEOPLE_SEARCH_MAX}
        value={text}
        onChange={setText}
        fullWidth
        sx={{ mb: 2 }}
      />
      {partners.isPending ? (
        <PageLoading label="Loading people" />
      ) : partners.isError && !partners.data ? (
        <LoadFailed title="Could not load who you can chat with" error={partners.error} retry={() => void partners.refetch()} />
      ) : items.length === 0 ? (
        <NobodyToChatWith query={q} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ overflow: 'hidden', opacity: partners.isPlaceholderData ? 0.6 : 1 }}>
            <List aria-label="People you can chat with" disablePadding>
              {items.map((partner) => (
                <li key={partner.userId}>
                  <ListItemButton divider disabled={open.isPending} onClick={() => open.mutate(partner)} sx={{ gap: 1.5, py: 1.5 }}>
                    <UserAvatar profile={partner} size={44} />
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography noWrap sx={{ fontWeight: 600 }}>
                        {displayName(partner)}
                      </Typography>
                      {partner.handle && (
                        <Typography variant="body2" color="text.secondary" noWrap>
                          @{partner.handle}
                        </Typography>
                      )}
                    </Box>
                    {open.isPending && open.variables?.userId === partner.userId ? (
                      <CircularProgress size={20} aria-label="Opening the chat" />
                    ) : (
                      <Typography variant="body2" color="primary">
                        {partner.chatId ? 'Open chat' : 'Start chat'}
                      </Typography>
                    )}
                  </ListItemButton>
                </li>
              ))}
            </List>
          </Paper>
          <LoadMore
            hasMore={partners.hasNextPage}
            loading={partners.isFetchingNextPage}
            onLoad={() => void partners.fetchNextPage()}
            failed={partners.isFetchNextPageError ? partners.error : null}
            label="Load more people"
            loadingLabel="Loading more people"
          />
        </>
      )}
    </>
  );
}

/**
 * Nobody matches, or nobody yet: chat comes with a plan that includes it, so the way on is
 * Explore (a creator's plans) and, for a creator, a plan of their own with chat.
 */
function NobodyToChatWith({ query }: { query: string }) {
  const isCreator = useIsCreator();
  const how = isCreator
    ? 'You can chat with a creator once you subscribe to a plan of theirs that includes chat, and with members whose plan with you includes it.'
    : 'You can chat with a creator once you subscribe to a plan of theirs that includes chat.';
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', display: 'grid', gap: 1.5, justifyItems: 'center' }}
    >
      <Typography variant="h2">{query ? 'Nobody found' : 'Nobody to chat with yet'}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        {query ? `Nobody you can chat with matches “${query}”. ${how}` : how}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to={paths.explore}>
          Explore creators
        </Button>
        {isCreator && (
          <Button variant="outlined" component={RouterLink} to={paths.plans}>
            Your plans
          </Button>
        )}
      </Box>
    </Paper>
  );
}
