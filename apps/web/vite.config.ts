import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderLanding } from './prerender-plugin';
import { USER_IMAGES_CACHE } from './src/lib/pwa/user-images';

/** The dark theme's app-bar colour; the browser chrome and splash screen match it. */
const THEME_COLOR = '#14110c';
const DAY_SECONDS = 24 * 60 * 60;
const YEAR_SECONDS = 365 * DAY_SECONDS;

/** The hashed files the built index.html loads or modulepreloads: the entry and its static imports. */
function shellAssets(): Set<string> {
  const html = readFileSync(new URL('dist/index.html', import.meta.url), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] as string));
}

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip twins of every text asset, made once at build time at the best
    // ratio; the server sends the one the browser accepts (spa/static.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
    VitePWA({
      // A new version waits for the person's Reload (src/lib/pwa/service-worker.ts registers it).
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Aurum',
        short_name: 'Aurum',
        description: 'Subscribe to the creators you love, or sell subscriptions to your own content.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        categories: ['entertainment', 'social'],
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The first install takes over the open page at once (its later requests go through the
        // worker); a new version still waits for the person's Reload (no skipWaiting).
        clientsClaim: true,
        // Web push: showing notifications and opening their page (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        // The API and the server-rendered development pages are never answered from the offline cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        // Installed up front: the app shell only (index.html, the entry and what it imports, the
        // icons and the web manifest). Pages' chunks and images are cached as they are used.
        // (The icons come from includeAssets and the manifest's icons.)
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            const shell = shellAssets();
            return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)) };
          },
        ],
        runtimeCaching: [
          {
            // Hashed file names: a cached copy is never stale.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'aurum-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: YEAR_SECONDS },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Users' pictures that hold nothing to protect: blurred derivatives (of posts and of chat
            // messages) and profile pictures, whose URLs change with the picture. Never an original,
            // a preview or a video (the server sends those as no-store): what a subscription opens is
            // fetched afresh each time, so it stops with the subscription. Emptied on sign-out.
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (/^\/api\/(posts\/[^/]+|chats\/[^/]+\/messages\/[^/]+)\/media\/\d+\/(blur|blurThumb)$/.test(url.pathname) ||
                /^\/api\/users\/[^/]+\/(avatar|cover)$/.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: USER_IMAGES_CACHE,
              expiration: { maxEntries: 200, maxAgeSeconds: DAY_SECONDS, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'aurum-images', expiration: { maxEntries: 50 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    // landing.html: the landing page's markup and styles, painted before any script runs.
    prerenderLanding(),
  ],
  server: {
    port: 5173,
    // The Host header stays the dev server's, so the API's same-origin check accepts the requests.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/first-load.ts and the budget check read which chunks each page loads from it.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // What the entry imports statically is one chunk, the app shell: a first load fetches one
      // file instead of two dozen small ones, each compressed on its own.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
  },
});
