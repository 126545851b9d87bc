import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { PaletteMode } from '@mui/material/styles';

/** What the theme switch says it will do. */
export const themeToggleLabel = (mode: PaletteMode) => (mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');

/** The icon of the mode the switch leads to. */
export function ThemeToggleIcon({ mode, ...props }: { mode: PaletteMode } & SvgIconProps) {
  return mode === 'dark' ? <LightModeIcon {...props} /> : <DarkModeIcon {...props} />;
}
