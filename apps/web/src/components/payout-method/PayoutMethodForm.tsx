import { type PayoutMethod, type PayoutMethodInput, payoutMethodInputSchema } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useClientConfig } from '../../lib/client-config';
import { apiFormErrors, type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { addPayoutMethod, PAYOUT_METHOD_KINDS, refreshPayoutMethods } from '../../lib/payout-methods';
import { BlockButton } from '../BlockButton';
import { PAYOUT_COUNTRIES, PAYOUT_CURRENCIES, payoutCountry } from './countries';

const FIELDS = ['holderName', 'country', 'currency', 'iban', 'accountNumber', 'routingNumber', 'email'] as const;
type Field = (typeof FIELDS)[number];
type MethodType = PayoutMethodInput['type'];
const ONE_OF_KIND: Record<MethodType, string> = { bank_account: 'a bank account', paypal: 'PayPal' };

/** The country of the browser's language (en-US gives US), if payouts go there; else the United States. */
function defaultCountry(): string {
  const region = (navigator.language.split('-')[1] ?? '').toUpperCase();
  return payoutCountry(region)?.code ?? 'US';
}

export interface PayoutFormValues {
  type: MethodType;
  holderName: string;
  country: string;
  currency: string;
  account: string;
  routingNumber: string;
  email: string;
}

/** What the form sends: an IBAN where the country's banks use one, else an account and routing number. */
export function payoutInputFrom(values: PayoutFormValues): PayoutMethodInput {
  if (values.type === 'paypal') return { type: 'paypal', email: values.email };
  const usesIban = payoutCountry(values.country)?.iban ?? true;
  return {
    type: 'bank_account',
    holderName: values.holderName,
    country: values.country,
    currency: values.currency,
    ...(usesIban ? { iban: values.account } : { accountNumber: values.account, routingNumber: values.routingNumber || undefined }),
  };
}

/** Adds a bank account or PayPal address; the new method becomes the active one. */
export function PayoutMethodForm({ onSaved, onCancel }: { onSaved: (method: PayoutMethod) => void; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const payable = useClientConfig()?.payoutMethodTypes;
  const [values, setValues] = useState<PayoutFormValues>(() => {
    const country = defaultCountry();
    return {
      // The kind this server pays, when it pays only PayPal.
      type: payable?.length === 1 && payable[0] === 'paypal' ? 'paypal' : 'bank_account',
      holderName: '',
      country,
      currency: payoutCountry(country)?.currency ?? 'USD',
      account: '',
      routingNumber: '',
      email: '',
    };
  });
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: addPayoutMethod,
    onSuccess: async (method) => {
      await refreshPayoutMethods(queryClient);
      onSaved(method);
    },
  });
  const unpaid = payable && !payable.includes(values.type);
  const serverErrors = apiFormErrors(save.error, FIELDS);
  const errors = { ...serverErrors.fields, ...clientErrors };
  const country = payoutCountry(values.country);
  const usesIban = country?.iban ?? true;
  const accountError = usesIban ? errors.iban : errors.accountNumber;

  const change = (field: keyof PayoutFormValues, cleared: Field[]) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setClientErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key as Field))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const input = payoutInputFrom(values);
    const parsed = payoutMethodInputSchema.safeParse(input);
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setClientErrors({});
    save.mutate(input);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          Payout method
        </FormLabel>
        <RadioGroup row name="type" value={values.type} onChange={(event) => change('type', [...FIELDS])(event.target.value)}>
          <FormControlLabel value="bank_account" control={<Radio />} label="Bank account" />
          <FormControlLabel value="paypal" control={<Radio />} label="PayPal" />
        </RadioGroup>
      </FormControl>
      {unpaid && (
        <Alert severity="warning">
          {payable.length === 0
            ? 'Payouts are not set up on this server yet. You can save your payout method now and withdraw once they are.'
            : `This server does not pay out to ${PAYOUT_METHOD_KINDS[values.type]} yet: choose ${payable.map((type) => ONE_OF_KIND[type]).join(' or ')} to be paid.`}
        </Alert>
      )}

      {values.type === 'paypal' ? (
        <TextField
          label="PayPal e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => change('email', ['email'])(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email ?? 'The address of your PayPal account.'}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
      ) : (
        <>
          <TextField
            label="Account holder name"
            name="holderName"
            autoComplete="name"
            required
            value={values.holderName}
            onChange={(event) => change('holderName', ['holderName'])(event.target.value)}
            error={Boolean(errors.holderName)}
            helperText={errors.holderName ?? 'As the bank knows it.'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              select
              label="Country"
              name="country"
              required
              value={values.country}
              onChange={(event) => {
                const next = event.target.value;
                const previousDefault = payoutCountry(values.country)?.currency;
                change('country', ['country', 'iban', 'accountNumber', 'routingNumber'])(next);
                // Follow the country's currency unless the user picked another one.
                if (values.currency === previousDefault) change('currency', ['currency'])(payoutCountry(next)?.currency ?? values.currency);
              }}
              error={Boolean(errors.country)}
              helperText={errors.country}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {PAYOUT_COUNTRIES.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label="Currency"
              name="currency"
              required
              value={values.currency}
              onChange={(event) => change('currency', ['currency'])(event.target.value)}
              error={Boolean(errors.currency)}
              helperText={errors.currency}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {PAYOUT_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </TextField>
          </Box>
          <TextField
            key={usesIban ? 'iban' : 'accountNumber'}
            label={usesIban ? 'IBAN' : 'Account number'}
            name={usesIban ? 'iban' : 'accountNumber'}
            required
            autoComplete="off"
            value={values.account}
            onChange={(event) => change('account', ['iban', 'accountNumber'])(event.target.value)}
            error={Boolean(accountError)}
            helperText={
              accountError ??
              (usesIban ? `Starts with ${values.country}, e.g. ${values.country}12 3456 …` : 'The number of your bank account.')
            }
            slotProps={{
              htmlInput: { autoCapitalize: 'characters', spellCheck: false, inputMode: usesIban ? 'text' : 'numeric', maxLength: 50 },
            }}
          />
          {!usesIban && (
            <TextField
              label={values.country === 'US' ? 'Routing number' : 'Bank or branch code (optional)'}
              name="routingNumber"
              required={values.country === 'US'}
              autoComplete="off"
              value={values.routingNumber}
              onChange={(event) => change('routingNumber', ['routingNumber'])(event.target.value)}
              error={Boolean(errors.routingNumber)}
              helperText={errors.routingNumber ?? (values.country === 'US' ? 'The 9-digit ABA routing number of your bank.' : undefined)}
              slotProps={{ htmlInput: { spellCheck: false, inputMode: 'numeric', maxLength: 20 } }}
            />
          )}
          <Alert severity="info" variant="outlined">
            Aurum keeps only the last 4 characters of your account number, never the full number.
          </Alert>
        </>
      )}
      {serverErrors.general && <Alert severity="error">{serverErrors.general}</Alert>}
      <BlockButton type="submit" loading={save.isPending}>
        Save payout method
      </BlockButton>
      {onCancel && (
        <Button onClick={onCancel} size="large">
          Cancel
        </Button>
      )}
    </Box>
  );
}
