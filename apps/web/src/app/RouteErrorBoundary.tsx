import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode, useEffect } from 'react';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { reportError } from '../lib/error-reporting';

/**
 * A page or navigation failed: log it and start over from the landing page. When the landing
 * page itself fails, offer a manual reload rather than replacing the location in a loop.
 */
function RouteFailed({ error }: { error: unknown }) {
  const atStart = window.location.pathname === '/';

  useEffect(() => {
    console.error('Navigation failed.', error);
    reportError(error);
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
