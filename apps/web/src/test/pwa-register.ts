/**
 * Stands in for vite-plugin-pwa's `virtual:pwa-register`, which only the production build
 * makes (the app registers its service worker only there).
 */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => {};
}
