import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

/** Everything the pages rely on above the router: data cache, the member's language and theme. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ThemeModeProvider>{children}</ThemeModeProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
