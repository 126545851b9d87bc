import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { dismissSnack, SNACK_DURATION_MS, useCurrentSnack, useSnacksAtTop } from './snack-queue';

/**
 * Shows the current snack; each message gets its own Snackbar so its timer starts afresh. Above
 * the bottom bar, or at the top while the page's bottom is for typing (a chat).
 */
export function SnackHost() {
  const current = useCurrentSnack();
  const atTop = useSnacksAtTop();
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
      anchorOrigin={{ vertical: atTop ? 'top' : 'bottom', horizontal: 'center' }}
      sx={atTop ? { top: { xs: 72, lg: 80 } } : { bottom: { xs: 88, lg: 24 } }}
    >
      <Alert severity={current.severity} variant="filled" onClose={() => dismissSnack(current.id)} sx={{ width: '100%' }}>
        {current.text}
      </Alert>
    </Snackbar>
  );
}
