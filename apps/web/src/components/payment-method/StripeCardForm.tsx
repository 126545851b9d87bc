import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { PaymentFormFooter } from './PaymentFormFooter';
import { type AddPaymentMethodFormProps, useSavePaymentMethod } from './useSavePaymentMethod';

/**
 * Card entry with Stripe Elements. Only this module imports Stripe, and it is loaded lazily,
 * so Stripe.js is fetched only when a member adds a card on a Stripe-configured server.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per key for the whole visit; loadStripe adds its script once. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

export default function StripeCardForm({ publishableKey, ...props }: AddPaymentMethodFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ onSaved, onCancel }: AddPaymentMethodFormProps) {
  const id = useId();
  const theme = useTheme();
  const stripe = useStripe();
  const elements = useElements();
  const [focused, setFocused] = useState(false);
  const save = useSavePaymentMethod(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new Error('The card form is still loading. Try again in a moment.');
    const result = await stripe.createPaymentMethod({ type: 'card', card });
    if (result.error) throw new Error(result.error.message ?? 'The card was not accepted.');
    return result.paymentMethod.id;
  }, onSaved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a payment method" sx={{ display: 'grid', gap: 2.5 }}>
      <Box role="group" aria-labelledby={`${id}-label`} sx={{ display: 'grid', gap: 1 }}>
        <FormLabel id={`${id}-label`} focused={focused}>
          Card details
        </FormLabel>
        <Box
          sx={{
            px: 1.75,
            py: 2,
            border: 1,
            borderRadius: 1,
            borderColor: focused ? 'primary.main' : 'divider',
            outline: focused ? `1px solid ${theme.palette.primary.main}` : 'none',
          }}
        >
          <CardElement
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onChange={() => save.reset()}
            options={{
              style: {
                base: {
                  color: theme.palette.text.primary,
                  fontFamily: theme.typography.fontFamily,
                  fontSize: '16px',
                  iconColor: theme.palette.primary.main,
                  '::placeholder': { color: theme.palette.text.secondary },
                },
                invalid: { color: theme.palette.error.main, iconColor: theme.palette.error.main },
              },
            }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          Your card details go straight to Stripe. Aurum keeps only the brand, the last 4 digits and the expiry date.
        </Typography>
      </Box>
      <PaymentFormFooter error={save.error ? errorMessage(save.error) : null} pending={save.isPending || !stripe} onCancel={onCancel} />
    </Box>
  );
}
