import { formatMoney, type Plan, periodsPrice, type SubscriptionMonths } from '@aurum/core';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** The lengths a plan is sold for: a month at a time, or each of its bundles at once, with the price and the saving. */
export function LengthChoice({
  plan,
  value,
  onChange,
  disabled = false,
}: {
  plan: Pick<Plan, 'priceMinor' | 'currency' | 'bundles'>;
  value: SubscriptionMonths;
  onChange: (months: SubscriptionMonths) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const lengths: { months: SubscriptionMonths; discountPercent: number }[] = [{ months: 1, discountPercent: 0 }, ...plan.bundles];
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        How long
      </FormLabel>
      <RadioGroup
        name={`${id}-months`}
        value={String(value)}
        onChange={(event) => onChange(Number(event.target.value) as SubscriptionMonths)}
        sx={{ gap: 0.5 }}
      >
        {lengths.map(({ months, discountPercent }) => {
          const total = formatMoney({ amountMinor: periodsPrice(plan, months) ?? plan.priceMinor, currency: plan.currency });
          return (
            <FormControlLabel
              key={months}
              value={String(months)}
              control={<Radio />}
              label={
                <Typography>
                  {months === 1 ? `1 month, ${total}` : `${months} months at once, ${total}`}
                  {discountPercent > 0 && (
                    <Typography component="span" color="primary.main" sx={{ fontWeight: 700 }}>
                      {' '}
                      · save {discountPercent}%
                    </Typography>
                  )}
                </Typography>
              }
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
