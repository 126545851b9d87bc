import { formatMoney, TIP_MAX_MINOR, TIP_MESSAGE_MAX_LENGTH, type TipSettings, tipAmountMessage, tipAmountProblem } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { outcomeUnknown, useAttemptKeys } from '../../lib/payment-attempt';
import { refreshAfterDecline } from '../../lib/payment-methods';
import { formatPriceInput, parsePrice } from '../../lib/price';
import { giveTip, tipSettingsQuery } from '../../lib/tips';
import { BlockButton } from '../BlockButton';
import { PageLoading } from '../LoadingOverlay';
import { PaymentError } from '../payment-method/PaymentError';
import { PaymentMethodPicker, usePaymentMethodChoice } from '../payment-method/PaymentMethodPicker';
import { RetryAlert } from '../RetryAlert';
import { addSnack } from '../snack-queue';

/** The amounts offered at a tap, in minor units: the creator's minimum and the usual round sums above it. */
const SUGGESTED_MINOR = [500, 1000, 2000];

export function suggestedTips(settings: TipSettings): number[] {
  return [...new Set([settings.minimumMinor, ...SUGGESTED_MINOR])].filter((amount) => amount >= settings.minimumMinor).slice(0, 4);
}

const TIP_MUTATION = ['tip'];

export interface TipTarget {
  creatorId: string;
  creatorName: string;
  /** The post the tip is given on; none on the profile. */
  postId?: string;
  /** The tipper's chat with the creator, where the tip shows as their message. */
  chatId?: string;
}

/** Tipping a creator: an amount in their currency (from their minimum), an optional message, and the saved method to pay with. */
export function TipDialog({ target, onClose }: { target: TipTarget; onClose: () => void }) {
  const titleId = useId();
  const settings = useQuery(tipSettingsQuery(target.creatorId));
  // Not closed while the payment is on its way: its outcome shows here.
  const paying = useIsMutating({ mutationKey: TIP_MUTATION }) > 0;
  return (
    <Dialog open onClose={paying ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Tip {target.creatorName}</DialogTitle>
      {settings.isPending ? (
        <DialogContent>
          <PageLoading label="Loading" />
        </DialogContent>
      ) : settings.isError ? (
        <DialogContent>
          <RetryAlert error={settings.error} onRetry={() => void settings.refetch()} />
        </DialogContent>
      ) : settings.data.enabled ? (
        <TipForm target={target} settings={settings.data} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            <Typography>{target.creatorName} does not take tips.</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function TipForm({ target, settings, onClose }: { target: TipTarget; settings: TipSettings; onClose: () => void }) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethodChoice();
  const keys = useAttemptKeys();
  const { currency } = settings;
  const [amountText, setAmountText] = useState(formatPriceInput(suggestedTips(settings)[1] ?? settings.minimumMinor, currency));
  const [message, setMessage] = useState('');
  const parsed = parsePrice(amountText, currency);
  const problem = parsed.ok ? tipAmountProblem({ amountMinor: parsed.minor, currency }, settings) : null;
  const amountError = parsed.ok ? problem && tipAmountMessage(problem, settings) : parsed.error;
  const amount = parsed.ok && !problem ? formatMoney({ amountMinor: parsed.minor, currency }) : null;

  const tip = useMutation({
    mutationKey: TIP_MUTATION,
    mutationFn: (input: { paymentMethodId: string; idempotencyKey: string; amountMinor: number }) =>
      giveTip(target.creatorId, {
        ...input,
        currency,
        message: message.trim() || null,
        postId: target.postId ?? null,
        chatId: target.chatId ?? null,
      }),
    onSuccess: (given) => {
      keys.settled();
      addSnack(`You tipped ${target.creatorName} ${formatMoney(given)}. Thank you!`, 'success');
      onClose();
    },
    onError: (error) => {
      keys.settled(error);
      refreshAfterDecline(queryClient, error);
    },
  });
  const failure = methods.failureOf(tip);
  const retrying = failure !== null && outcomeUnknown(failure);
  const send = () => {
    if (!methods.selectedId || !parsed.ok || problem) return;
    const about = `${methods.selectedId}:${parsed.minor}:${message.trim()}`;
    tip.mutate({ paymentMethodId: methods.selectedId, amountMinor: parsed.minor, idempotencyKey: keys.keyFor(about) });
  };

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">
          {target.postId ? 'A tip on this post' : target.chatId ? 'A tip in this chat' : 'A tip'} goes to {target.creatorName}, who is told
          at once{target.chatId ? ' and sees it here with your message' : ''}. From{' '}
          {formatMoney({ amountMinor: settings.minimumMinor, currency })} to {formatMoney({ amountMinor: TIP_MAX_MINOR, currency })}.
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Suggested amounts">
          {suggestedTips(settings).map((minor) => {
            const text = formatPriceInput(minor, currency);
            return (
              <Chip
                key={minor}
                label={formatMoney({ amountMinor: minor, currency })}
                color={text === amountText ? 'primary' : 'default'}
                variant={text === amountText ? 'filled' : 'outlined'}
                onClick={() => setAmountText(text)}
                disabled={tip.isPending}
              />
            );
          })}
        </Stack>
        <TextField
          label={`Amount (${currency})`}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={Boolean(amountError)}
          helperText={amountError ?? ' '}
          disabled={tip.isPending}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Message (optional)"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={2}
          disabled={tip.isPending}
          helperText={`${message.length} / ${TIP_MESSAGE_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: TIP_MESSAGE_MAX_LENGTH } }}
        />
        <PaymentMethodPicker choice={methods} disabled={tip.isPending} />
        {failure && (retrying ? <Alert severity="warning">{errorMessage(failure)}</Alert> : <PaymentError error={failure} />)}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexDirection: 'column', gap: 1, '& > :not(:first-of-type)': { ml: 0 } }}>
        <BlockButton onClick={send} loading={tip.isPending} disabled={!methods.selectedId || !amount}>
          {retrying ? 'Try again' : amount ? `Tip ${amount}` : 'Tip'}
        </BlockButton>
        <Button fullWidth onClick={onClose} disabled={tip.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </>
  );
}
