import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { HOME_DRAWN_FOR, homeTemplate } from './src/prerender/home-document';
import {
  landingDocument,
  type PrerenderedPage,
  pageChunkFiles,
  prerenderedStartScript,
  shellModules,
} from './src/prerender/landing-document';

/** The landing page's prerendered document in the build's output, which the server sends to visitors without a session. */
export const LANDING_DOCUMENT = 'landing.html';
const LANDING_SOURCE = 'src/features/landing/LandingPage.tsx';
/**
 * What the server renders with, in the build's output: the server render's bundle (home.mjs) and
 * the home page's document template (home.html). A dot folder, which the server never sends.
 */
export const SERVER_RENDER_DIR = '.server';

/**
 * After the app's build, builds the server render (`src/prerender/landing.tsx` and
 * `src/prerender/home.tsx`, for Node) into SERVER_RENDER_DIR,
 * then:
 * - renders the landing page and writes `landing.html` beside `index.html`: the same document
 *   with the page's markup and styles, so a visitor sees the page before any script ran
 *   (spa/static.ts on the server), and a start script in `assets/` that loads the app once the
 *   page is painted; its brotli and gzip twins are written here too (the compression plugin has
 *   run by then);
 * - writes the home page's template beside the bundle, with its own start script, for the
 *   server to render each signed-in member's home page into (spa/home-document.ts).
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
        const serverDir = path.join(outDir, SERVER_RENDER_DIR);
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          // Libraries read it at run time in Node: render what production renders (no emotion labels).
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          // Bundled whole, React included, so the server renders with the production builds whatever its NODE_ENV.
          ssr: { noExternal: true },
          build: {
            ssr: true,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rolldownOptions: {
              // The service worker's registration, which the PWA plugin provides to the browser build
              // and the app imports only when a browser runs it.
              external: ['virtual:pwa-register'],
              input: { landing: path.join(root, 'src/prerender/landing.tsx'), home: path.join(root, 'src/prerender/home.tsx') },
              output: { entryFileNames: '[name].mjs' },
            },
          },
        });
        const { renderLanding } = (await import(pathToFileURL(path.join(serverDir, 'landing.mjs')).href)) as {
          renderLanding: () => Promise<PrerenderedPage>;
        };
        const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
        const shell = shellModules(indexHtml);
        const shellFiles = new Set([shell.entry, ...shell.preloads].map((href) => href.slice(1)));
        const pageFiles = pageChunkFiles(manifest, LANDING_SOURCE, shellFiles).map((file) => `/${file}`);
        const landingStart = await writeAsset(
          outDir,
          'landing-start',
          prerenderedStartScript(shell.entry, [...shell.preloads, ...pageFiles]),
        );
        const html = landingDocument(indexHtml, await renderLanding(), landingStart);
        const file = path.join(outDir, LANDING_DOCUMENT);
        await writeFile(file, html);
        await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
        // The home page is in the shell: its start script preloads the shell alone.
        const homeStart = await writeAsset(outDir, 'home-start', prerenderedStartScript(shell.entry, shell.preloads, HOME_DRAWN_FOR));
        await writeFile(path.join(serverDir, 'home.html'), homeTemplate(indexHtml, homeStart));
      },
    },
  };
}

/** Writes a script into assets/, named by its content like the other assets (cached for good, changed with the entry); its URL. */
async function writeAsset(outDir: string, name: string, script: string): Promise<string> {
  const file = `assets/${name}-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
  await writeFile(path.join(outDir, file), script);
  return `/${file}`;
}
