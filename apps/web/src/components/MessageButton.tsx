import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startChat } from '../lib/chat';
import { useAppNavigation } from '../lib/navigation';
import { queryKeys } from '../lib/query-keys';
import { setError } from './error-store';

/** Message on a creator's profile, for a member whose plan with them includes chat: opens their chat. */
export function MessageButton({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient();
  const { goToChat } = useAppNavigation();
  const open = useMutation({
    mutationFn: () => startChat(creatorId),
    onSuccess: (chat) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.all });
      goToChat(chat.id);
    },
    onError: (error) => setError(error),
  });
  return (
    <Button variant="outlined" startIcon={<ChatIcon />} loading={open.isPending} onClick={() => open.mutate()}>
      Message
    </Button>
  );
}
