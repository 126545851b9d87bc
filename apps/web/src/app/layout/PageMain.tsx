import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** The main landmark both layouts render their page into, centred at a readable width. */
export function PageMain({ bottomSpace }: { bottomSpace?: string }) {
  return (
    <Box component="main" id="main" sx={{ flex: 1, minWidth: 0, pt: { xs: 3, md: 5 }, pb: bottomSpace ?? { xs: 3, md: 5 } }}>
      {/* What MUI's Container does for md, without loading it. */}
      <Box sx={{ maxWidth: 'md', mx: 'auto', px: { xs: 2, sm: 3 } }}>
        <Outlet />
      </Box>
    </Box>
  );
}
