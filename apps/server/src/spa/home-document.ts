import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where the web build puts what the server renders with (the web app's prerender plugin): never sent. */
const SERVER_RENDER_DIR = '.server';

type RenderHomeDocument = (template: string, answers: { me: unknown; feed: unknown }) => Promise<string | null>;

/**
 * A phone's browser: the home page is rendered for a phone's window (the bottom bar); a wider
 * one gets the app's own first render. Chromium says so in a client hint, every browser in its
 * user agent (which an emulated phone may change alone).
 */
export function isPhone(headers: FastifyRequest['headers']): boolean {
  return headers['sec-ch-ua-mobile'] === '?1' || /\b(Mobi|iPhone|iPod|Android.+Mobile)\b/.test(headers['user-agent'] ?? '');
}

/**
 * The home page rendered on the server for a signed-in member on a phone: the page with its
 * first cards in the document, painted before any script runs, and the API's answers it was
 * drawn from, which the app then starts from. The answers are the API's own: asked of this
 * server (`inject`) with the member's cookie, through the same routes, checks and serializers
 * as the browser's requests. The web build's server render (`.server/home.mjs`) is loaded once
 * the server listens, in the background (about 25 MiB held, 130 ms of work), so the first member
 * after a start does not wait for it: their page's render alone takes about 50 ms.
 */
export class HomeDocument {
  private renderer: Promise<{ render: RenderHomeDocument; template: string }> | undefined;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly serverDir: string,
  ) {}

  /** The home document of this build, or null when the build has no server render. */
  static of(app: FastifyInstance, distDir: string): HomeDocument | null {
    const serverDir = path.join(distDir, SERVER_RENDER_DIR);
    return existsSync(path.join(serverDir, 'home.mjs')) ? new HomeDocument(app, serverDir) : null;
  }

  /**
   * The document for this request, or null when the page is better left to the app: a failed
   * answer (an expired session), a member the app would send elsewhere (unfinished registration),
   * or a render that failed (logged; the app then draws the page itself).
   */
  async render(request: FastifyRequest): Promise<string | null> {
    try {
      const [me, feed] = await Promise.all([this.answer(request, '/api/me'), this.answer(request, '/api/feed')]);
      if (me === null || feed === null) return null;
      const { render, template } = await this.load();
      return await render(template, { me, feed });
    } catch (error) {
      request.log.error({ err: error }, 'the home page could not be rendered on the server');
      return null;
    }
  }

  /** Loads the server render now, so no request waits for it; a failure is logged, and tried again by the first render. */
  prepare(): void {
    this.load().catch((error: unknown) => {
      this.renderer = undefined;
      this.app.log.error({ err: error }, 'the home page renderer could not be loaded');
    });
  }

  private async answer(request: FastifyRequest, url: string): Promise<unknown> {
    const response = await this.app.inject({
      method: 'GET',
      url,
      // As the browser would ask: the member's session, from the member's address (rate limits).
      headers: { cookie: request.headers.cookie ?? '', 'user-agent': request.headers['user-agent'] ?? '', accept: 'application/json' },
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? response.json() : null;
  }

  private load() {
    this.renderer ??= (async () => {
      const [module, template] = await Promise.all([
        import(pathToFileURL(path.join(this.serverDir, 'home.mjs')).href) as Promise<{ renderHomeDocument: RenderHomeDocument }>,
        readFile(path.join(this.serverDir, 'home.html'), 'utf8'),
      ]);
      return { render: module.renderHomeDocument, template };
    })();
    return this.renderer;
  }
}
