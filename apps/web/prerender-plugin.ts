import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { PREACT_ALIASES } from './preact-aliases';
import { landingDocument, landingStartScript, type PrerenderedPage, pageChunkFiles, shellModules } from './src/prerender/landing-document';

/** The landing page's prerendered document in the build's output, which the server sends to visitors without a session. */
export const LANDING_DOCUMENT = 'landing.html';
const LANDING_SOURCE = 'src/features/landing/LandingPage.tsx';

/**
 * After the app's build, renders the landing page to HTML in Node (`src/prerender/landing.tsx`,
 * built for the server through the same Preact aliases, in a scratch directory) and writes
 * `landing.html` beside `index.html`: the same document with the page's markup and styles, so a
 * visitor sees the page before any script ran (spa/static.ts on the server), and a start script
 * in `assets/` that loads the app once the page is painted. The document's brotli and gzip twins
 * are written here too (the compression plugin has run by then).
 */
export function prerenderLanding(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'aurum:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const scratch = await mkdtemp(path.join(tmpdir(), 'aurum-prerender-'));
        try {
          await build({
            configFile: false,
            root,
            mode: 'production',
            logLevel: 'warn',
            plugins: [react()],
            resolve: { alias: PREACT_ALIASES },
            // Libraries read it at run time in Node: render what production renders (no emotion labels).
            define: { 'process.env.NODE_ENV': JSON.stringify('production') },
            // Bundled whole, so every library that imports React gets Preact as in the browser.
            ssr: { noExternal: true },
            build: {
              ssr: path.join(root, 'src/prerender/landing.tsx'),
              outDir: scratch,
              emptyOutDir: true,
              copyPublicDir: false,
              minify: false,
              rolldownOptions: { output: { entryFileNames: 'landing.mjs' } },
            },
          });
          const { renderLanding } = (await import(pathToFileURL(path.join(scratch, 'landing.mjs')).href)) as {
            renderLanding: () => PrerenderedPage;
          };
          const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
          const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
          const shell = shellModules(indexHtml);
          const shellFiles = new Set([shell.entry, ...shell.preloads].map((href) => href.slice(1)));
          const pageFiles = pageChunkFiles(manifest, LANDING_SOURCE, shellFiles).map((file) => `/${file}`);
          const start = landingStartScript(shell.entry, [...shell.preloads, ...pageFiles]);
          // Named by its content like the other assets, so it is cached for good and changes with the entry.
          const startFile = `assets/landing-start-${createHash('sha256').update(start).digest('base64url').slice(0, 8)}.js`;
          await writeFile(path.join(outDir, startFile), start);
          const html = landingDocument(indexHtml, renderLanding(), `/${startFile}`);
          const file = path.join(outDir, LANDING_DOCUMENT);
          await writeFile(file, html);
          await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      },
    },
  };
}
