import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../app/theme/theme';
import { fillHomeDocument, HOME_DRAWN_FOR, homeTemplate } from './home-document';

const INDEX_HTML = `<!doctype html><html><head><title>Aurum</title>
    <!-- Who is signed in decides every first page. -->
    <link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" />
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
  </head><body><div id="root"><div class="splash">Aurum</div></div></body></html>`;

describe("the home page's document", () => {
  it('is filled with the page, its styles and its answers, taking `$` in them literally', () => {
    const html = fillHomeDocument(
      homeTemplate(INDEX_HTML, '/assets/home-start-Kl12.js'),
      { html: '<main>Costs $5, or $& and $1</main>', styles: '<style data-emotion="css a">.css-a{}</style>' },
      { '/feed': { items: [{ text: '$` and </script><!-- here' }] } },
    );
    expect(html).toContain('<div id="root" data-prerendered><main>Costs $5, or $& and $1</main></div>');
    expect(html).toContain('<style data-emotion="css a">.css-a{}</style>');
    expect(html).toContain(
      '<script type="application/json" id="api-answers">{"/feed":{"items":[{"text":"$` and \\u003c/script>\\u003c!-- here"}]}}</script>',
    );
    expect(html).toContain('<script defer src="/assets/home-start-Kl12.js"></script>');
    expect(html).not.toContain('/api/me');
    expect(html).not.toContain('index-Ab12.js');
  });

  it('refuses a template without its marks', () => {
    expect(() => fillHomeDocument(INDEX_HTML, { html: '', styles: '' }, {})).toThrow(/not a home document template/);
  });

  it("is drawn for the windows below the theme's lg breakpoint, where the menu layout has its bottom bar", () => {
    expect(`@media ${HOME_DRAWN_FOR}`).toBe(createAppTheme('dark').breakpoints.down('lg'));
  });
});
