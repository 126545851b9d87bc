import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

const FILL = { display: 'flex', flexDirection: 'column' } as const;

/**
 * The main landmark both layouts render their page into, centred at a readable width. A page
 * that fills the window (see AppRoute.fillsWindow) gets the height left under the bars as a
 * flex column, for its own content to grow into.
 */
export function PageMain({ bottomSpace, fill = false }: { bottomSpace?: string; fill?: boolean }) {
  return (
    <Box
      component="main"
      id="main"
      sx={{ flex: 1, minWidth: 0, pt: { xs: 3, md: 5 }, pb: bottomSpace ?? { xs: 3, md: 5 }, ...(fill && FILL) }}
    >
      {/* What MUI's Container does for md, without loading it. */}
      <Box sx={{ maxWidth: 'md', mx: 'auto', px: { xs: 2, sm: 3 }, ...(fill && { ...FILL, flex: 1, width: '100%' }) }}>
        <Outlet />
      </Box>
    </Box>
  );
}
