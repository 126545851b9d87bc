import { type AccountSession, deviceName } from '@aurum/core';
import Computer from '@mui/icons-material/Computer';
import Devices from '@mui/icons-material/Devices';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import TabletMac from '@mui/icons-material/TabletMac';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { accountSessionsQuery, endAccountSession, endOtherAccountSessions } from './api';

const DEVICE_ICONS = { phone: PhoneAndroid, tablet: TabletMac, desktop: Computer, other: Devices } as const;

/**
 * Where the member is signed in, and signing any other device out: a session they do not
 * recognise, or all of them at once after losing a phone.
 */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery(accountSessionsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
  const endOne = useMutation({
    mutationFn: (session: AccountSession) => endAccountSession(session.id),
    onSuccess: (_, session) => {
      addSnack(`${deviceName(session)} is signed out.`, 'success');
      return refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: endOtherAccountSessions,
    onSuccess: ({ ended }) => {
      addSnack(ended === 1 ? 'One other device is signed out.' : `${ended} other devices are signed out.`, 'success');
      return refresh();
    },
  });
  const items = sessions.data?.items ?? [];
  const error = sessions.error ?? endOne.error ?? endOthers.error;
  return (
    <SectionCard title="Where you are signed in" gap={1.5}>
      <Typography color="text.secondary">
        If you see a device you do not know, sign it out and check that your e-mail account is safe: sign-in codes go there.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {items.map((session) => {
          const Icon = DEVICE_ICONS[session.deviceType];
          return (
            <Box component="li" key={session.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Icon aria-hidden sx={{ color: 'text.secondary' }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {deviceName(session)} {session.current && <Chip size="small" color="primary" label="This device" sx={{ ml: 0.5 }} />}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Last active {formatDate(session.lastActiveAt)}
                  {session.ip ? ` · ${session.ip}` : ''} · signed in {formatDate(session.signedInAt)}
                </Typography>
              </Box>
              {!session.current && (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => endOne.mutate(session)}
                  loading={endOne.isPending && endOne.variables?.id === session.id}
                  aria-label={`Sign out ${deviceName(session)}`}
                >
                  Sign out
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      {items.length > 1 && (
        <Button
          variant="outlined"
          color="error"
          onClick={() => endOthers.mutate()}
          loading={endOthers.isPending}
          sx={{ justifySelf: 'start' }}
        >
          Sign out of all other devices
        </Button>
      )}
    </SectionCard>
  );
}
