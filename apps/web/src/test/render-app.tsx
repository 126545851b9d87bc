import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/router';
import { THEME_MODE_KEY, ThemeModeProvider } from '../app/theme/ThemeModeProvider';

/** What a test reads and drives of the router: the location on screen, and navigation as a link would. */
export interface TestRouter {
  readonly state: { location: Location };
  navigate(to: string): Promise<void>;
}

/** Renders the whole app, routes and guard included, at `path`, against whatever fetch mock is installed. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  function RouterProbe() {
    seen.location = useLocation();
    seen.navigate = useNavigate();
    return null;
  }
  const router: TestRouter = {
    get state() {
      if (!seen.location) throw new Error('the router has not rendered yet');
      return { location: seen.location };
    },
    navigate: (to) => act(async () => void (await seen.navigate?.(to))),
  };
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component in the app's theme, for components that read it. */
export function renderThemed(ui: ReactElement) {
  return render(<ThemeModeProvider>{ui}</ThemeModeProvider>);
}

/** Chooses the theme the app starts in, as the theme switch stores it (null: the default, dark). */
export function storeThemeMode(mode: 'light' | 'dark' | null): void {
  if (mode) window.localStorage.setItem(THEME_MODE_KEY, mode);
  else window.localStorage.removeItem(THEME_MODE_KEY);
}
