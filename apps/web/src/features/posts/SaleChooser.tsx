import type { Currency } from '@aurum/core';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface SaleChooserProps {
  on: boolean;
  onToggle: (on: boolean) => void;
  priceText: string;
  onPriceText: (text: string) => void;
  currency: Currency;
  error?: string | undefined;
}

/**
 * Selling a post on its own (pay-per-view): a switch, and the price a member pays once to see
 * it, besides the audiences chosen for it.
 */
export function SaleChooser({ on, onToggle, priceText, onPriceText, currency, error }: SaleChooserProps) {
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
        Sell on its own
      </Typography>
      <FormControlLabel
        control={<Switch checked={on} onChange={(event) => onToggle(event.target.checked)} />}
        label="Members can buy this post"
      />
      {on ? (
        <TextField
          id="composer-price"
          label="Price"
          name="price"
          value={priceText}
          onChange={(event) => onPriceText(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'Paid once. Whoever buys it sees it, besides the audiences you chose; buyers keep it.'}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
          sx={{ maxWidth: 320 }}
        />
      ) : (
        error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )
      )}
    </>
  );
}
