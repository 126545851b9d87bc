import { THEME_MODE_KEY } from '../app/theme/theme-mode-key';

/** The attribute on `#root` that tells the app its markup came prerendered for a visitor without a session. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export interface PrerenderedPage {
  /** The page's markup, what the app's first render produces. */
  html: string;
  /** Its styles as `<style>` elements (emotionStyleTags). */
  styles: string;
}

/** Replaces the one match of `pattern` in `text`, failing loudly when index.html no longer has it. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (matches !== 1) throw new Error(`index.html should have one ${what}; found ${matches}.`);
  return text.replace(pattern, () => replacement);
}

/**
 * The landing page as a document of its own, made at build time from the built index.html: its
 * markup inside `#root` (marked with PRERENDERED_ATTRIBUTE) instead of the splash, its styles in
 * the head, and instead of the app's entry and its preloads one small script, `startScript` (see
 * prerenderedStartScript), which fetches the app once the page has been painted and runs it on use. Without the preload of
 * `GET /api/me` too: the server sends this document only to visitors without a session, so who
 * is signed in is already known.
 */
export function landingDocument(indexHtml: string, page: PrerenderedPage, startScript: string): string {
  let html = indexHtml;
  html = replaceOnce(html, /\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/me"[^>]*>/, '', 'preload of /api/me');
  html = replaceOnce(
    html,
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    // A classic deferred script: fetched at low priority, so nothing the first paint waits for.
    `<script defer src="${startScript}"></script>`,
    'entry script',
  );
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = replaceOnce(html, /\s*<\/head>/, `\n    ${page.styles}\n  </head>`, '</head>');
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
    `<div id="root" ${PRERENDERED_ATTRIBUTE}>${page.html}</div>`,
    'splash in #root',
  );
  return html;
}

/** The entry script and the modules index.html preloads, as paths under the site. */
export function shellModules(indexHtml: string): { entry: string; preloads: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html should have the entry script.');
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1] as string);
  return { entry, preloads };
}

/** What shows that the visitor is about to use the page rather than only read it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'];

/**
 * A prerendered page's start script (the landing page's, the home page's). The page is readable
 * and its links work from the HTML alone, so the app's code is fetched once the page has been
 * painted (modulepreload: downloaded and compiled, not run) and run when the visitor is about to
 * use the page (a pointer over it, a touch, a key, a focus): its evaluation and the takeover then
 * cost the load nothing. A click on a button before the app took over is clicked again once it
 * has, on the same element, which the takeover keeps. A hidden tab paints nothing, so it fetches
 * at once. The page was drawn in the dark theme and, with `drawnFor`, for windows matching that
 * media query: someone who chose the light theme, or whose window does not match, gets the app at
 * once, which draws the page anew.
 */
export function prerenderedStartScript(entry: string, preloads: readonly string[], drawnFor?: string): string {
  const redraw = drawnFor ? ` || !matchMedia(${JSON.stringify(drawnFor)}).matches` : '';
  return `// Fetches the app once the prerendered page is on screen, and runs it once it is used.
(() => {
const modules = ${JSON.stringify([entry, ...preloads])};
const intents = ${JSON.stringify(INTENT_EVENTS)};
const root = document.getElementById('root');
let clicked = null;
function fetchModules() {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
function start() {
  for (const type of intents) removeEventListener(type, start, true);
  new MutationObserver((changes, observer) => {
    if (root.hasAttribute('${PRERENDERED_ATTRIBUTE}')) return;
    observer.disconnect();
    removeEventListener('click', remember, true);
    clicked?.click();
  }).observe(root, { attributes: true });
  import(${JSON.stringify(entry)});
}
function remember(event) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button && root.hasAttribute('${PRERENDERED_ATTRIBUTE}')) clicked = button;
}
addEventListener('click', remember, true);
for (const type of intents) addEventListener(type, start, { capture: true, passive: true });
if (document.visibilityState === 'hidden') fetchModules();
else requestAnimationFrame(() => setTimeout(fetchModules, 0));
if (localStorage.getItem(${JSON.stringify(THEME_MODE_KEY)}) === 'light'${redraw}) start();
})();
`;
}

/** The manifest entries the page chunk needs: its file and its static imports, less what the shell already loads. */
export function pageChunkFiles(
  manifest: Record<string, { file: string; imports?: string[] }>,
  pageSource: string,
  shellFiles: ReadonlySet<string>,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no ${key}.`);
    if (!shellFiles.has(chunk.file)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(pageSource);
  return files;
}
