import { type PaymentMethod, paymentMethodText } from '@aurum/core';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { paymentMethodsQuery } from '../../lib/payment-methods';
import { PageLoading } from '../LoadingOverlay';
import { RetryAlert } from '../RetryAlert';
import { AddPaymentMethodForm } from './AddPaymentMethodForm';
import { methodDetailsText } from './method-details';

/**
 * Which saved method pays: the one the member picked, else `initial` (say, the subscription's
 * current method), else the default. A method added on the way is picked at once.
 */
export function usePaymentMethodChoice(initial: string | null = null) {
  const methods = useQuery(paymentMethodsQuery);
  const [picked, setPicked] = useState<string | null>(initial);
  const saved = methods.data ?? [];
  const fallback = saved.find((method) => method.isDefault) ?? saved[0];
  const selectedId = saved.some((method) => method.id === picked) ? picked : (fallback?.id ?? null);
  /** A payment's failure while the method it tried is still the one chosen: choosing or adding another clears it. */
  const failureOf = (payment: { error: Error | null; variables?: { paymentMethodId: string } | undefined }) =>
    payment.variables?.paymentMethodId === selectedId ? payment.error : null;
  return { methods, saved, selectedId, select: setPicked, failureOf };
}

export type PaymentMethodChoice = ReturnType<typeof usePaymentMethodChoice>;

/** Radio buttons over the saved methods, and the add form inline (open at once when there are none). */
export function PaymentMethodPicker({ choice, disabled = false }: { choice: PaymentMethodChoice; disabled?: boolean }) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const { methods, saved, selectedId, select } = choice;
  if (methods.isPending) return <PageLoading label="Loading your payment methods" />;
  if (methods.error) {
    return <RetryAlert error={methods.error} onRetry={() => methods.refetch()} />;
  }
  const showForm = adding || saved.length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {saved.length > 0 && (
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel component="legend" id={`${id}-legend`} sx={{ mb: 1 }}>
            Pay with
          </FormLabel>
          <RadioGroup name={`${id}-method`} value={selectedId ?? ''} onChange={(event) => select(event.target.value)} sx={{ gap: 1 }}>
            {saved.map((method) => (
              <MethodOption key={method.id} method={method} selected={method.id === selectedId} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {showForm ? (
        <Box component="section" aria-labelledby={`${id}-add`} sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id={`${id}-add`} variant="h3">
            Add payment method
          </Typography>
          <AddPaymentMethodForm
            onSaved={(method) => {
              select(method.id);
              setAdding(false);
            }}
            onCancel={saved.length > 0 ? () => setAdding(false) : undefined}
          />
        </Box>
      ) : (
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          disabled={disabled}
          sx={{ justifySelf: 'start' }}
        >
          Add payment method
        </Button>
      )}
    </Box>
  );
}

function MethodOption({ method, selected }: { method: PaymentMethod; selected: boolean }) {
  const id = useId();
  const text = paymentMethodText(method);
  const details = [methodDetailsText(method), method.isDefault ? 'Default' : null].filter(Boolean).join(' · ');
  return (
    <FormControlLabel
      value={method.id}
      control={<Radio slotProps={{ input: { 'aria-label': text, 'aria-describedby': details ? id : undefined } }} />}
      sx={{
        m: 0,
        pr: 2,
        py: 0.5,
        border: 1,
        borderRadius: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        alignItems: 'center',
      }}
      label={
        <Box sx={{ py: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{text}</Typography>
          {details && (
            <Typography id={id} variant="body2" color="text.secondary">
              {details}
            </Typography>
          )}
        </Box>
      }
    />
  );
}
