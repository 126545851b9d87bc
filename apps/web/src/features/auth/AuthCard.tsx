import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The narrow card the sign-in and registration steps sit in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper
      elevation={0}
      sx={{
        maxWidth: 460,
        mx: 'auto',
        p: { xs: 2.5, sm: 4 },
        border: 1,
        borderColor: 'divider',
        display: 'grid',
        gap: 2.5,
        // The card's gap already spaces the page header.
        '& > header': { mb: 0 },
      }}
    >
      {children}
    </Paper>
  );
}
