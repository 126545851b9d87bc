/**
 * The pages people most often open first: the modules their first render needs besides the
 * entry (their layout when it is lazy, and their page, as router.tsx and routes.ts import them)
 * and the API answers it waits for besides `/api/me` (which index.html always preloads). The
 * build has index.html preload both when it is opened at that path (vite.config.ts), and
 * bench/first-load.ts measures these pages.
 */
export const FIRST_LOAD_ROUTES: Record<string, { modules: string[]; fetches?: string[] }> = {
  '/': { modules: ['src/features/landing/LandingPage.tsx'] },
  '/home': { modules: ['src/app/layout/MenuLayout.tsx', 'src/features/home/HomePage.tsx'], fetches: ['/api/feed'] },
};
