import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FALLBACK_ERROR_MESSAGE } from '../lib/errors';
import { clearError, useErrorState } from './error-store';

/** The app-wide error dialog: one per app, driven by setError and clearError. */
export function ErrorDialog() {
  const { error, show } = useErrorState();
  return (
    <Dialog
      open={show}
      onClose={clearError}
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-message"
      slotProps={{ paper: { sx: { maxWidth: 500, width: '100%' } } }}
    >
      <DialogTitle id="error-dialog-title">Error</DialogTitle>
      <DialogContent>
        <DialogContentText id="error-dialog-message">{error?.message || FALLBACK_ERROR_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={clearError} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
