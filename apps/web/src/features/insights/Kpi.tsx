import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { changeText } from './format';

/**
 * One figure of the period, with its change against the previous period in words and an
 * arrow (colour repeats what they say, never alone). `lowerIsBetter` for churn.
 */
export function Kpi({
  label,
  value,
  change,
  previous,
  lowerIsBetter = false,
}: {
  label: string;
  value: ReactNode;
  change?: number | null;
  previous?: ReactNode;
  lowerIsBetter?: boolean;
}) {
  const shown = change === undefined ? null : changeText(change);
  const good = shown && (shown.direction === 'up' ? !lowerIsBetter : shown.direction === 'down' ? lowerIsBetter : null);
  const color = good === null || !shown ? 'text.secondary' : good ? 'success.main' : 'error.main';
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.25, alignContent: 'start', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1.35rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {shown && (
        <Typography variant="body2" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color, flexWrap: 'wrap' }}>
          {shown.direction === 'up' ? (
            <ArrowUpwardIcon fontSize="inherit" aria-hidden />
          ) : shown.direction === 'down' ? (
            <ArrowDownwardIcon fontSize="inherit" aria-hidden />
          ) : (
            <RemoveIcon fontSize="inherit" aria-hidden />
          )}
          <span>{shown.text}</span>
          {previous !== undefined && shown.direction !== 'new' && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              (before: {previous})
            </Box>
          )}
        </Typography>
      )}
    </Paper>
  );
}

export function KpiGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
