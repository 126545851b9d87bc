// @vitest-environment node
import type { FeedItem, FeedPage } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ANSWERS_ID } from '../lib/api/document-answers';
import { makeUser, newUser } from '../test/api-mock';
import { lockedPost, makeMedia, makePost } from '../test/post-fixtures';
import { renderHomeDocument } from './home';
import { homeTemplate } from './home-document';

// Run as on the server: no window, no document.
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Aurum</title>
    <!-- Who is signed in decides every first page. -->
    <link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head><body><div id="root"><div class="splash"><img src="/favicon.svg" alt="" />Aurum</div></div></body></html>`;
const template = homeTemplate(INDEX_HTML, '/assets/home-start-Kl12.js');

const member = makeUser({ publicName: 'Ada Lovelace' });
const item = (post: ReturnType<typeof makePost>): FeedItem => ({ ...post, sneakPeek: false });
const feed: FeedPage = {
  items: [
    item(makePost({ id: 'p1', text: 'Morning light </script><script>alert(1)</script> in the $& studio' })),
    item(lockedPost({ id: 'p2' })),
    item(makePost({ id: 'p3', text: 'Gilding the frame', media: [makeMedia({ urls: { thumb: '/api/posts/p3/media/0/thumb?v=1' } })] })),
    item(makePost({ id: 'p4', text: 'Drawn once the app runs' })),
  ],
  nextCursor: 'next',
};

const answersIn = (html: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${DOCUMENT_ANSWERS_ID}">(.*?)</script>`).exec(html)?.[1] ?? 'null');

describe("the home page's server render", () => {
  it('draws the first screen of the feed inside the menu layout, with its styles, and carries the answers it came from', async () => {
    const html = (await renderHomeDocument(template, { me: member, feed })) as string;
    // React separates adjacent texts with empty comments, which the browser does not show.
    const root = html.slice(html.indexOf('<div id="root" data-prerendered>')).replaceAll('<!-- -->', '');
    expect(root).toContain('<h1 class="MuiTypography-root MuiTypography-h1');
    expect(root).toContain('Welcome, Ada Lovelace.');
    expect(root).toContain('aria-label="Your feed"');
    // The app's first render draws three cards, the rest in later tasks: so does the server.
    expect(root).toContain('Morning light');
    expect(root).toContain('id="feed-post-p2"');
    expect(root).toContain('Gilding the frame');
    expect(root).not.toContain('Drawn once the app runs');
    expect(root).toContain('aria-label="Account"');
    expect(root).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(html).toMatch(/<style data-emotion="css [\w -]+">[^<]*\.css-/);
    expect(html).toContain('<script defer src="/assets/home-start-Kl12.js"></script>');
    expect(answersIn(html)).toEqual({ '/me': member, '/feed': feed });
  });

  it("keeps a member's text inert: escaped in the markup, unable to close the answers' element", async () => {
    const html = (await renderHomeDocument(template, { me: member, feed })) as string;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('Morning light &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; in the $&amp; studio');
  });

  it('shows only the media URLs the API answered: a locked post its blurred versions alone', async () => {
    const html = (await renderHomeDocument(template, { me: member, feed })) as string;
    const markup = html.slice(html.indexOf('<div id="root"'));
    const answered = JSON.stringify(feed);
    const shown = [...markup.matchAll(/\/api\/posts\/[^"'\s)]+/g)].map((match) => match[0].replaceAll('&amp;', '&'));
    expect(shown.length).toBeGreaterThan(0);
    for (const url of shown) expect(answered).toContain(url);
    expect(markup).not.toMatch(/\/api\/posts\/p2\/media\/0\/(playable|thumb|poster|original)/);
  });

  it('leaves a member the app would send elsewhere to the app', async () => {
    expect(await renderHomeDocument(template, { me: newUser(), feed })).toBeNull();
  });
});
