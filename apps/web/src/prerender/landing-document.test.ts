import { describe, expect, it } from 'vitest';
import { THEME_MODE_KEY } from '../app/theme/theme-mode-key';
import { emotionStyleTags } from './emotion-styles';
import { landingDocument, pageChunkFiles, prerenderedStartScript, shellModules } from './landing-document';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Aurum</title>
    <!-- Who is signed in decides every first page: ask while the app's code downloads. -->
    <link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-Ij90.js">
  </head>
  <body>
    <div id="root"><div class="splash"><img src="/favicon.svg" alt="" width="40" height="40" />Aurum</div></div>
  </body>
</html>`;

describe('the landing document', () => {
  it('puts the page in #root, its styles in the head, its start script for the entry, and drops the sign-in check', () => {
    const html = landingDocument(
      INDEX_HTML,
      { html: '<main><h1>Gold</h1></main>', styles: '<style data-emotion="css a">.css-a{}</style>' },
      '/assets/landing-start-Kl12.js',
    );
    expect(html).toContain('<div id="root" data-prerendered><main><h1>Gold</h1></main></div>');
    expect(html).not.toContain('splash"><img');
    expect(html).not.toContain('/api/me');
    expect(html).toContain('<script defer src="/assets/landing-start-Kl12.js"></script>');
    expect(html).not.toContain('index-Ab12.js');
    expect(html).not.toContain('modulepreload');
    expect(html).toMatch(/<style data-emotion="css a">.css-a\{\}<\/style>\s*<\/head>/);
  });

  it("starts from the shell's entry and preloads", () => {
    expect(shellModules(INDEX_HTML)).toEqual({ entry: '/assets/index-Ab12.js', preloads: ['/assets/runtime-Ij90.js'] });
    expect(() => shellModules('<html></html>')).toThrow(/entry script/);
  });

  it('has a start script that fetches the app once the page is painted, runs it once used, and replays an early click', async () => {
    const script = prerenderedStartScript('/assets/index-Ab12.js', ['/assets/runtime-Ij90.js', '/assets/LandingPage-Cd34.js']);
    document.body.innerHTML = '<div id="root" data-prerendered><header><button type="button">Switch to light theme</button></header></div>';
    const root = document.getElementById('root') as HTMLElement;
    const button = root.querySelector('button') as HTMLButtonElement;
    let clicks = 0;
    button.addEventListener('click', () => clicks++);
    const imported: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const listeners: [string, EventListener, boolean | AddEventListenerOptions | undefined][] = [];
    new Function(
      'document',
      'addEventListener',
      'removeEventListener',
      'requestAnimationFrame',
      'setTimeout',
      'import_',
      script.replace('import(', 'import_('),
    )(
      document,
      (type: string, listener: EventListener, options?: boolean | AddEventListenerOptions) => {
        listeners.push([type, listener, options]);
        window.addEventListener(type, listener, options);
      },
      (type: string, listener: EventListener, options?: boolean) => window.removeEventListener(type, listener, options),
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
      (url: string) => imported.push(url),
    );
    const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(preloaded()).toEqual([]);
    frames.shift()?.();
    expect(preloaded()).toEqual([]);
    timers.shift()?.();
    expect(preloaded()).toEqual(['/assets/index-Ab12.js', '/assets/runtime-Ij90.js', '/assets/LandingPage-Cd34.js']);
    expect(imported).toEqual([]);

    // The visitor reaches for the theme switch: the app starts, and the click lands before it took over.
    button.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(imported).toEqual(['/assets/index-Ab12.js']);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(imported).toHaveLength(1);
    button.click();
    expect(clicks).toBe(1);
    root.removeAttribute('data-prerendered');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicks).toBe(2);
    button.click();
    expect(clicks).toBe(3);
    for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
    document.head.innerHTML = '';
  });

  it('runs the app at once for someone who chose the light theme, as the page must be drawn anew', () => {
    document.body.innerHTML = '<div id="root" data-prerendered></div>';
    window.localStorage.setItem(THEME_MODE_KEY, 'light');
    const imported: string[] = [];
    try {
      new Function('requestAnimationFrame', 'import_', prerenderedStartScript('/assets/index-Ab12.js', []).replace('import(', 'import_('))(
        () => {},
        (url: string) => imported.push(url),
      );
      expect(imported).toEqual(['/assets/index-Ab12.js']);
    } finally {
      window.localStorage.removeItem(THEME_MODE_KEY);
      document.body.innerHTML = '';
    }
  });

  it('runs the app at once in a window the page was not drawn for, and waits in one it was', () => {
    document.body.innerHTML = '<div id="root" data-prerendered></div>';
    const run = (matches: boolean) => {
      const imported: string[] = [];
      new Function(
        'requestAnimationFrame',
        'matchMedia',
        'import_',
        prerenderedStartScript('/assets/index-Ab12.js', [], '(max-width:1279.95px)').replace('import(', 'import_('),
      )(
        () => {},
        (query: string) => ({ matches: matches && query === '(max-width:1279.95px)' }),
        (url: string) => imported.push(url),
      );
      return imported;
    };
    try {
      expect(run(false)).toEqual(['/assets/index-Ab12.js']);
      expect(run(true)).toEqual([]);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('fails the build when index.html no longer has what it replaces', () => {
    const page = { html: '<main></main>', styles: '' };
    expect(() => landingDocument(INDEX_HTML.replace(/<link rel="preload"[^>]*>/, ''), page, '/start.js')).toThrow(/preload of \/api\/me/);
    expect(() => landingDocument(INDEX_HTML.replace('<div id="root">', '<div id="app">'), page, '/start.js')).toThrow(/#root/);
  });

  it("preloads the page's chunk and its imports, once each, without the shell's files", () => {
    const manifest = {
      'src/main.tsx': { file: 'assets/index-Ab12.js', imports: [] },
      'src/features/landing/LandingPage.tsx': { file: 'assets/LandingPage-Cd34.js', imports: ['src/main.tsx', '_Chat.js', '_Lock.js'] },
      '_Chat.js': { file: 'assets/Chat-Ef56.js', imports: ['_Lock.js'] },
      '_Lock.js': { file: 'assets/Lock-Gh78.js' },
    };
    expect(pageChunkFiles(manifest, 'src/features/landing/LandingPage.tsx', new Set(['assets/index-Ab12.js']))).toEqual([
      'assets/LandingPage-Cd34.js',
      'assets/Chat-Ef56.js',
      'assets/Lock-Gh78.js',
    ]);
    expect(() => pageChunkFiles(manifest, 'src/features/landing/Missing.tsx', new Set())).toThrow(/no src\/features\/landing\/Missing.tsx/);
  });
});

describe("the server render's styles", () => {
  it("become the style elements emotion adopts: globals one by one, then every class under the cache's key", () => {
    const cache = {
      key: 'css',
      inserted: { global1: 'html{color:red;}', abc: '.css-abc{margin:0;}', def: '.css-def{padding:0;}', seen: true as const },
      registered: { 'css-abc': 'margin:0;', 'css-def': 'padding:0;' },
    };
    expect(emotionStyleTags(cache)).toBe(
      '<style data-emotion="css-global global1">html{color:red;}</style><style data-emotion="css abc def">.css-abc{margin:0;}.css-def{padding:0;}</style>',
    );
  });

  it('refuses a style that would close its element', () => {
    expect(() => emotionStyleTags({ key: 'css', inserted: { x: '.css-x{content:"</style>"}' }, registered: { 'css-x': '' } })).toThrow(
      /end its <style>/,
    );
  });
});
