import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode, useEffect } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { reportError } from '../lib/error-reporting';
import { isChunkLoadError, reloadHere } from './lazy-reload';

/**
 * A page or navigation failed: log it and start over from the landing page. When the landing
 * page itself fails, or a page's code could not load even after reloading once (its release is
 * gone), offer a manual reload of the same address rather than losing the member's place.
 */
function RouteFailed({ error }: { error: unknown }) {
  const staysHere = window.location.pathname === '/' || isChunkLoadError(error);

  useEffect(() => {
    console.error('Navigation failed.', error);
    reportError(error);
    if (!staysHere) window.location.replace('/');
  }, [error, staysHere]);

  if (!staysHere) return <LoadingOverlay />;
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Aurum could not load
      </Typography>
      <Typography sx={{ mb: 3 }}>Check your connection and try again.</Typography>
      <Button variant="contained" onClick={reloadHere}>
        Reload
      </Button>
    </Box>
  );
}

/** Catches what any page throws while rendering or loading its code, and shows `RouteFailed`. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  render() {
    return this.state.failed ? <RouteFailed error={this.state.error} /> : this.props.children;
  }
}
