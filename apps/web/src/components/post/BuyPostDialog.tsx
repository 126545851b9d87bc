import { type ContentPrice, displayName, formatMoney, type Post } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { isApiError } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { outcomeUnknown, useAttemptKeys } from '../../lib/payment-attempt';
import { refreshAfterDecline } from '../../lib/payment-methods';
import { updateCachedPost } from '../../lib/post-cache';
import { buyPost } from '../../lib/post-sales';
import { queryKeys } from '../../lib/query-keys';
import { BlockButton } from '../BlockButton';
import { PaymentError } from '../payment-method/PaymentError';
import { PaymentMethodPicker, usePaymentMethodChoice } from '../payment-method/PaymentMethodPicker';
import { addSnack } from '../snack-queue';

/**
 * Buying a post sold on its own: the saved method to pay with (or a new one), the price shown,
 * and the payment. The post opens in place, wherever it is on screen, once the server has the payment.
 */
export function BuyPostDialog({ post, price, onClose }: { post: Pick<Post, 'id' | 'creator'>; price: ContentPrice; onClose: () => void }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const methods = usePaymentMethodChoice();
  const keys = useAttemptKeys();
  const amount = formatMoney(price);
  const buy = useMutation({
    mutationFn: (input: { paymentMethodId: string; idempotencyKey: string }) => buyPost(post.id, { ...input, price }),
    onSuccess: (bought) => {
      keys.settled();
      updateCachedPost(queryClient, post.id, bought);
      addSnack('Unlocked: the post is yours to keep.', 'success');
      onClose();
    },
    onError: (error) => {
      keys.settled(error);
      refreshAfterDecline(queryClient, error);
      // The creator changed the price meanwhile: the post is read again, and shows the new one.
      if (isApiError(error, 'post_price_changed')) void queryClient.invalidateQueries({ queryKey: queryKeys.post.one(post.id) });
    },
  });
  const failure = methods.failureOf(buy);
  const retrying = failure !== null && outcomeUnknown(failure);
  const confirm = () => {
    if (!methods.selectedId) return;
    buy.mutate({ paymentMethodId: methods.selectedId, idempotencyKey: keys.keyFor(methods.selectedId) });
  };

  return (
    <Dialog open onClose={buy.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Unlock for {amount}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">
          You pay {amount} once to see this post by {displayName(post.creator)}, and keep it.
        </Typography>
        <PaymentMethodPicker choice={methods} disabled={buy.isPending} />
        {failure && (retrying ? <Alert severity="warning">{errorMessage(failure)}</Alert> : <PaymentError error={failure} />)}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexDirection: 'column', gap: 1, '& > :not(:first-of-type)': { ml: 0 } }}>
        <BlockButton onClick={confirm} loading={buy.isPending} disabled={!methods.selectedId}>
          {retrying ? 'Try again' : `Pay ${amount}`}
        </BlockButton>
        <Button fullWidth onClick={onClose} disabled={buy.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
