import { type ChatMessage, formatMoney } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BlockButton } from '../../components/BlockButton';
import { PaymentError } from '../../components/payment-method/PaymentError';
import { PaymentMethodPicker, usePaymentMethodChoice } from '../../components/payment-method/PaymentMethodPicker';
import { addSnack } from '../../components/snack-queue';
import { errorMessage } from '../../lib/errors';
import { outcomeUnknown, useAttemptKeys } from '../../lib/payment-attempt';
import { refreshAfterDecline } from '../../lib/payment-methods';
import { unlockMessage } from './api';
import { replaceMessage } from './chat-cache';

/**
 * Paying for a paid message: the saved method to pay with (or a new one), the price, and the
 * payment. The media shows in full as soon as the server has the payment.
 */
export function UnlockDialog({
  message,
  onClose,
}: {
  message: ChatMessage & { price: NonNullable<ChatMessage['price']> };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethodChoice();
  const keys = useAttemptKeys();
  const price = formatMoney(message.price);
  const pay = useMutation({
    mutationFn: (input: { paymentMethodId: string; idempotencyKey: string }) => unlockMessage(message.chatId, message.id, input),
    onSuccess: (unlocked) => {
      keys.settled();
      replaceMessage(queryClient, unlocked);
      addSnack('Unlocked', 'success');
      onClose();
    },
    onError: (error) => {
      keys.settled(error);
      refreshAfterDecline(queryClient, error);
    },
  });
  const failure = methods.failureOf(pay);
  const retrying = failure !== null && outcomeUnknown(failure);
  const confirm = () => {
    if (!methods.selectedId) return;
    pay.mutate({ paymentMethodId: methods.selectedId, idempotencyKey: keys.keyFor(methods.selectedId) });
  };

  return (
    <Dialog open onClose={pay.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="unlock-title">
      <DialogTitle id="unlock-title">Unlock for {price}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">
          {message.media.length === 1
            ? `You pay ${price} once to see this item. Only you see it after paying.`
            : `You pay ${price} once to see these ${message.media.length} items. Only you see them after paying.`}
        </Typography>
        <PaymentMethodPicker choice={methods} disabled={pay.isPending} />
        {failure && (retrying ? <Alert severity="warning">{errorMessage(failure)}</Alert> : <PaymentError error={failure} />)}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexDirection: 'column', gap: 1, '& > :not(:first-of-type)': { ml: 0 } }}>
        <BlockButton onClick={confirm} loading={pay.isPending} disabled={!methods.selectedId}>
          {retrying ? 'Try again' : `Pay ${price}`}
        </BlockButton>
        <Button fullWidth onClick={onClose} disabled={pay.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
