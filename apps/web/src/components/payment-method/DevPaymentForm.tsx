import { DEV_TEST_CARDS, type DevTokenRequest, devTokenRequestSchema } from '@aurum/core';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { apiFormErrors, type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { createDevToken } from '../../lib/payment-methods';
import { PaymentFormFooter } from './PaymentFormFooter';
import { type AddPaymentMethodFormProps, useSavePaymentMethod } from './useSavePaymentMethod';

const FIELDS = ['number', 'expMonth', 'expYear', 'cvc', 'email'] as const;
type Field = (typeof FIELDS)[number];
type Kind = DevTokenRequest['type'];

/** "4242 4242 4242 4242". */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The development provider's form: card or PayPal details go to its token endpoint (as they
 * would go to Stripe.js), and only the token it answers is saved with Aurum.
 */
export function DevPaymentForm({ onSaved, onCancel }: AddPaymentMethodFormProps) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('card');
  const [card, setCard] = useState({ number: '', expMonth: '', expYear: '', cvc: '' });
  const [email, setEmail] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field>>({});
  const save = useSavePaymentMethod(createDevToken, onSaved);
  const serverErrors = apiFormErrors(save.error, FIELDS);
  const errors = { ...serverErrors.fields, ...clientErrors };

  const clear = (field: Field) => setClientErrors(({ [field]: _cleared, ...rest }) => rest);
  const cardField = (field: keyof typeof card) => ({
    name: field,
    value: card[field],
    onChange: (event: { target: { value: string } }) => {
      setCard((current) => ({ ...current, [field]: event.target.value }));
      clear(field);
    },
    error: Boolean(errors[field]),
    helperText: errors[field],
    required: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = devTokenRequestSchema.safeParse(kind === 'card' ? { type: 'card', ...card } : { type: 'paypal', email });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add a payment method" sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="warning" variant="outlined">
        <AlertTitle>Test mode — no real money moves</AlertTitle>
        This server uses the development payment provider. Only test details work here.
      </Alert>
      <Tabs
        value={kind}
        onChange={(_event, next: Kind) => {
          setKind(next);
          setClientErrors({});
          save.reset();
        }}
        aria-label="How to pay"
        variant="fullWidth"
      >
        <Tab value="card" label="Card" id={`${id}-card-tab`} aria-controls={`${id}-card-panel`} />
        <Tab value="paypal" label="PayPal" id={`${id}-paypal-tab`} aria-controls={`${id}-paypal-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-${kind}-panel`} aria-labelledby={`${id}-${kind}-tab`} sx={{ display: 'grid', gap: 2.5 }}>
        {kind === 'card' ? (
          <>
            <TextField
              label="Card number"
              autoComplete="cc-number"
              {...cardField('number')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23, spellCheck: false } }}
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
              <TextField
                label="Month"
                placeholder="MM"
                autoComplete="cc-exp-month"
                {...cardField('expMonth')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
              />
              <TextField
                label="Year"
                placeholder="YYYY"
                autoComplete="cc-exp-year"
                {...cardField('expYear')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
              <TextField
                label="CVC"
                autoComplete="cc-csc"
                {...cardField('cvc')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary">
              Test cards: {grouped(DEV_TEST_CARDS.succeeds)} is accepted, {grouped(DEV_TEST_CARDS.declined)} is declined,{' '}
              {grouped(DEV_TEST_CARDS.failsOnRenewal)} is accepted once and then fails at renewal. Any future expiry and any CVC.
            </Typography>
          </>
        ) : (
          <TextField
            label="PayPal e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('email');
            }}
            error={Boolean(errors.email)}
            helperText={errors.email ?? 'Any address works; one starting with “declined” is declined.'}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        )}
      </Box>
      <PaymentFormFooter error={serverErrors.general} pending={save.isPending} onCancel={onCancel} />
    </Box>
  );
}
