import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export const DEFAULT_LOADING_MESSAGE = 'Please wait...';

/**
 * Full-screen overlay while something the whole screen depends on is loading. Shown at once,
 * without a fade-in (it is what the first paint shows) and without MUI's Backdrop, which would
 * bring its transition code into the first load.
 */
export function LoadingOverlay({ message = DEFAULT_LOADING_MESSAGE }: { message?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
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
    </Box>
  );
}

/** A page, or a part of one, waiting for its data: a spinner named for screen readers by what is loading. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-hidden />
    </Box>
  );
}
