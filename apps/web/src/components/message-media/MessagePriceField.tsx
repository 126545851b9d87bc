import type { Currency } from '@aurum/core';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/**
 * The optional price of a message's media, typed in the creator's currency (read with
 * `parseContentPrice`): empty sends them free; `error` is why what was typed is no price.
 */
export function MessagePriceField({
  value,
  onChange,
  currency,
  error,
  helperText,
}: {
  value: string;
  onChange: (value: string) => void;
  currency: Currency;
  error: string | null;
  /** What a price does, shown while there is no error. */
  helperText: string;
}) {
  return (
    <TextField
      label="Price (optional)"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        htmlInput: { inputMode: 'decimal', name: 'price' },
        input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
      }}
      sx={{ maxWidth: 320 }}
    />
  );
}
