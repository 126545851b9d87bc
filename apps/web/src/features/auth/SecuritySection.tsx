import type { PasskeySummary } from '@aurum/core';
import Key from '@mui/icons-material/Key';
import PhonelinkLock from '@mui/icons-material/PhonelinkLock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SectionCard } from '../../components/SectionCard';
import { addSnack } from '../../components/snack-queue';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import {
  addPasskey,
  canUsePasskeys,
  newRecoveryCodes,
  passkeyErrorMessage,
  removePasskey,
  removeTotp,
  secondFactorStatusQuery,
} from '../../lib/second-factor';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { TotpSetupDialog } from './TotpSetupDialog';

function FactorRow({ icon, title, detail, action }: { icon: ReactNode; title: ReactNode; detail: string; action: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
      {icon}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}

const passkeyDetail = (passkey: PasskeySummary) =>
  [
    `Added ${formatDate(passkey.createdAt)}`,
    passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet',
    passkey.synced ? 'synced' : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Two-step sign-in: passkeys, an authenticator app and recovery codes. With one on, a mailed
 * code alone no longer signs in; creators need one to change where they are paid, admins to
 * use the admin area. Removing one asks for a fresh check (the app-wide dialog).
 */
export function SecuritySection() {
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorStatusQuery);
  const [totpOpen, setTotpOpen] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey });
  const added = (what: string) => (codes: string[] | null) => {
    addSnack(`${what} is added.`, 'success');
    if (codes) setRecoveryCodes(codes);
    return refresh();
  };
  const passkey = useMutation({ mutationFn: addPasskey, onSuccess: ({ recoveryCodes: codes }) => added('Your passkey')(codes) });
  const removeKey = useMutation({
    mutationFn: (key: PasskeySummary) => removePasskey(key.id),
    onSuccess: (_, key) => {
      addSnack(`${key.name} is removed.`, 'success');
      return refresh();
    },
  });
  const removeApp = useMutation({
    mutationFn: removeTotp,
    onSuccess: () => {
      addSnack('The authenticator app is removed.', 'success');
      return refresh();
    },
  });
  const renewCodes = useMutation({ mutationFn: newRecoveryCodes, onSuccess: ({ codes }) => setRecoveryCodes(codes) });

  const data = status.data;
  const failure = status.error ?? removeKey.error ?? removeApp.error ?? renewCodes.error;
  const passkeyFailure = passkey.error ? (passkeyErrorMessage(passkey.error) ?? errorMessage(passkey.error)) : null;
  const addPasskeyButton = canUsePasskeys() && (
    <Button
      variant={data?.enabled ? 'outlined' : 'contained'}
      startIcon={<Key />}
      loading={passkey.isPending}
      onClick={() => passkey.mutate()}
    >
      {data?.passkeys.length ? 'Add another passkey' : 'Add a passkey'}
    </Button>
  );
  return (
    <SectionCard title="Two-step sign-in" gap={1.5}>
      <Typography color="text.secondary">
        {data?.enabled
          ? 'Signing in asks for one of these after the code from your e-mail. A passkey signs you in on its own.'
          : 'Add a second step to signing in, so a code from your e-mail alone is not enough. Creators need it to change where they are paid; admins need it for the admin area.'}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {errorMessage(failure)}
        </Alert>
      )}
      {passkeyFailure && (
        <Alert severity="error" role="alert">
          {passkeyFailure}
        </Alert>
      )}
      {data && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {data.passkeys.map((key) => (
            <FactorRow
              key={key.id}
              icon={<Key aria-hidden sx={{ color: 'text.secondary' }} />}
              title={key.name}
              detail={passkeyDetail(key)}
              action={
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  aria-label={`Remove passkey ${key.name}`}
                  loading={removeKey.isPending && removeKey.variables?.id === key.id}
                  onClick={() => removeKey.mutate(key)}
                >
                  Remove
                </Button>
              }
            />
          ))}
          {data.totp && (
            <FactorRow
              icon={<PhonelinkLock aria-hidden sx={{ color: 'text.secondary' }} />}
              title={
                <>
                  Authenticator app <Chip size="small" color="primary" label="On" sx={{ ml: 0.5 }} />
                </>
              }
              detail="A 6-digit code from the app"
              action={
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  aria-label="Remove the authenticator app"
                  loading={removeApp.isPending}
                  onClick={() => removeApp.mutate()}
                >
                  Remove
                </Button>
              }
            />
          )}
        </Box>
      )}
      {data?.enabled && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ flex: 1, minWidth: 180 }}>Recovery codes: {data.recoveryCodesLeft} of 10 left</Typography>
          <Button size="small" variant="outlined" loading={renewCodes.isPending} onClick={() => renewCodes.mutate()}>
            Get new codes
          </Button>
        </Box>
      )}
      {data && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {addPasskeyButton}
          {!data.totp && (
            <Button variant="outlined" startIcon={<PhonelinkLock />} onClick={() => setTotpOpen(true)}>
              Set up an authenticator app
            </Button>
          )}
        </Box>
      )}
      <TotpSetupDialog
        open={totpOpen}
        onClose={() => setTotpOpen(false)}
        onAdded={(codes) => {
          setTotpOpen(false);
          return added('The authenticator app')(codes);
        }}
      />
      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
    </SectionCard>
  );
}
