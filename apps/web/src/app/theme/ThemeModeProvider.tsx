import CssBaseline from '@mui/material/CssBaseline';
import { type PaletteMode, ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createAppTheme, THEME_COLORS } from './theme';
import { THEME_MODE_KEY } from './theme-mode-key';

export { THEME_MODE_KEY };

/** Dark unless the user picked light before (and dark where there is no storage: the landing page's prerender). */
export function storedThemeMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.window?.localStorage): PaletteMode {
  return storage?.getItem(THEME_MODE_KEY) === 'light' ? 'light' : 'dark';
}

interface ThemeModeContextValue {
  mode: PaletteMode;
  toggleMode: () => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(() => storedThemeMode());
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  useEffect(() => {
    window.localStorage.setItem(THEME_MODE_KEY, mode);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[mode]);
  }, [mode]);

  const toggleMode = useCallback(() => setMode((current) => (current === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
