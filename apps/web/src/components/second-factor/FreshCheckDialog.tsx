import type { SecondFactorMethod, SecondFactorStatus } from '@aurum/core';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { settleFreshCheck, useFreshCheckOpen } from '../../lib/fresh-check';
import { freshCheckPasskeyOptions, passFreshCheck, secondFactorStatusQuery } from '../../lib/second-factor';
import { SecondFactorForm } from './SecondFactorForm';

/** The ways the member can confirm, from what their account has. */
export function methodsOf(status: SecondFactorStatus): SecondFactorMethod[] {
  return [
    ...(status.passkeys.length > 0 ? (['passkey'] as const) : []),
    ...(status.totp ? (['totp'] as const) : []),
    ...(status.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
  ];
}

/**
 * The app-wide fresh check: a sensitive action (a refund, a payout, removing a passkey) waits
 * while the member confirms it is them, and goes through once they have.
 */
export function FreshCheckDialog() {
  const open = useFreshCheckOpen();
  const queryClient = useQueryClient();
  const status = useQuery({ ...secondFactorStatusQuery, enabled: open });
  const methods = status.data ? methodsOf(status.data) : null;
  return (
    <Dialog open={open} onClose={() => settleFreshCheck(false)} aria-labelledby="fresh-check-title" fullWidth maxWidth="xs">
      <DialogTitle id="fresh-check-title">Confirm it is you</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>What you asked for needs a recent check that it is you. It goes ahead once you confirm.</DialogContentText>
        {methods === null ? (
          <CircularProgress aria-label="Loading" sx={{ justifySelf: 'center' }} />
        ) : (
          <SecondFactorForm
            methods={methods}
            passkeyOptions={freshCheckPasskeyOptions}
            submitLabel="Confirm"
            onAnswer={async (answer) => {
              await passFreshCheck(answer);
              await queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey });
              settleFreshCheck(true);
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => settleFreshCheck(false)}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
