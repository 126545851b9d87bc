import { AUDIT_REASON_MAX } from '@aurum/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

export interface PendingAction {
  title: string;
  description: string;
  confirm: string;
  /** The reason must be given (it is shown to the member, or the server asks for one). */
  reasonRequired?: boolean;
  /** Where the reason goes, under its field; by default the audit log (and the member, when required). */
  reasonHelp?: string;
}

/**
 * Confirms an admin action and asks why (kept in the audit log). While it runs the buttons wait;
 * when the server refuses, its message stays in the dialog.
 */
export function ActionDialog({
  action,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  action: PendingAction | null;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const titleId = useId();
  return (
    <Dialog
      open={action !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setReason('') } }}
    >
      {action && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(reason.trim());
          }}
        >
          <DialogTitle id={titleId}>{action.title}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>{action.description}</DialogContentText>
            <TextField
              label={action.reasonRequired ? 'Reason' : 'Reason (optional)'}
              helperText={
                action.reasonHelp ?? (action.reasonRequired ? 'Kept in the audit log and shown to the member.' : 'Kept in the audit log.')
              }
              required={action.reasonRequired}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: AUDIT_REASON_MAX } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy} disabled={action.reasonRequired && !reason.trim()}>
              {action.confirm}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
