import { type PayoutMethod, payoutMethodLabel } from '@aurum/core';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AlternateEmailIcon from '@mui/icons-material/AlternateEmail';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { activatePayoutMethod, refreshPayoutMethods, removePayoutMethod } from '../../lib/payout-methods';
import { BlockButton } from '../BlockButton';
import { addSnack } from '../snack-queue';
import { payoutCountry } from './countries';

function detailsLine(method: PayoutMethod): string {
  if (method.type === 'paypal') return 'PayPal account';
  const { holderName, country, currency, accountKind } = method.details;
  return [holderName, payoutCountry(country)?.name ?? country, currency, accountKind === 'iban' ? 'IBAN' : 'Account number'].join(' · ');
}

/** The saved payout methods, masked, with the active one marked; others can be made active or removed. */
export function PayoutMethodList({ methods, onChanged }: { methods: PayoutMethod[]; onChanged?: () => void }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);
  const refresh = async () => {
    await refreshPayoutMethods(queryClient);
    onChanged?.();
  };
  const activate = useMutation({
    mutationFn: activatePayoutMethod,
    onSuccess: async (method) => {
      await refresh();
      addSnack(`Payouts now go to: ${payoutMethodLabel(method)}`, 'success');
    },
  });
  const remove = useMutation({
    mutationFn: removePayoutMethod,
    onSuccess: async () => {
      setRemoving(null);
      await refresh();
      addSnack('Payout method removed.', 'success');
    },
  });

  return (
    <>
      {activate.error && <Alert severity="error">{errorMessage(activate.error)}</Alert>}
      <Box component="ul" aria-label="Saved payout methods" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {methods.map((method) => {
          const label = payoutMethodLabel(method);
          const Icon = method.type === 'paypal' ? AlternateEmailIcon : AccountBalanceIcon;
          return (
            <Paper
              component="li"
              key={method.id}
              variant="outlined"
              sx={{
                p: 2,
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                flexWrap: 'wrap',
                borderColor: method.active ? 'primary.main' : undefined,
              }}
            >
              <Icon aria-hidden sx={{ color: method.active ? 'primary.main' : 'text.secondary' }} />
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {detailsLine(method)}
                </Typography>
              </Box>
              {method.active ? (
                <Chip label="Active" color="primary" size="small" />
              ) : (
                <Button
                  size="small"
                  variant="outlined"
                  aria-label={`Set active: ${label}`}
                  disabled={activate.isPending}
                  onClick={() => activate.mutate(method.id)}
                >
                  Set active
                </Button>
              )}
              <Button size="small" color="inherit" aria-label={`Remove: ${label}`} onClick={() => setRemoving(method)}>
                Remove
              </Button>
            </Paper>
          );
        })}
      </Box>
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} aria-labelledby="remove-payout-title">
        <DialogTitle id="remove-payout-title">Remove this payout method?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {removing ? payoutMethodLabel(removing) : ''}
            {removing?.active ? '. It is your active method: payouts go to your newest other method, if you have one.' : ''}
          </DialogContentText>
          {remove.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Box sx={{ width: 'auto' }}>
            <BlockButton color="error" size="medium" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.id)}>
              Remove
            </BlockButton>
          </Box>
        </DialogActions>
      </Dialog>
    </>
  );
}
