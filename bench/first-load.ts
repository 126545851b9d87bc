/**
 * The JavaScript a page needs before its first render, from the built web app: the entry
 * chunk and its static imports (what index.html modulepreloads), plus the route's lazy chunks
 * (its layout, when that is lazy, and its page) and their static imports, each file counted
 * once, gzipped and brotli-compressed.
 * Read from `apps/web/dist/.vite/manifest.json`; run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/**
 * Most JavaScript a page should need before it renders, brotli-compressed as the server sends it to
 * every browser that takes brotli: 150 KiB (1024 bytes each).
 */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

/**
 * The pages measured, with the modules the router loads lazily for them (as router.tsx and
 * routes.ts import them) and the most their first load may weigh before the budget check fails.
 */
export const FIRST_LOAD_PAGES = [
  { path: '/', lazy: ['src/features/landing/LandingPage.tsx'], limit: FIRST_LOAD_BUDGET_BYTES },
  // The menu layout and the home page are part of the shell (routes.ts).
  { path: '/home', lazy: [], limit: FIRST_LOAD_BUDGET_BYTES },
] as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoad {
  path: string;
  limit: number;
  files: string[];
  bytes: number;
  gzip: number;
  brotli: number;
}

/** The first-load JavaScript of each page in FIRST_LOAD_PAGES. */
export function firstLoads(distDir = WEB_DIST): FirstLoad[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the web build has no entry chunk');
  const staticClosure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the web build's manifest`);
      if (into.has(chunk.file)) continue;
      into.add(chunk.file);
      staticClosure(chunk.imports ?? [], into);
    }
    return into;
  };
  return FIRST_LOAD_PAGES.map((page) => {
    const files = [...staticClosure([entry, ...page.lazy])];
    const contents = files.map((file) => readFileSync(path.join(distDir, file)));
    const sum = (size: (content: Buffer) => number) => contents.reduce((total, content) => total + size(content), 0);
    return {
      path: page.path,
      limit: page.limit,
      files,
      bytes: sum((content) => content.length),
      gzip: sum((content) => gzipSync(content, { level: 9 }).length),
      brotli: sum((content) => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    };
  });
}

/** Bytes as KiB (1024 bytes). */
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The first loads as a Markdown table, against the budget. */
export function firstLoadTable(loads: FirstLoad[]): string {
  const rows = loads.map((load) => {
    const within = load.brotli <= FIRST_LOAD_BUDGET_BYTES ? 'yes' : 'no';
    return `| \`${load.path}\` | ${load.files.length} | ${kilobytes(load.bytes)} | ${kilobytes(load.gzip)} | ${kilobytes(load.brotli)} | ${within} |`;
  });
  const header = `| page | files | minified | gzip | brotli | brotli within ${kilobytes(FIRST_LOAD_BUDGET_BYTES)} |`;
  return [header, '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`First-load JavaScript of ${WEB_DIST}\n`);
  console.log(firstLoadTable(firstLoads()));
}
