import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { dismissSnack, SNACK_DURATION_MS, useCurrentSnack } from './snack-queue';

/** Shows the current snack; each message gets its own Snackbar so its timer starts afresh. */
export function SnackHost() {
  const current = useCurrentSnack();
  if (!current) return null;
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A tap elsewhere should not swallow a message the user has not read yet.
    if (reason !== 'clickaway') dismissSnack(current.id);
  };
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={SNACK_DURATION_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 88, lg: 24 } }}
    >
      <Alert severity={current.severity} variant="filled" onClose={() => dismissSnack(current.id)} sx={{ width: '100%' }}>
        {current.text}
      </Alert>
    </Snackbar>
  );
}
