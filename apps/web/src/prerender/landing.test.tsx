// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderLanding } from './landing';

// Run as at build time: no window, no document.
describe("the landing page's prerender", () => {
  it('draws the whole page with its styles, inside the boundary the app hydrates', async () => {
    const { html, styles } = await renderLanding();
    expect(html.replace(/<[^>]*>/g, '')).toContain('Your work is worth gold.');
    expect(html).toMatch(/^(<link [^>]*>)*<!--\$-->/);
    expect(html).toContain('href="/auth/register"');
    expect(html.match(/<[a-z]+[\s>]/g)?.length).toBeGreaterThan(50);
    expect(styles).toMatch(/<style data-emotion="css [\w -]+">[^<]*\.css-/);
  });
});
