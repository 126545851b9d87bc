import { FAN_LIST_NAME_MAX } from '@aurum/core';
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
import { listNameRefusal } from '../../lib/fan-lists';

/**
 * Names one of the creator's own lists, new or renamed: sent on submit, the server's refusal of
 * the name (taken, too many lists) in the field and any other failure under it.
 */
export function ListNameDialog({
  title,
  submitLabel,
  initialName = '',
  pending,
  error,
  onSubmit,
  onEdit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (name: string) => void;
  /** The name changed: an earlier refusal no longer applies. */
  onEdit: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const refusal = error ? listNameRefusal(error) : null;
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
            helperText={refusal ?? `Only you see it. ${name.length}/${FAN_LIST_NAME_MAX}`}
            slotProps={{ htmlInput: { maxLength: FAN_LIST_NAME_MAX, autoComplete: 'off' } }}
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
