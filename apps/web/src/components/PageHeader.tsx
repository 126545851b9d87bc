import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BackButton } from './BackButton';

/** The page's h1, with a back chevron on pages reached from another page. */
export function PageHeader({ title, back = false, children }: { title: string; back?: boolean; children?: ReactNode }) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {back && <BackButton />}
        <Typography variant="h1">{title}</Typography>
      </Box>
      {children && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
