import type { CurrentUser } from '@aurum/core';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setError } from '../../components/error-store';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { setCurrentUser } from '../../lib/current-user';
import { currentPushSubscription, disablePush, enablePush, PushUnavailableError, pushPermission } from '../../lib/push';
import { queryKeys } from '../../lib/query-keys';
import { savePreferences } from './api';

type PushPreferences = Pick<CurrentUser, 'pushNewPosts' | 'pushChatMessages'>;

const KINDS: { key: keyof PushPreferences; label: string; description: string; on: string; off: string }[] = [
  {
    key: 'pushNewPosts',
    label: 'New posts',
    description: 'When a creator you subscribe to publishes a post. The notification never shows what is behind a lock.',
    on: 'You will be notified of new posts.',
    off: 'No more notifications about new posts.',
  },
  {
    key: 'pushChatMessages',
    label: 'Chat messages',
    description: 'When someone writes to you in a chat.',
    on: 'You will be notified of new chat messages.',
    off: 'No more notifications about chat messages.',
  },
];

/**
 * Why push could not be turned on: blocked notifications are said by the section itself (it reads
 * the browser's permission on every render), anything else in a message.
 */
function explainPushFailure(error: Error): void {
  if (!(error instanceof PushUnavailableError)) setError(error);
  else if (error.reason !== 'denied') addSnack(error.message, 'error');
}

/**
 * Push notifications, per kind. Turning one on asks for the browser's permission (once) and
 * subscribes this browser; turning the last one off ends this browser's subscription. When the
 * account wants notifications but this browser is not subscribed (another device turned them
 * on), it can join with one tap.
 */
export function PushNotificationsSection({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const permission = pushPermission();
  const device = useQuery({
    queryKey: queryKeys.pushSubscription,
    queryFn: currentPushSubscription,
    enabled: permission !== 'unsupported',
  });
  const save = useMutation({
    mutationFn: async (change: Partial<PushPreferences>) => {
      const next = { pushNewPosts: user.pushNewPosts, pushChatMessages: user.pushChatMessages, ...change };
      if (Object.values(change).some(Boolean)) await enablePush();
      const updated = await savePreferences(change);
      if (!next.pushNewPosts && !next.pushChatMessages) await disablePush();
      return updated;
    },
    onSuccess: (updated, change) => {
      setCurrentUser(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscription });
      const kind = KINDS.find((k) => k.key in change);
      if (kind) addSnack(updated[kind.key] ? kind.on : kind.off, 'success');
    },
    onError: explainPushFailure,
  });
  const join = useMutation({
    mutationFn: enablePush,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.pushSubscription });
      addSnack('This device will show your notifications too.', 'success');
    },
    onError: explainPushFailure,
  });

  const wanted = (key: keyof PushPreferences) =>
    save.isPending && save.variables && key in save.variables ? Boolean(save.variables[key]) : user[key];
  const anyOn = user.pushNewPosts || user.pushChatMessages;
  const unsupported = permission === 'unsupported';
  return (
    <SectionCard title="Push notifications" gap={1}>
      {unsupported && (
        <Typography variant="body2" color="text.secondary">
          This browser cannot show notifications from Aurum. Install the app, or open it in a browser that supports them.
        </Typography>
      )}
      {permission === 'denied' && (
        <Typography variant="body2" color="warning.main">
          Notifications are blocked for Aurum in this browser. Allow them in its site settings to get them here.
        </Typography>
      )}
      {KINDS.map((kind) => (
        <div key={kind.key}>
          <FormControlLabel
            control={
              <Switch
                checked={wanted(kind.key)}
                disabled={unsupported || save.isPending}
                onChange={(event) => save.mutate({ [kind.key]: event.target.checked })}
                slotProps={{ input: { 'aria-describedby': `${kind.key}-description` } }}
              />
            }
            label={kind.label}
          />
          <Typography id={`${kind.key}-description`} variant="body2" color="text.secondary">
            {kind.description}
          </Typography>
        </div>
      ))}
      {anyOn && !unsupported && permission !== 'denied' && device.isSuccess && device.data === null && (
        <Button variant="outlined" onClick={() => join.mutate()} disabled={join.isPending} sx={{ justifySelf: 'start', mt: 1 }}>
          Show them on this device too
        </Button>
      )}
    </SectionCard>
  );
}
