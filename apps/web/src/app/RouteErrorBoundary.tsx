import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';

/**
 * A page or navigation failed: log it and start over from the landing page. When the landing
 * page itself fails, offer a manual reload rather than replacing the location in a loop.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const atStart = window.location.pathname === '/';

  useEffect(() => {
    console.error('Navigation failed.', error);
    if (!atStart) window.location.replace('/');
  }, [error, atStart]);

  if (!atStart) return <LoadingOverlay />;
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Aurum could not load
      </Typography>
      <Typography sx={{ mb: 3 }}>Check your connection and try again.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
