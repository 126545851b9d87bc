import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { FIRST_LOAD_ROUTES } from './src/app/first-load';

/** The dark theme's app-bar colour; the browser chrome and splash screen match it. */
const THEME_COLOR = '#14110c';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The hashed files the built index.html loads or modulepreloads: the entry and its static imports. */
function shellAssets(): Set<string> {
  const html = readFileSync(new URL('dist/index.html', import.meta.url), 'utf8');
  return new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] as string));
}

/**
 * An inline script in index.html that, opened at one of FIRST_LOAD_ROUTES, modulepreloads that
 * page's chunks (those the entry does not already load) and preloads its API answers while the
 * entry downloads, instead of once the entry has run.
 */
function preloadFirstPages(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'aurum:preload-first-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const byModule = new Map(
          chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId.slice(root.length), chunk]] : [])),
        );
        const closure = (start: OutputChunk[], into = new Set<string>()): Set<string> => {
          for (const chunk of start) {
            if (into.has(chunk.fileName)) continue;
            into.add(chunk.fileName);
            closure(
              chunk.imports.flatMap((file) => byFile.get(file) ?? []),
              into,
            );
          }
          return into;
        };
        const shell = closure(chunks.filter((chunk) => chunk.isEntry));
        const preloads = Object.fromEntries(
          Object.entries(FIRST_LOAD_ROUTES).map(([path, { modules, fetches = [] }]) => {
            const own = closure(modules.map((module) => byModule.get(module) ?? missing(module)));
            return [path, [[...own].filter((file) => !shell.has(file)).map((file) => `/${file}`), fetches]];
          }),
        );
        // Module chunks as modulepreload, API answers as fetch preloads (crossorigin, as fetch() asks for them).
        const script = `(function(p){var r=p[location.pathname];if(!r)return;function add(h,rel,as){var l=document.createElement('link');l.rel=rel;if(as)l.as=as;l.crossOrigin='';l.href=h;document.head.appendChild(l)}r[0].forEach(function(h){add(h,'modulepreload')});r[1].forEach(function(h){add(h,'preload','fetch')})})(${JSON.stringify(preloads)})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

function missing(module: string): never {
  throw new Error(`${module} (FIRST_LOAD_ROUTES) is not a chunk of the build`);
}

export default defineConfig({
  plugins: [
    react(),
    preloadFirstPages(),
    // Brotli and gzip twins of every text asset, made once at build time at the best
    // ratio; the server sends the one the browser accepts (spa/static.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
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
        // The API and the server-rendered development pages are never answered from the offline cache.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        // Installed up front: the app shell only (index.html, the entry and what it imports, the
        // icons and the web manifest). Pages' chunks and images are cached as they are used.
        // (The icons come from includeAssets and the manifest's icons.)
        globPatterns: ['index.html', 'registerSW.js', 'assets/*.{js,css}'],
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
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'aurum-images', expiration: { maxEntries: 50 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
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
