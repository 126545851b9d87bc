import type { CurrentUser } from '@aurum/core';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { paths } from '../../lib/paths';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { ThemeToggleIcon, themeToggleLabel } from '../theme/theme-toggle';
import { AccountMenu } from './AccountMenu';
import { Wordmark } from './Wordmark';

/** The top bar of every page: the wordmark, then the account menu or, for visitors, the theme switch. */
export function TopBar({ user }: { user: CurrentUser | null }) {
  const { mode, toggleMode } = useThemeMode();
  return (
    // A plain header rather than MUI's AppBar, whose Paper styles every page would load for nothing.
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        pt: 'env(safe-area-inset-top)',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Wordmark to={user ? paths.home : paths.landing} />
        <Box sx={{ flex: 1 }} />
        {user ? (
          // Drawn with the bar (its popup loads on first use), so a server-rendered bar is taken over as drawn.
          <AccountMenu user={user} />
        ) : (
          <IconButton aria-label={themeToggleLabel(mode)} onClick={toggleMode}>
            <ThemeToggleIcon mode={mode} />
          </IconButton>
        )}
      </Toolbar>
    </Box>
  );
}
