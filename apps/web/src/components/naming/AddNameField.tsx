import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/errors';

/**
 * A one-line form that makes something named in place ("New list", "New folder") on Add. The
 * caller makes it and calls `clear` once made; the server's refusal of the name shows in the field.
 */
export function AddNameField({
  label,
  maxLength,
  hint,
  disabled = false,
  pending,
  error,
  refusalOf,
  onAdd,
  onEdit,
}: {
  label: string;
  maxLength: number;
  /** Said under the field while nothing is refused. */
  hint: string;
  disabled?: boolean;
  pending: boolean;
  error: Error | null;
  /** The words for a refusal of the name itself, null for any other failure (shown as it is). */
  refusalOf: (error: Error) => string | null;
  onAdd: (name: string, clear: () => void) => void;
  /** The name changed: an earlier refusal no longer applies. */
  onEdit: () => void;
}) {
  const [name, setName] = useState('');
  const refusal = error ? (refusalOf(error) ?? errorMessage(error)) : null;
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onAdd(trimmed, () => setName(''));
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        size="small"
        value={name}
        disabled={disabled}
        onChange={(event) => {
          setName(event.target.value);
          onEdit();
        }}
        error={Boolean(refusal)}
        helperText={refusal ?? hint}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { maxLength, autoComplete: 'off', enterKeyHint: 'done' } }}
      />
      <Button type="submit" variant="outlined" loading={pending} disabled={!trimmed || disabled} sx={{ mt: 0.25 }}>
        Add
      </Button>
    </Box>
  );
}
