import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled part of a page: an outlined card that is a landmark region named by its heading. */
export function SectionCard({ title, gap = 2, children }: { title: string; gap?: number; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, display: 'grid', gap }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
