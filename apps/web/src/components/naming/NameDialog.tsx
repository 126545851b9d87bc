import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../lib/errors';

/**
 * Names something a creator keeps (a fan list, a vault folder), new or renamed: sent on submit,
 * the server's refusal of the name (taken, too many) in the field and any other failure under it.
 */
export function NameDialog({
  title,
  submitLabel,
  initialName = '',
  maxLength,
  hint,
  pending,
  error,
  refusalOf,
  onSubmit,
  onEdit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  maxLength: number;
  /** Said under the field before the count, as "Only you see it." */
  hint?: string;
  pending: boolean;
  error: Error | null;
  /** The words for a refusal of the name itself, null for any other failure. */
  refusalOf: (error: Error) => string | null;
  onSubmit: (name: string) => void;
  /** The name changed: an earlier refusal no longer applies. */
  onEdit: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const refusal = error ? refusalOf(error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              onEdit();
            }}
            autoFocus
            error={Boolean(refusal)}
            helperText={refusal ?? `${hint ? `${hint} ` : ''}${name.length}/${maxLength}`}
            slotProps={{ htmlInput: { maxLength, autoComplete: 'off' } }}
          />
          {error && !refusal && <Alert severity="error">{errorMessage(error)}</Alert>}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={!trimmed || trimmed === initialName}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
