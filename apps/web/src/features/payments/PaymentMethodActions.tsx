import { type PaymentMethod, paymentMethodText } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BlockButton } from '../../components/BlockButton';
import { setError } from '../../components/error-store';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { refreshPaymentMethods } from '../../lib/payment-methods';
import { paymentMethodQuery, removePaymentMethod, setDefaultPaymentMethod } from './api';

/**
 * Make a method the default, or remove it after confirming. The server refuses to remove a
 * method an auto-renewing subscription pays with (409 payment_method_in_use); its message is
 * shown in the dialog.
 */
export function PaymentMethodActions({ method, onRemoved }: { method: PaymentMethod; onRemoved?: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const text = paymentMethodText(method);
  const makeDefault = useMutation({
    mutationFn: () => setDefaultPaymentMethod(method.id),
    onSuccess: async (updated) => {
      queryClient.setQueryData(paymentMethodQuery(updated.id).queryKey, updated);
      await refreshPaymentMethods(queryClient);
      addSnack(`${text} is now your default payment method.`, 'success');
    },
    onError: (error) => setError(error),
  });
  const remove = useMutation({
    mutationFn: () => removePaymentMethod(method.id),
    onSuccess: async () => {
      setConfirming(false);
      onRemoved?.();
      queryClient.removeQueries({ queryKey: paymentMethodQuery(method.id).queryKey });
      await refreshPaymentMethods(queryClient);
      addSnack('Payment method removed.', 'success');
    },
  });

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {!method.isDefault && (
        <Button
          size="small"
          variant="outlined"
          aria-label={`Set as default: ${text}`}
          loading={makeDefault.isPending}
          onClick={() => makeDefault.mutate()}
        >
          Set as default
        </Button>
      )}
      <Button
        size="small"
        color="inherit"
        aria-label={`Remove: ${text}`}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Remove
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
        <DialogTitle id={`${id}-title`}>Remove this payment method?</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{text} will no longer be available for your subscriptions.</DialogContentText>
          {remove.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Box>
            <BlockButton size="medium" color="error" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove
            </BlockButton>
          </Box>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
