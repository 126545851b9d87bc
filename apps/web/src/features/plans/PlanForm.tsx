import {
  BUNDLE_DISCOUNT_MAX_PERCENT,
  BUNDLE_MONTHS,
  CURRENCY_EXPONENTS,
  type Currency,
  formatMoney,
  PLAN_DESCRIPTION_MAX,
  PLAN_NAME_MAX,
  PLAN_PERKS,
  periodsPrice,
} from '@aurum/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { BlockButton } from '../../components/BlockButton';
import { apiFormErrors, type FieldErrors } from '../../lib/form-errors';
import { billingPeriodText } from '../../lib/plans';
import { parsePrice } from '../../lib/price';
import { type PlanFormField, type PlanFormValues, type PlanInput, validatePlanForm } from './plan-form';

export const CURRENCIES = Object.keys(CURRENCY_EXPONENTS) as Currency[];

const currencySymbol = (currency: Currency) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ??
  currency;

/** A server refusal for the plan form: priceMinor is the price field here. */
function serverPlanErrors(error: unknown): { fields: FieldErrors<PlanFormField>; general: string | null } {
  const { fields, general } = apiFormErrors(error, ['name', 'description', 'priceMinor', 'currency', 'bundles'] as const);
  const { priceMinor, ...rest } = fields;
  return { fields: { ...rest, ...(priceMinor ? { price: priceMinor } : {}) }, general };
}

function Counter({ length, max, children }: { length: number; max: number; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{children}</span>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {length} / {max}
      </Box>
    </Box>
  );
}

export interface PlanFormProps {
  initial: PlanFormValues;
  submitLabel: string;
  pending: boolean;
  /** The API's refusal of the last submit, shown beside its field or above the button. */
  serverError: unknown;
  onSubmit: (input: PlanInput) => void;
  onCancel?: () => void;
}

/**
 * The lengths the plan is also sold for at once: each on or off, with its discount, and what
 * members pay for it at the price above.
 */
function BundlesField({
  values,
  priceMinor,
  currency,
  error,
  onChange,
}: {
  values: PlanFormValues['bundles'];
  priceMinor: number | null;
  currency: Currency;
  error?: string | undefined;
  onChange: (bundles: PlanFormValues['bundles']) => void;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        Bundles
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Sell several months at once, paid up front, for less. A bundle renews at the same length.
      </Typography>
      {BUNDLE_MONTHS.map((months) => {
        const typed = values[months];
        const percent = typed === null ? null : Number(typed);
        const total =
          priceMinor !== null && percent !== null && Number.isInteger(percent) && percent >= 0 && percent <= BUNDLE_DISCOUNT_MAX_PERCENT
            ? periodsPrice({ priceMinor, bundles: [{ months, discountPercent: percent }] }, months)
            : null;
        return (
          <Box key={months} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', minHeight: 56 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={typed !== null}
                  onChange={(event) => onChange({ ...values, [months]: event.target.checked ? '10' : null })}
                />
              }
              label={`${months} months`}
              sx={{ minWidth: 150 }}
            />
            {typed !== null && (
              <>
                <TextField
                  label="Discount"
                  size="small"
                  value={typed}
                  onChange={(event) => onChange({ ...values, [months]: event.target.value })}
                  slotProps={{
                    input: { endAdornment: <InputAdornment position="end">% off</InputAdornment> },
                    htmlInput: { inputMode: 'numeric', 'aria-label': `Discount for ${months} months, in percent` },
                  }}
                  sx={{ width: 130 }}
                />
                {total !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {formatMoney({ amountMinor: total, currency })} for {months} months
                  </Typography>
                )}
              </>
            )}
          </Box>
        );
      })}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Name, description, price and currency, billing period, perks and bundles of a plan. */
export function PlanForm({ initial, submitLabel, pending, serverError, onSubmit, onCancel }: PlanFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<PlanFormField>>({});
  const server = serverPlanErrors(serverError);
  const shown = { ...server.fields, ...errors };
  const set = <K extends keyof PlanFormValues>(field: K, value: PlanFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as PlanFormField]: _cleared, ...rest }) => rest);
  };
  const price = parsePrice(values.price, values.currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePlanForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        label="Plan name"
        name="name"
        required
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={Boolean(shown.name)}
        helperText={
          <Counter length={values.name.length} max={PLAN_NAME_MAX}>
            {shown.name ?? 'For example Supporter or VIP.'}
          </Counter>
        }
        slotProps={{ htmlInput: { maxLength: PLAN_NAME_MAX } }}
      />
      <TextField
        label="Description"
        name="description"
        multiline
        minRows={3}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={Boolean(shown.description)}
        helperText={
          <Counter length={values.description.length} max={PLAN_DESCRIPTION_MAX}>
            {shown.description ?? 'What subscribers get. Optional.'}
          </Counter>
        }
        slotProps={{ htmlInput: { maxLength: PLAN_DESCRIPTION_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 7.5rem', sm: '1fr 10rem' }, alignItems: 'start' }}>
        <TextField
          label="Price"
          name="price"
          required
          value={values.price}
          onChange={(event) => set('price', event.target.value)}
          error={Boolean(shown.price)}
          helperText={shown.price ?? 'From 1.00 to 1000.00'}
          placeholder="4.99"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">{currencySymbol(values.currency)}</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 },
          }}
        />
        <TextField
          select
          label="Currency"
          name="currency"
          required
          value={values.currency}
          onChange={(event) => set('currency', event.target.value as Currency)}
          error={Boolean(shown.currency)}
          helperText={shown.currency}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography sx={{ fontWeight: 600 }}>Billing period: {billingPeriodText()}</Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {price.ok && price.minor > 0
            ? `Members pay ${formatMoney({ amountMinor: price.minor, currency: values.currency })} ${billingPeriodText()} until they cancel.`
            : `Members are charged ${billingPeriodText()} until they cancel.`}
        </Typography>
      </Box>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ mb: 1 }}>
          Perks
        </FormLabel>
        <FormControlLabel
          control={
            <Switch
              name="chat"
              checked={values.chat}
              onChange={(event) => set('chat', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'perk-chat-description' } }}
            />
          }
          label={PLAN_PERKS.chat.name}
        />
        <Typography id="perk-chat-description" variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
          {PLAN_PERKS.chat.creatorDescription}
        </Typography>
      </FormControl>
      <BundlesField
        values={values.bundles}
        priceMinor={price.ok ? price.minor : null}
        currency={values.currency}
        error={shown.bundles}
        onChange={(bundles) => set('bundles', bundles)}
      />
      {server.general && <Alert severity="error">{server.general}</Alert>}
      <BlockButton type="submit" loading={pending}>
        {submitLabel}
      </BlockButton>
      {onCancel && (
        <Button size="large" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Box>
  );
}
