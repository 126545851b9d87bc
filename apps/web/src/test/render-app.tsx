import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { buildRoutes } from '../app/router';
import { ThemeModeProvider } from '../app/theme/ThemeModeProvider';

/** Renders the whole app, routes and guard included, at `path`, against whatever fetch mock is installed. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component in the app's theme, for components that read it. */
export function renderThemed(ui: ReactElement) {
  return render(<ThemeModeProvider>{ui}</ThemeModeProvider>);
}
