import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export const DEFAULT_LOADING_MESSAGE = 'Please wait...';

/** Full-screen overlay while something the whole screen depends on is loading. */
export function LoadingOverlay({ message = DEFAULT_LOADING_MESSAGE }: { message?: string }) {
  return (
    <Backdrop
      open
      role="status"
      aria-live="polite"
      sx={{
        zIndex: (theme) => theme.zIndex.modal + 1,
        flexDirection: 'column',
        gap: 2,
        color: '#fff',
        backgroundColor: 'rgba(0, 0, 0, 0.5)',
      }}
    >
      <CircularProgress color="inherit" aria-hidden />
      <Typography component="p" sx={{ fontWeight: 500 }}>
        {message}
      </Typography>
    </Backdrop>
  );
}
