import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

/** A new version of the app is installed: reloading switches to it, when the person chooses. */
export function UpdatePrompt({ onReload }: { onReload: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message="A new version is available"
      sx={{ bottom: { xs: 'calc(88px + env(safe-area-inset-bottom))', lg: 24 } }}
      action={
        <Button
          color="primary"
          size="small"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            onReload().catch((error: unknown) => {
              console.error('Could not switch to the new version.', error);
              setReloading(false);
            });
          }}
        >
          Reload
        </Button>
      }
    />
  );
}
