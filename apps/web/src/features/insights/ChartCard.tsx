import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { ChartSpec } from './charts/Chart';

/** The chart library loads with the first chart, in its own chunk. */
const Chart = lazy(() => import('./charts/Chart'));

export interface DataTable {
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}

/**
 * A card with one chart and the table of the values it draws. The chart is a picture for
 * sighted users (tap or hover a point for its values); the table, one tap away, holds the
 * same values for everyone, screen readers included.
 */
export function ChartCard({ title, summary, spec, table }: { title: string; summary?: ReactNode; spec: ChartSpec; table: DataTable }) {
  const titleId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const height = spec.type === 'ranking' ? Math.max(120, spec.labels.length * 44 + 40) : (spec.height ?? 240);
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box>
        <Typography id={titleId} variant="h3" component="h3">
          {title}
        </Typography>
        {summary && (
          <Typography variant="body2" color="text.secondary">
            {summary}
          </Typography>
        )}
      </Box>
      <Box role="img" aria-label={`${title}: chart. The values are in the table of this card.`} sx={{ minHeight: height, minWidth: 0 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={height} aria-hidden />}>
          <Chart spec={spec} />
        </Suspense>
      </Box>
      <Box>
        <Button
          size="small"
          variant="text"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
          endIcon={<ExpandMoreIcon sx={{ transform: showTable ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        >
          {showTable ? 'Hide the table' : 'Show the table'}
        </Button>
      </Box>
      <Box id={tableId} hidden={!showTable}>
        {showTable && <ValuesTable caption={title} table={table} />}
      </Box>
    </Paper>
  );
}

export function ValuesTable({ caption, table }: { caption: string; table: DataTable }) {
  return (
    // Scrolls on narrow screens: focusable, so a keyboard can scroll it too.
    <TableContainer tabIndex={0} role="group" aria-label={`${caption}: table`} sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader>
        <caption
          style={{
            captionSide: 'top',
            textAlign: 'left',
            padding: 0,
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          }}
        >
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {table.columns.map((column, index) => (
              <TableCell key={column} align={index === 0 ? 'left' : 'right'} scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row keep their order
                  <TableCell key={index} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row keep their order
                  <TableCell key={index} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
