import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label and value pairs as a description list; rows without a value are left out. */
export function DetailList({ rows }: { rows: ReadonlyArray<readonly [term: string, value: string | null]> }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1.5, '& dt': { color: 'text.secondary', fontSize: '0.875rem' }, '& dd': { m: 0 } }}
    >
      {rows.map(([term, value]) =>
        value === null ? null : (
          <div key={term}>
            <dt>{term}</dt>
            <Typography component="dd" sx={{ overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </div>
        ),
      )}
    </Box>
  );
}
