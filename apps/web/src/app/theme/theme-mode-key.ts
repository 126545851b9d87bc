/** Where the person's choice of theme is kept (local storage); the landing page's start script reads it too. */
export const THEME_MODE_KEY = 'aurum.themeMode';
